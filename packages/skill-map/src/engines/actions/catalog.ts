// The actions of the loaded plugins (built-in and trusted drop-ins) as `sm actions`, `sm bump` and
// `POST /api/actions/:plugin/:action` see them: manifest view, enable state, and the one resolution rule.
import { loadConfig } from '../../adapters/index.js';
import type { ActionParam, DeterministicAction, ExtensionMode } from '../../kernel/index.js';
import { EngineError } from '../errors.js';
import { loadPlugins } from '../plugins/load.js';
import type { PluginScope } from '../plugins/manage.js';
import { BUILTIN_ACTIONS } from './builtin.js';

/** One action in manifest view (`sm actions list|show`). */
export interface ActionInfo {
  id: string;
  pluginId: string;
  version: string;
  description: string;
  mode: ExtensionMode;
  /** What a run may write (deterministic: the node's sidecar; probabilistic: nothing, its agent edits). */
  writes: readonly string[];
  defaultEnabled: boolean;
  enabled: boolean;
  /** Input parameters (deterministic actions). */
  params: Readonly<Record<string, ActionParam>>;
  precondition: { kind?: readonly string[] } | null;
  /** How to run it: `sm actions run` (deterministic) or `sm jobs submit` (probabilistic). */
  runVia: 'actions run' | 'jobs submit';
}

/** The loaded actions: listing and resolution. */
export interface ActionCatalog {
  readonly actions: readonly ActionInfo[];
  /** The action named by a qualified id, or a bare id naming exactly one; EngineError `not-found` otherwise. */
  info(id: string): ActionInfo;
  /** The runnable deterministic action; `not-found` when unknown or switched off (unless `evenIfDisabled`). */
  runnable(id: string, evenIfDisabled?: boolean): DeterministicAction;
}

const BUILTIN = new Map(BUILTIN_ACTIONS.map((a) => [a.action.id, a]));

/** Every action of the plugins this scope loads (built-ins, trusted and enabled drop-ins), sorted by id. */
export async function loadActionCatalog(scope: PluginScope): Promise<ActionCatalog> {
  const config = loadConfig({ projectRoot: scope.projectRoot }).merged;
  const { registry, plugins } = await loadPlugins({ ...scope, config });
  const impls = new Map<string, DeterministicAction>();
  const defaults = new Map<string, boolean>();
  for (const e of registry.ofKind('action')) {
    defaults.set(e.qualifiedId, e.defaultEnabled !== false);
    if (e.kind === 'action' && e.mode === 'deterministic') impls.set(e.qualifiedId, e.impl);
  }
  for (const a of BUILTIN_ACTIONS) if (!impls.has(a.action.id)) impls.set(a.action.id, a.action);
  const actions: ActionInfo[] = [];
  for (const p of plugins)
    for (const e of p.extensions) {
      if (e.kind !== 'action') continue;
      const impl = e.mode === 'deterministic' ? impls.get(e.id) : undefined;
      actions.push({
        id: e.id,
        pluginId: p.id,
        version: e.version,
        description: e.description,
        mode: e.mode,
        writes: e.mode === 'deterministic' ? ['sidecar'] : [],
        defaultEnabled: BUILTIN.get(e.id)?.defaultEnabled ?? defaults.get(e.id) ?? true,
        enabled: e.enabled,
        params: impl?.params ?? {},
        precondition: impl?.precondition ?? null,
        runVia: e.mode === 'deterministic' ? 'actions run' : 'jobs submit',
      });
    }
  actions.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return catalogOf(actions, impls);
}

function catalogOf(
  actions: readonly ActionInfo[],
  impls: ReadonlyMap<string, DeterministicAction>,
): ActionCatalog {
  function info(id: string): ActionInfo {
    const exact = actions.find((a) => a.id === id);
    const bare = id.includes('/') ? [] : actions.filter((a) => a.id.endsWith(`/${id}`));
    const found = exact ?? (bare.length === 1 ? bare[0] : undefined);
    if (found !== undefined) return found;
    const ids = actions.map((a) => a.id);
    throw new EngineError(
      'not-found',
      bare.length > 1
        ? `action id '${id}' is ambiguous (${bare.map((a) => a.id).join(', ')}): use the qualified <plugin>/<action>`
        : `no action '${id}' (\`sm actions list\` lists them)`,
      { details: { action: id, known: ids } },
    );
  }
  return {
    actions,
    info,
    runnable(id, evenIfDisabled = false) {
      const a = info(id);
      if (a.mode !== 'deterministic')
        throw new EngineError(
          'unsupported-extension',
          `${a.id} is probabilistic: it runs as a job (\`sm jobs submit ${a.id} -n <node>\`), not as an action`,
          { details: { action: a.id } },
        );
      const impl = impls.get(a.id);
      if (!evenIfDisabled && !a.enabled)
        throw new EngineError(
          'not-found',
          `action ${a.id} is switched off: enable it with \`sm plugins enable ${a.id}\``,
          { details: { action: a.id, enabled: false } },
        );
      if (impl === undefined)
        throw new EngineError('not-found', `action ${a.id} is not loaded (its plugin is off or untrusted)`, {
          details: { action: a.id },
        });
      return impl;
    },
  };
}
