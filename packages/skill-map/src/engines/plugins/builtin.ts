// The built-in plugins of this build: the kernel's (`core`, `claude`, `codex`) with the engines' probabilistic
// extensions added to `core`. They register through the same registry as a drop-in plugin.
import { kernelBuiltinPlugins, type BuiltinPlugin } from '../../kernel/index.js';
import { BUILTIN_EXTENSIONS } from '../extensions/catalog.js';

/** Fresh descriptors and extension lists of the built-in plugins. */
export function builtinPlugins(): BuiltinPlugin[] {
  const plugins = kernelBuiltinPlugins();
  const core = plugins.find((p) => p.descriptor.id === 'core')!;
  for (const def of BUILTIN_EXTENSIONS)
    core.extensions.push({
      kind: def.kind,
      mode: 'probabilistic',
      id: def.id,
      version: def.version,
      description: def.description,
      impl: def,
    });
  return plugins;
}
