// The probabilistic extensions of a project's drop-in plugins, as the job engine sees them: the same registry the
// scan and `sm plugins` build (trusted, enabled plugins only; an untrusted one's files are never read), its
// probabilistic analyzers turned into finder definitions.
import type { ProbabilisticAnalyzerImpl } from '../../adapters/plugins/prob-analyzer.js';
import type { ExtensionEntry, Hook } from '../../kernel/index.js';
import { hooksOf } from '../hooks/fire.js';
import type { ProbExtension } from './types.js';

/** A registry entry of a drop-in finder as a job definition (role finder, report routed to the findings store). */
export function finderOf(entry: ExtensionEntry): ProbExtension | null {
  if (entry.kind !== 'analyzer' || entry.mode !== 'probabilistic') return null;
  const impl = entry.impl as ProbabilisticAnalyzerImpl;
  return {
    id: entry.qualifiedId,
    version: entry.version,
    kind: 'analyzer',
    role: 'finder',
    description: entry.description,
    report: 'findings',
    reportSchema: impl.reportSchema,
    template: impl.template,
    expectedSeconds: impl.expectedSeconds,
    ...(entry.defaultEnabled === false ? { defaultEnabled: false } : {}),
  };
}

/** A drop-in plugin whose extensions are not in the catalog, and why (a submit naming it says so). */
export interface UnloadedPlugin {
  readonly id: string;
  /** `disabled`, `untrusted`, `load-error`, ... */
  readonly status: string;
  readonly reason: string;
}

/** What the catalog takes from the project's drop-in plugins. */
export interface DropIns {
  readonly finders: readonly ProbExtension[];
  /** The hooks of the trusted, enabled drop-ins (told of job and action events). */
  readonly hooks: readonly Hook[];
  readonly unloaded: readonly UnloadedPlugin[];
}

/**
 * The finders of the project's trusted, enabled drop-in plugins under the config as it is now (built-ins are not
 * loaded here: the catalog has them already), and the drop-ins that did not load.
 */
export async function loadDropInExtensions(
  projectRoot: string,
  config: Readonly<Record<string, unknown>>,
  env?: NodeJS.ProcessEnv,
): Promise<DropIns> {
  const { loadPlugins } = await import('../plugins/load.js');
  const { registry, plugins } = await loadPlugins({
    projectRoot,
    config,
    builtIns: false,
    probabilistic: false,
    ...(env === undefined ? {} : { env }),
  });
  const finders = registry
    .all()
    .filter((e) => registry.plugins().find((p) => p.id === e.pluginId)?.source !== 'built-in')
    .flatMap((e) => finderOf(e) ?? []);
  const unloaded = plugins
    .filter((p) => p.source !== 'built-in' && p.status !== 'enabled')
    .map((p) => ({ id: p.id, status: p.status, reason: p.statusReason ?? p.status }));
  return { finders, hooks: hooksOf(registry), unloaded };
}
