// The built-in plugins of this build: the kernel's (`core`, `claude`, `codex`) with the engines' probabilistic
// extensions added to `core`. They register through the same registry as a drop-in plugin.
import { kernelBuiltinPlugins, type BuiltinPlugin } from '../../kernel/index.js';
import { BUILTIN_ACTIONS } from '../actions/builtin.js';

/**
 * Fresh descriptors and extension lists of the built-in plugins. `probabilistic: false` leaves the probabilistic
 * extensions out (a scan never runs them; their prompts and schemas are not even loaded).
 */
export async function builtinPlugins(probabilistic = true): Promise<BuiltinPlugin[]> {
  const plugins = kernelBuiltinPlugins();
  const core = plugins.find((p) => p.descriptor.id === 'core')!;
  for (const a of BUILTIN_ACTIONS)
    core.extensions.push({
      kind: 'action',
      mode: 'deterministic',
      id: a.action.id,
      version: a.version,
      description: a.description,
      defaultEnabled: a.defaultEnabled,
      impl: a.action,
    });
  if (!probabilistic) return plugins;
  const { BUILTIN_EXTENSIONS } = await import('../extensions/catalog.js');
  for (const def of BUILTIN_EXTENSIONS)
    core.extensions.push({
      kind: def.kind,
      mode: 'probabilistic',
      id: def.id,
      version: def.version,
      description: def.description,
      ...(def.defaultEnabled === false ? { defaultEnabled: false } : {}),
      impl: def,
    });
  return plugins;
}
