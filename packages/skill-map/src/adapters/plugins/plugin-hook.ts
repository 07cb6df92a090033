// A plugin's hook: `triggers` (the curated lifecycle events) and an optional `filter` checked at load, `on(ctx)`
// called in the plugin's worker with `{ trigger, payload }`. It is told, it changes nothing; a throw is the caller's
// to report (one warning), never a failed operation.
import { HOOK_TRIGGERS, type Hook, type HookTrigger } from '../../kernel/index.js';
import { PluginLoadError } from './plugin-errors.js';
import type { Invoke } from './export-values.js';

export function pluginHook(
  ext: Readonly<Record<string, unknown>>,
  id: string,
  hasOn: boolean,
  invoke: Invoke,
): Hook {
  if (!hasOn) throw new PluginLoadError(`hook '${id}' has no on(ctx)`);
  const triggers = ext['triggers'];
  if (!Array.isArray(triggers) || triggers.length === 0)
    throw new PluginLoadError(`hook '${id}': triggers must list at least one of ${HOOK_TRIGGERS.join(', ')}`);
  const unknown = triggers.filter((t) => !(HOOK_TRIGGERS as readonly unknown[]).includes(t));
  if (unknown.length > 0)
    throw new PluginLoadError(
      `hook '${id}': ${JSON.stringify(unknown[0])} is not a hookable trigger (${HOOK_TRIGGERS.join(', ')})`,
    );
  const filter = ext['filter'];
  if (filter !== undefined && (filter === null || typeof filter !== 'object' || Array.isArray(filter)))
    throw new PluginLoadError(`hook '${id}': filter must be an object of payload fields and values`);
  return {
    id,
    triggers: [...new Set(triggers as HookTrigger[])],
    filter: (filter as Record<string, unknown> | undefined) ?? null,
    on: (event) => void invoke('on', [event]),
  };
}
