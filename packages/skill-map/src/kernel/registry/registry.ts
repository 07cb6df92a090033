// createRegistry(): the one way to build an ExtensionRegistry. Built-ins register through it exactly like a drop-in
// plugin (see core-plugins.ts); the result is frozen and passed in, never a module-level mutable singleton.
import type { Analyzer } from '../analyzers/analyzer.js';
import type { Extractor } from '../extractors/extractor.js';
import type { Provider } from '../providers/provider.js';
import {
  DUAL_MODE_KINDS,
  EXTENSION_KINDS,
  type ExtensionEntry,
  type ExtensionInput,
  type ExtensionKind,
  type ExtensionRegistry,
  type Formatter,
  type PluginDescriptor,
  type RegistrationError,
} from './types.js';

const ID = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/** Accumulates plugins and their extensions, then freezes them into an {@link ExtensionRegistry}. */
export interface RegistryBuilder {
  /**
   * Registers a plugin and its extensions. An extension whose id collides with one already registered (qualified id;
   * for analyzers also the short id issues carry; for formatters the format), claims another plugin's namespace or
   * declares a mode its kind does not allow is refused: it is returned as an error and left out, the others register.
   */
  register(plugin: PluginDescriptor, extensions: readonly ExtensionInput[]): RegistrationError[];
  /** True when a plugin of this id is registered. */
  has(pluginId: string): boolean;
  build(): ExtensionRegistry;
}

/** A new, empty registry builder. */
export function createRegistry(): RegistryBuilder {
  const plugins: PluginDescriptor[] = [];
  const entries: ExtensionEntry[] = [];
  const byId = new Map<string, ExtensionEntry>();
  const analyzerShort = new Map<string, string>();
  const formats = new Map<string, string>();
  let built: ExtensionRegistry | null = null;

  const refuse = (
    plugin: PluginDescriptor,
    ext: ExtensionInput,
    code: RegistrationError['code'],
    message: string,
  ): RegistrationError => ({ pluginId: plugin.id, extensionId: ext.id, code, message });

  function check(plugin: PluginDescriptor, ext: ExtensionInput): RegistrationError | ExtensionEntry {
    const slash = ext.id.indexOf('/');
    const ns = slash === -1 ? plugin.id : ext.id.slice(0, slash);
    const shortId = slash === -1 ? ext.id : ext.id.slice(slash + 1);
    if (!ID.test(shortId))
      return refuse(plugin, ext, 'invalid-id', `extension id '${ext.id}' is not kebab-case`);
    if (ns !== plugin.id)
      return refuse(
        plugin,
        ext,
        'foreign-namespace',
        `'${ext.id}' is not in plugin '${plugin.id}''s namespace`,
      );
    if (ext.mode === 'probabilistic' && !DUAL_MODE_KINDS.has(ext.kind))
      return refuse(plugin, ext, 'invalid-mode', `a ${ext.kind} is deterministic only`);
    const qualifiedId = `${plugin.id}/${shortId}`;
    const taken = byId.get(qualifiedId);
    if (taken !== undefined)
      return refuse(plugin, ext, 'id-collision', `'${qualifiedId}' is already registered (a ${taken.kind})`);
    if (ext.kind === 'analyzer' && ext.mode === 'deterministic') {
      const owner = analyzerShort.get(shortId);
      if (owner !== undefined)
        return refuse(plugin, ext, 'id-collision', `analyzer id '${shortId}' is already used by '${owner}'`);
    }
    if (ext.kind === 'formatter') {
      const owner = formats.get(ext.impl.format);
      if (owner !== undefined)
        return refuse(
          plugin,
          ext,
          'id-collision',
          `format '${ext.impl.format}' is already served by '${owner}'`,
        );
    }
    return { ...ext, qualifiedId, pluginId: plugin.id, shortId };
  }

  return {
    register(plugin, extensions) {
      if (built !== null) throw new Error('registry already built');
      if (plugins.some((p) => p.id === plugin.id))
        return [
          {
            pluginId: plugin.id,
            extensionId: '*',
            code: 'id-collision',
            message: `a plugin '${plugin.id}' is already registered`,
          },
        ];
      plugins.push(plugin);
      const errors: RegistrationError[] = [];
      for (const ext of extensions) {
        const result = check(plugin, ext);
        if ('code' in result) {
          errors.push(result);
          continue;
        }
        entries.push(result);
        byId.set(result.qualifiedId, result);
        if (result.kind === 'analyzer' && result.mode === 'deterministic')
          analyzerShort.set(result.shortId, result.qualifiedId);
        if (result.kind === 'formatter') formats.set(result.impl.format, result.qualifiedId);
      }
      return errors;
    },
    has: (pluginId) => plugins.some((p) => p.id === pluginId),
    build() {
      built ??= freeze(plugins, entries);
      return built;
    },
  };
}

function freeze(plugins: readonly PluginDescriptor[], entries: readonly ExtensionEntry[]): ExtensionRegistry {
  const kinds = new Map<ExtensionKind, ExtensionEntry[]>(EXTENSION_KINDS.map((k) => [k, []]));
  for (const e of entries) kinds.get(e.kind)!.push(e);
  const det = (kind: ExtensionKind): unknown[] =>
    kinds.get(kind)!.flatMap((e) => (e.mode === 'deterministic' ? [e.impl] : []));
  const providers = Object.freeze(det('provider')) as readonly Provider[];
  const extractors = Object.freeze(det('extractor')) as readonly Extractor[];
  const analyzers = Object.freeze(det('analyzer')) as readonly Analyzer[];
  const formatters = Object.freeze(det('formatter')) as readonly Formatter[];
  const byId = new Map(entries.map((e) => [e.qualifiedId, e]));
  const byFormat = new Map(formatters.map((f) => [f.format, f]));
  const keyOf = (list: readonly ExtensionEntry[]): string =>
    list.map((e) => `${e.qualifiedId}@${e.version}`).join(',');
  const fileKey = keyOf([...kinds.get('provider')!, ...kinds.get('extractor')!]);
  const graphKey = keyOf(kinds.get('analyzer')!.filter((e) => e.mode === 'deterministic'));
  const frozenPlugins = Object.freeze(plugins.map((p) => Object.freeze({ ...p })));
  const frozenEntries = Object.freeze([...entries]);
  return Object.freeze({
    plugins: () => frozenPlugins,
    all: () => frozenEntries,
    ofKind: (kind: ExtensionKind) => kinds.get(kind) ?? [],
    get: (id: string) => byId.get(id),
    providers: () => providers,
    extractors: () => extractors,
    analyzers: () => analyzers,
    formatters: () => formatters,
    formatter: (format: string) => byFormat.get(format),
    fileKey,
    graphKey,
    toJSON: () => `${fileKey}|${graphKey}`,
  });
}
