// Tells hooks of one lifecycle event. A hook is told, never asked: what it answers is ignored, and a hook that throws
// or hangs is one fault for the caller to report in its own channel (a warning line, an extension.error event), never
// a failed operation.
import type { ExtensionRegistry, Hook, HookTrigger } from '../../kernel/index.js';

/** The hooks of a registry. */
export function hooksOf(registry: ExtensionRegistry): Hook[] {
  return registry.ofKind('hook').flatMap((entry) => (entry.kind === 'hook' ? [entry.impl] : []));
}

/** One hook that failed: its id, the trigger and what went wrong. */
export interface HookFault {
  readonly hook: string;
  readonly trigger: HookTrigger;
  readonly error: string;
}

/** Calls `on({ trigger, payload })` of each hook subscribed to `trigger` whose filter the payload passes. */
export function tellHooks(
  hooks: readonly Hook[],
  trigger: HookTrigger,
  payload: Record<string, unknown>,
): HookFault[] {
  const faults: HookFault[] = [];
  for (const hook of hooks) {
    if (!hook.triggers.includes(trigger)) continue;
    if (!Object.entries(hook.filter ?? {}).every(([k, v]) => payload[k] === v)) continue;
    try {
      hook.on({ trigger, payload });
    } catch (error) {
      faults.push({ hook: hook.id, trigger, error: (error as Error).message.slice(0, 300) });
    }
  }
  return faults;
}

/** A fault as the warning line a scan prints. */
const warningOf = (f: HookFault): string => `hook '${f.hook}' failed on ${f.trigger}: ${f.error}`;

/** `tellHooks`, each fault as a warning line. */
export function hookWarnings(
  hooks: readonly Hook[],
  trigger: HookTrigger,
  payload: Record<string, unknown>,
): string[] {
  return tellHooks(hooks, trigger, payload).map(warningOf);
}

/** `hookWarnings` over a registry's hooks. */
export function fireHooks(
  registry: ExtensionRegistry,
  trigger: HookTrigger,
  payload: Record<string, unknown>,
): string[] {
  return hookWarnings(hooksOf(registry), trigger, payload);
}

/**
 * After a scan's walk and its issues: `extractor.completed` ({ extractorId }) once per registered extractor, then
 * `analyzer.completed` ({ analyzerId }) once per deterministic analyzer (the ones a scan runs), qualified ids. Each
 * fault as a warning line; nothing is done when no hook listens to either.
 */
export function firePerExtensionHooks(registry: ExtensionRegistry): string[] {
  const hooks = hooksOf(registry).filter(
    (h) => h.triggers.includes('extractor.completed') || h.triggers.includes('analyzer.completed'),
  );
  if (hooks.length === 0) return [];
  const lines: string[] = [];
  for (const e of registry.ofKind('extractor'))
    lines.push(...hookWarnings(hooks, 'extractor.completed', { extractorId: e.qualifiedId }));
  for (const e of registry.ofKind('analyzer'))
    if (e.mode === 'deterministic')
      lines.push(...hookWarnings(hooks, 'analyzer.completed', { analyzerId: e.qualifiedId }));
  return lines;
}
