// What `sm plugins …`, `GET/PATCH /api/plugins…` share: the list, the doctor report, enable/disable and trust.
import { loadConfig, setConfigValue } from '../../adapters/index.js';
import { writeTrust } from '../../adapters/plugins/trust-store.js';
import { EngineError } from '../errors.js';
import { loadPlugins } from './load.js';
import type { PluginState, PluginStatus } from './types.js';

/** Where the plugins are and which of them run. */
export interface PluginScope {
  readonly projectRoot: string;
  readonly builtIns?: boolean;
  readonly dropIns?: boolean;
  readonly env?: NodeJS.ProcessEnv;
}

/** Every plugin, built-in and drop-in, with its status (loading imports only the trusted, enabled ones). */
export async function listPlugins(scope: PluginScope): Promise<PluginState[]> {
  const config = loadConfig({ projectRoot: scope.projectRoot }).merged;
  const loaded = await loadPlugins({ ...scope, config });
  return [...loaded.plugins];
}

/** One plugin by id; EngineError `not-found` (with the known ids) otherwise. */
export function pluginById(plugins: readonly PluginState[], id: string): PluginState {
  const found = plugins.find((p) => p.id === id);
  if (found === undefined)
    throw new EngineError('not-found', `no plugin '${id}'`, { details: { known: plugins.map((p) => p.id) } });
  return found;
}

const OK_STATUSES: ReadonlySet<PluginStatus> = new Set(['enabled', 'disabled', 'untrusted']);

const FIX: Record<PluginStatus, (p: PluginState) => string> = {
  enabled: () => '',
  disabled: (p) => `sm plugins enable ${p.id}`,
  untrusted: (p) => `review its code, then run \`sm plugins trust ${p.id}\``,
  'incompatible-spec': () => 'upgrade the plugin (or skill-map) so its specCompat includes this spec',
  'invalid-manifest': (p) =>
    p.statusReason?.startsWith('kinds/') === true
      ? 'fix the kind.json named in the reason: it needs a ui block with a label and a #rrggbb color (extensions/provider-kind.schema.json)'
      : 'fix plugin.json (id, version, specCompat and extensions are required)',
  'load-error': () => 'fix the extension module named in the reason, then rerun `sm plugins doctor`',
  'id-collision': () =>
    "rename one of the plugins: ids are unique across the project's and the user's folders",
};

/** The doctor report (`PluginsDoctor`): every plugin that is not plainly loaded, with why and what to do. */
export function doctorReport(plugins: readonly PluginState[]): {
  schemaVersion: 1;
  /** The reference's discriminator of this envelope. */
  kind: 'plugins.doctor';
  ok: boolean;
  counts: Record<string, number>;
  problems: { id: string; path: string | null; status: PluginStatus; reason: string; fix: string }[];
} {
  const counts: Record<string, number> = {};
  for (const p of plugins) counts[p.status] = (counts[p.status] ?? 0) + 1;
  const problems = plugins.flatMap((p) => [
    ...(p.status === 'enabled'
      ? []
      : [
          {
            id: p.id,
            path: p.path,
            status: p.status,
            reason: p.statusReason ?? p.status,
            fix: FIX[p.status](p),
          },
        ]),
    // One finding per invalid view contribution: it is left out, the rest of the plugin runs.
    ...(p.contributionErrors ?? []).map((reason) => ({
      id: p.id,
      path: p.path,
      status: p.status,
      reason,
      fix: 'fix the contribution in plugin.json (id, slot, title and render are required; see ViewContribution)',
    })),
  ]);
  const contributionsOk = plugins.every((p) => (p.contributionErrors ?? []).length === 0);
  return {
    schemaVersion: 1,
    kind: 'plugins.doctor',
    ok: contributionsOk && plugins.every((p) => OK_STATUSES.has(p.status)),
    counts,
    problems,
  };
}

/** One entry of the reference's doctor report: a plugin that could not be loaded, and why. */
export interface DoctorIssue {
  id: string;
  status: 'incompatible-spec' | 'invalid-manifest' | 'load-error' | 'id-collision';
  reason: string;
}

/**
 * The doctor report in the reference's shape (`plugins-doctor.schema.json`): counts per status bucket and the
 * plugins that failed to load. `ok` is the verb's success (always true); whether the project's plugins are
 * healthy is the exit code. An untrusted plugin is not an issue there (it is counted with the disabled ones):
 * `doctorReport` (`sm plugins doctor --details`) says why and what to do.
 */
export function referenceDoctorReport(plugins: readonly PluginState[]): {
  ok: true;
  kind: 'plugins.doctor';
  counts: {
    enabled: number;
    disabled: number;
    loaded: number;
    incompatible: number;
    invalid: number;
    loadError: number;
    warnings: number;
  };
  issues: DoctorIssue[];
  warnings: { id: string; kind: string; message: string }[];
  contributionErrors: never[];
} {
  const count = (...statuses: PluginStatus[]): number =>
    plugins.filter((p) => statuses.includes(p.status)).length;
  const issues: DoctorIssue[] = [];
  for (const p of plugins)
    if (
      p.status === 'incompatible-spec' ||
      p.status === 'invalid-manifest' ||
      p.status === 'load-error' ||
      p.status === 'id-collision'
    )
      issues.push({ id: p.id, status: p.status, reason: p.statusReason ?? '' });
  return {
    ok: true,
    kind: 'plugins.doctor',
    counts: {
      enabled: count('enabled'),
      disabled: count('disabled', 'untrusted'),
      loaded: count('enabled'),
      incompatible: count('incompatible-spec'),
      invalid: count('invalid-manifest'),
      loadError: count('load-error', 'id-collision'),
      warnings: 0,
    },
    issues,
    warnings: [],
    // Contributions rejected at emit time are dropped with a scan warning; none is kept for the doctor.
    contributionErrors: [],
  };
}

/**
 * Switches a plugin (`<id>`: `plugins.<id>.enabled`) or one of its extensions (`<plugin>/<ext>`:
 * `plugins.<plugin>.extensions.<ext>.enabled`) on or off in the committed project settings; answers the plugin.
 */
export async function setPluginEnabled(
  scope: PluginScope,
  id: string,
  enabled: boolean,
): Promise<PluginState> {
  const slash = id.indexOf('/');
  const pluginId = slash === -1 ? id : id.slice(0, slash);
  const plugin = pluginById(await listPlugins(scope), pluginId);
  const unloaded = (plugin.unloadedExtensions ?? []).map((e) => `${pluginId}/${e.id}`);
  if (slash !== -1 && !plugin.extensions.some((e) => e.id === id) && !unloaded.includes(id))
    throw new EngineError('not-found', `plugin '${pluginId}' has no extension '${id}'`, {
      details: { known: [...plugin.extensions.map((e) => e.id), ...unloaded] },
    });
  setConfigValue({
    projectRoot: scope.projectRoot,
    key:
      slash === -1
        ? `plugins.${id}.enabled`
        : `plugins.${pluginId}.extensions.${id.slice(slash + 1)}.enabled`,
    value: enabled,
    layer: 'project',
  });
  return pluginById(await listPlugins(scope), pluginId);
}

/**
 * Trusts a drop-in plugin at its current version in this project (or withdraws the trust). Its code is imported
 * from the next load on; an upgrade (another version) is untrusted again.
 */
export async function setPluginTrust(
  scope: PluginScope,
  id: string,
  trusted: boolean,
  now: () => Date = () => new Date(),
): Promise<PluginState> {
  const plugin = pluginById(await listPlugins(scope), id);
  if (plugin.source === 'built-in')
    throw new EngineError('invalid-input', `'${id}' is a built-in plugin: it is always trusted`);
  if (plugin.version === null || plugin.manifest === undefined)
    throw new EngineError(
      'invalid-input',
      `'${id}' has no valid manifest to trust: ${plugin.statusReason ?? ''}`,
    );
  writeTrust(
    scope.projectRoot,
    id,
    trusted ? { version: plugin.version, source: plugin.source, trustedAt: now().toISOString() } : null,
  );
  return pluginById(await listPlugins(scope), id);
}
