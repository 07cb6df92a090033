// Builds the registry a scan, verb or route runs: the built-in plugins, then the drop-in plugins the user trusts,
// under the enable cascade (`plugins.<id>.enabled`, then `plugins.<id>.extensions.<ext>.enabled`), `--no-built-ins`
// and `--no-plugins`. An untrusted, disabled or incompatible plugin's code is never imported.
import { SPEC_VERSION } from '@skill-map/spec';
import {
  discoverPlugins,
  pluginRoots,
  type FoundPlugin,
  type PluginManifest,
} from '../../adapters/plugins/discover.js';
import { importExtensions, PluginLoadError } from '../../adapters/plugins/load-module.js';
import { SLOT_CATALOG_DOC, UiMapError } from '../../adapters/plugins/ui-contributions.js';
import { pluginTimeoutMs } from '../../adapters/plugins/plugin-host.js';
import { satisfies } from '../../adapters/plugins/semver-range.js';
import { isTrusted, readTrust } from '../../adapters/plugins/trust-store.js';
import {
  createRegistry,
  type ExtensionInput,
  type ExtensionRegistry,
  type PluginSource,
  type RegistryBuilder,
} from '../../kernel/index.js';
import { builtinPlugins } from './builtin.js';
import type { PluginExtensionState, PluginState, PluginStatus, UnloadedExtension } from './types.js';

/** What to load. */
export interface PluginLoadOptions {
  readonly projectRoot: string;
  /** The merged layered config (`plugins.*` keys). */
  readonly config: Readonly<Record<string, unknown>>;
  /** `--no-built-ins` passes false. */
  readonly builtIns?: boolean;
  /** `--no-plugins` passes false. */
  readonly dropIns?: boolean;
  readonly env?: NodeJS.ProcessEnv;
  /** False: leave the built-in probabilistic extensions out (what a scan loads). Default true. */
  readonly probabilistic?: boolean;
}

/** The registry and the state of every plugin found. */
export interface LoadedPlugins {
  readonly registry: ExtensionRegistry;
  readonly plugins: readonly PluginState[];
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function pluginSettings(config: Readonly<Record<string, unknown>>, id: string): Record<string, unknown> {
  const plugins = config['plugins'];
  const entry = isRecord(plugins) && Object.hasOwn(plugins, id) ? plugins[id] : undefined;
  return isRecord(entry) ? entry : {};
}

/** `plugins.<id>.enabled` (true unless explicitly false). */
export function pluginEnabled(config: Readonly<Record<string, unknown>>, id: string): boolean {
  return pluginSettings(config, id)['enabled'] !== false;
}

/**
 * `plugins.<plugin>.extensions.<ext>.enabled`: an explicit boolean wins, else the extension's default (true unless
 * it ships default-disabled); the plugin's own switch set to false wins over both.
 */
export function extensionEnabled(
  config: Readonly<Record<string, unknown>>,
  qualifiedId: string,
  byDefault = true,
): boolean {
  const slash = qualifiedId.indexOf('/');
  const settings = pluginSettings(config, qualifiedId.slice(0, slash));
  if (settings['enabled'] === false) return false;
  const exts = settings['extensions'];
  const ext =
    isRecord(exts) && Object.hasOwn(exts, qualifiedId.slice(slash + 1))
      ? exts[qualifiedId.slice(slash + 1)]
      : undefined;
  const flag = isRecord(ext) ? ext['enabled'] : undefined;
  return typeof flag === 'boolean' ? flag : byDefault;
}

function extensionStates(
  pluginId: string,
  exts: readonly ExtensionInput[],
  config: Readonly<Record<string, unknown>>,
  on: boolean,
): PluginExtensionState[] {
  return exts.map((e) => {
    const id = e.id.includes('/') ? e.id : `${pluginId}/${e.id}`;
    return {
      id,
      kind: e.kind,
      mode: e.mode,
      version: e.version,
      description: e.description,
      enabled: on && extensionEnabled(config, id, e.defaultEnabled !== false),
    };
  });
}

/** Registers the enabled extensions of a plugin (deterministic ones switched off stay out, actions excepted). */
function register(
  builder: RegistryBuilder,
  descriptor: Parameters<RegistryBuilder['register']>[0],
  exts: readonly ExtensionInput[],
  config: Readonly<Record<string, unknown>>,
): string[] {
  const on = exts.filter((e) => {
    const id = e.id.includes('/') ? e.id : `${descriptor.id}/${e.id}`;
    // Actions never run in a scan: they register switched off too (their manifest stays readable) and the action
    // engine checks the switch on every dispatch.
    return (
      e.mode === 'probabilistic' ||
      e.kind === 'action' ||
      extensionEnabled(config, id, e.defaultEnabled !== false)
    );
  });
  return builder.register(descriptor, on).map((e) => e.message);
}

function state(
  found: FoundPlugin | null,
  base: { id: string; source: PluginSource; version: string | null; description?: string },
  status: PluginStatus,
  statusReason: string | null,
  trusted: boolean,
  extensions: PluginExtensionState[] = [],
): PluginState {
  const manifest: PluginManifest | undefined = found?.manifest.ok === true ? found.manifest.value : undefined;
  return {
    id: base.id,
    path: found?.dir ?? null,
    source: base.source,
    version: base.version,
    ...(base.description !== undefined ? { description: base.description } : {}),
    ...(manifest !== undefined ? { manifest } : {}),
    status,
    statusReason,
    trusted,
    extensions,
    ...(found !== null && found.contributionErrors.length > 0
      ? { contributionErrors: [...found.contributionErrors] }
      : {}),
  };
}

/** A `ui` map off the slot catalog: the plugin is invalid-manifest, none of its extensions registers. */
function uiMapInvalid(found: FoundPlugin, base: Parameters<typeof state>[1], problem: string): PluginState {
  return state(
    found,
    base,
    'invalid-manifest',
    `${problem}. See ${SLOT_CATALOG_DOC} for the slot catalog`,
    true,
  );
}

async function loadDropIn(
  found: FoundPlugin,
  builder: RegistryBuilder,
  opts: PluginLoadOptions,
  grants: ReturnType<typeof readTrust>,
  claimed: Set<string>,
): Promise<PluginState> {
  if (!found.manifest.ok)
    return state(
      found,
      { id: found.id, source: found.source, version: null },
      'invalid-manifest',
      found.manifest.reason,
      false,
    );
  const m = found.manifest.value;
  const base = {
    id: m.id,
    source: found.source,
    version: m.version,
    ...(m.description ? { description: m.description } : {}),
  };
  const trusted = isTrusted(grants, m.id, m.version, found.source);
  if (claimed.has(m.id) || builder.has(m.id))
    return state(found, base, 'id-collision', `another plugin already has the id '${m.id}'`, trusted);
  claimed.add(m.id);
  if (!satisfies(SPEC_VERSION, m.specCompat))
    return state(
      found,
      base,
      'incompatible-spec',
      `specCompat '${m.specCompat}' excludes spec ${SPEC_VERSION}`,
      trusted,
    );
  if (opts.dropIns === false)
    return state(found, base, 'disabled', 'drop-in plugins are off (--no-plugins)', trusted);
  if (!pluginEnabled(opts.config, m.id))
    return state(found, base, 'disabled', `switched off (plugins.${m.id}.enabled is false)`, trusted);
  if (!trusted)
    return state(
      found,
      base,
      'untrusted',
      `not trusted in this project at version ${m.version}: its code was not loaded (run \`sm plugins trust ${m.id}\`)`,
      false,
    );
  // The folder layout: an extension its extension.json (or the operator) switches off is never imported.
  const declared = found.declared?.filter((d) =>
    extensionEnabled(opts.config, `${m.id}/${d.id}`, d.defaultEnabled),
  );
  const unloaded: UnloadedExtension[] = (found.declared ?? [])
    .filter((d) => !declared!.includes(d))
    .map((d) => ({ id: d.id, kind: d.kind, stability: d.stability, reason: 'extension-disabled' }));
  const withUnloaded = (s: PluginState): PluginState =>
    found.declared === undefined ? s : { ...s, unloadedExtensions: unloaded };
  let exts: ExtensionInput[];
  try {
    exts = await importExtensions(found.dir, m, pluginTimeoutMs(opts.env), found.contributions, declared);
  } catch (error) {
    if (error instanceof UiMapError) return withUnloaded(uiMapInvalid(found, base, error.message));
    const reason = error instanceof PluginLoadError ? error.message : `failed to load: ${String(error)}`;
    return withUnloaded(state(found, base, 'load-error', reason, true));
  }
  const ui = exts.flatMap((e) => e.ui ?? []);
  const taken = new Set(found.contributions.map((c) => c.id));
  const twice = ui.find((u) => (taken.has(u.key) ? true : (taken.add(u.key), false)));
  if (twice !== undefined)
    return withUnloaded(
      uiMapInvalid(
        found,
        base,
        `extension '${twice.extension}': /ui/${twice.key} repeats a contribution id of the plugin`,
      ),
    );
  const descriptor = {
    id: m.id,
    version: m.version,
    specCompat: m.specCompat,
    source: found.source,
    ...(m.description ? { description: m.description } : {}),
    ...(found.contributions.length > 0 ? { contributions: found.contributions } : {}),
    ...(ui.length > 0 ? { ui } : {}),
  };
  const errors = register(builder, descriptor, exts, opts.config);
  const states = extensionStates(m.id, exts, opts.config, true);
  if (errors.length > 0)
    return withUnloaded(state(found, base, 'load-error', errors.join('; '), true, states));
  return withUnloaded(state(found, base, 'enabled', null, true, states));
}

/** Loads the built-ins and the trusted drop-ins into one frozen registry, with every plugin's state. */
export async function loadPlugins(opts: PluginLoadOptions): Promise<LoadedPlugins> {
  const builder = createRegistry();
  const states: PluginState[] = [];
  for (const p of await builtinPlugins(opts.probabilistic !== false)) {
    const d = p.descriptor;
    const base = {
      id: d.id,
      source: d.source,
      version: d.version,
      ...(d.description ? { description: d.description } : {}),
    };
    const on = opts.builtIns !== false && pluginEnabled(opts.config, d.id);
    const exts = extensionStates(d.id, p.extensions, opts.config, on);
    if (opts.builtIns === false) {
      builder.register(d, []);
      states.push(state(null, base, 'disabled', 'built-ins are off (--no-built-ins)', true, exts));
    } else if (!on) {
      builder.register(d, []);
      states.push(
        state(null, base, 'disabled', `switched off (plugins.${d.id}.enabled is false)`, true, exts),
      );
    } else {
      const errors = register(builder, d, p.extensions, opts.config);
      states.push(
        state(
          null,
          base,
          errors.length > 0 ? 'load-error' : 'enabled',
          errors.join('; ') || null,
          true,
          exts,
        ),
      );
    }
  }
  const grants = readTrust(opts.projectRoot);
  const claimed = new Set<string>();
  for (const found of await discoverPlugins(pluginRoots(opts.projectRoot, opts.env)))
    states.push(await loadDropIn(found, builder, opts, grants, claimed));
  return { registry: builder.build(), plugins: states };
}
