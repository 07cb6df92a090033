import { BUILTIN_DEFINITIONS } from './builtin/index.js';
import type { DropIns } from './drop-ins.js';
import { EngineError } from '../errors.js';
import { isEnabled } from './enable-state.js';
import { resolveExtension } from './resolve.js';
import type { ExtensionCatalog, ExtensionInfo, ProbExtension } from './types.js';

/** The built-in probabilistic extensions (spec §4.2): finders, their fixers, issue fixers, summarizer, tagger. */
export const BUILTIN_EXTENSIONS: readonly ProbExtension[] = BUILTIN_DEFINITIONS;

/** A catalog over a set of definitions (the built-ins in production; tests may pass their own real definitions). */
export function createExtensionCatalog(
  defs: readonly ProbExtension[] = BUILTIN_EXTENSIONS,
): ExtensionCatalog {
  const byId = new Map(defs.map((d) => [d.id, d]));
  return {
    all: () => defs,
    get: (id) => byId.get(id),
    listEnabled: (config) =>
      defs
        .filter((d) => d.locked !== true && isEnabled(d, config))
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    resolve: (input, config) => resolveExtension(input, defs, config),
  };
}

/**
 * The catalog of one project: the built-ins plus the finders of its trusted, enabled drop-in plugins, reloaded by
 * each `refresh` (the engines call it per operation, so trusting, enabling or editing a plugin applies on the next
 * call of a long-lived server too). `load` is the loader (engines/extensions/drop-ins.ts in production).
 */
export function createProjectCatalog(
  load: (config: Readonly<Record<string, unknown>>) => Promise<DropIns>,
  builtIns: readonly ProbExtension[] = BUILTIN_EXTENSIONS,
): ExtensionCatalog {
  let current = createExtensionCatalog(builtIns);
  let unloaded: DropIns['unloaded'] = [];
  let hooks: DropIns['hooks'] = [];
  return {
    all: () => current.all(),
    get: (id) => current.get(id),
    listEnabled: (config) => current.listEnabled(config),
    resolve(input, config) {
      try {
        return current.resolve(input, config);
      } catch (err) {
        throw unloadedPluginError(err, input, unloaded);
      }
    },
    async refresh(config) {
      const dropIns = await load(config);
      // A drop-in can never shadow a built-in: the loader refuses a plugin whose id a built-in has.
      current = createExtensionCatalog([...builtIns, ...dropIns.finders]);
      unloaded = dropIns.unloaded;
      hooks = dropIns.hooks;
    },
    hooks: () => hooks,
  };
}

/** A `not-found` for `<plugin>/<name>` of a drop-in that did not load says why (untrusted, disabled, load error). */
function unloadedPluginError(err: unknown, input: string, unloaded: DropIns['unloaded']): unknown {
  if (!(err instanceof EngineError) || err.code !== 'not-found') return err;
  const id = input.trim().replace(/^(action|analyzer):/, '');
  const plugin = unloaded.find((p) => id.startsWith(`${p.id}/`));
  if (plugin === undefined) return err;
  return new EngineError(
    'not-found',
    `${id} cannot be submitted: its plugin '${plugin.id}' is ${plugin.status} (${plugin.reason})`,
    { details: { extension: id, plugin: plugin.id, status: plugin.status }, cause: err },
  );
}

/** The `list_extensions` projection of a definition (analyzerIds only for fixers). */
export function toExtensionInfo(def: ProbExtension): ExtensionInfo {
  return {
    id: def.id,
    kind: def.kind,
    role: def.role,
    description: def.description,
    ...(def.role === 'fixer' && def.analyzerIds !== undefined && def.analyzerIds.length > 0
      ? { analyzerIds: [...def.analyzerIds] }
      : {}),
  };
}
