// Tells the registry's hooks of one lifecycle event. A hook is told, never asked: what it answers is ignored, and a
// hook that throws or hangs becomes one warning for the caller to print, never a failed operation.
import type { ExtensionRegistry, Hook, HookTrigger } from '../../kernel/index.js';

/** The hooks subscribed to `trigger` whose filter the payload passes. */
function listening(
  registry: ExtensionRegistry,
  trigger: HookTrigger,
  payload: Record<string, unknown>,
): Hook[] {
  const hooks: Hook[] = [];
  for (const entry of registry.ofKind('hook')) {
    if (entry.kind !== 'hook') continue;
    const hook = entry.impl;
    if (!hook.triggers.includes(trigger)) continue;
    const filter = hook.filter ?? {};
    if (Object.entries(filter).every(([k, v]) => payload[k] === v)) hooks.push(hook);
  }
  return hooks;
}

/** Calls each listening hook's `on({ trigger, payload })`; the warnings of those that failed. */
export function fireHooks(
  registry: ExtensionRegistry,
  trigger: HookTrigger,
  payload: Record<string, unknown>,
): string[] {
  const warnings: string[] = [];
  for (const hook of listening(registry, trigger, payload)) {
    try {
      hook.on({ trigger, payload });
    } catch (error) {
      warnings.push(`hook '${hook.id}' failed on ${trigger}: ${(error as Error).message.slice(0, 300)}`);
    }
  }
  return warnings;
}
