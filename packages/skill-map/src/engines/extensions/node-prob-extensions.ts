// What probabilistic work a node can be given now: its launcher catalog (`GET /api/nodes/:pathB64/prob-extensions`).
import { readExecutions } from '../../adapters/sqlite/history.js';
import type { JobRecord, JobStore } from '../../adapters/sqlite/jobs/port.js';
import type { EngineContext } from '../context.js';
import { EngineError } from '../errors.js';
import type { StateSession } from '../../adapters/sqlite/state-session.js';
import { listSkillActions } from './skill-actions.js';
import type { ProbExtension } from './types.js';

/** The live queue state of a launcher: a queued or running job of it on this node, running winning. */
export type LauncherState = 'idle' | 'queued' | 'running';

/** When the node was last judged by a launcher: its newest recorded execution. */
export interface LastJudged {
  /** Epoch ms the execution finished (started, when it has no finish time). */
  at: number;
  /** The recording agent's model; we keep none on an execution, so always null. */
  model: string | null;
}

/** One finder or standalone launcher (the reference's `ProbExtensionEntry`). */
export interface ProbExtensionEntry {
  id: string;
  description: string;
  state: LauncherState;
  lastJudged: LastJudged | null;
  jobId: string | null;
  fixerIds: string[];
  hasOpenFindings: boolean;
  fixerBusy: { all: boolean; findingIds: number[] } | null;
}

/** One skill action on the node (the reference's `SkillActionEntry`). */
export interface SkillActionEntry {
  id: string;
  name: string;
  description: string;
  version: string;
  state: LauncherState;
  jobId: string | null;
  lastJudged: LastJudged | null;
}

/** The node's launcher catalog. */
export interface NodeProbExtensions {
  /** Probabilistic analyzers with at least one fixer. */
  finders: ProbExtensionEntry[];
  /** Finders without fixers, actions that fix nothing, and fixers of a deterministic analyzer with an open issue here. */
  standalone: ProbExtensionEntry[];
  /** The installed skill actions ([] while `skillActions.enabled` is false). */
  skills: SkillActionEntry[];
}

function stateOf(jobs: readonly JobRecord[]): { state: LauncherState; jobId: string | null } {
  const running = jobs.find((j) => j.status === 'running');
  const live = running ?? jobs.find((j) => j.status === 'queued');
  return live === undefined
    ? { state: 'idle', jobId: null }
    : { state: live.status as LauncherState, jobId: live.id };
}

function lastJudgedOf(dbPath: string, nodePath: string): (extensionId: string) => LastJudged | null {
  const rows = readExecutions(dbPath, { node: nodePath, statuses: ['completed'] });
  return (extensionId) => {
    const row = rows.find((r) => r.extensionId === extensionId);
    const at = row?.finishedAt ?? row?.startedAt ?? null;
    return at === null ? null : { at, model: null };
  };
}

interface Lookups {
  store: JobStore;
  judged: (extensionId: string) => LastJudged | null;
  openFindings: Set<string>;
}

function entryOf(
  def: ProbExtension,
  nodePath: string,
  fixers: readonly ProbExtension[],
  l: Lookups,
): ProbExtensionEntry {
  const fixerIds = fixers.map((f) => f.id);
  const fixerJobs = fixerIds.flatMap((id) => l.store.active(id, nodePath));
  const { state, jobId } = stateOf([...l.store.active(def.id, nodePath), ...fixerJobs]);
  const busy =
    fixerJobs.length === 0
      ? null
      : {
          all: fixerJobs.some((j) => j.findingIds === null),
          findingIds: [...new Set(fixerJobs.flatMap((j) => j.findingIds ?? []))].sort((a, b) => a - b),
        };
  return {
    id: def.id,
    description: def.description,
    state,
    lastJudged: l.judged(def.id),
    jobId,
    fixerIds,
    hasOpenFindings: fixerIds.length > 0 && l.openFindings.has(def.id),
    fixerBusy: busy,
  };
}

function catalogOf(session: StateSession, ctx: EngineContext, nodePath: string): NodeProbExtensions {
  const store = session.jobs();
  const findings = session.findings().list({ node: nodePath });
  const openFindings = new Set(
    findings
      .filter((f) => !f.stale && f.resolution !== 'fixed' && f.resolution !== 'dismissed')
      .map((f) => f.extensionId),
  );
  const l: Lookups = { store, judged: lastJudgedOf(ctx.dbPath, nodePath), openFindings };
  const enabled = ctx.extensions.listEnabled(ctx.config());
  const ids = new Set(enabled.map((e) => e.id));
  const fixersOf = (id: string): ProbExtension[] =>
    enabled.filter((e) => e.role === 'fixer' && (e.analyzerIds ?? []).includes(id));
  const finders: ProbExtensionEntry[] = [];
  const standalone: ProbExtensionEntry[] = [];
  for (const def of enabled) {
    if (def.role === 'finder') {
      const fixers = fixersOf(def.id);
      (fixers.length > 0 ? finders : standalone).push(entryOf(def, nodePath, fixers, l));
    } else if (def.role === 'standalone') standalone.push(entryOf(def, nodePath, [], l));
    else {
      // A fixer of a probabilistic finder rides its finder; one of a deterministic analyzer is offered while the
      // node has an open issue of that analyzer (its issues are scan issues, not findings: no finder button).
      const deterministic = (def.analyzerIds ?? []).filter((a) => !ids.has(a));
      if (deterministic.length > 0 && store.issuesOfNode(nodePath, deterministic).length > 0)
        standalone.push(entryOf(def, nodePath, [], l));
    }
  }
  const skills = listSkillActions(ctx).skills.map((s) => ({
    id: s.id,
    name: s.name,
    description: s.description,
    version: s.version,
    ...stateOf(store.active(s.id, nodePath)),
    lastJudged: l.judged(s.id),
  }));
  return { finders, standalone, skills };
}

/**
 * The launcher catalog of the node at `nodePath` under the config and extensions as they are now: `not-found` when
 * the stored map has no such node (or there is no scan yet).
 */
export async function nodeProbExtensions(ctx: EngineContext, nodePath: string): Promise<NodeProbExtensions> {
  await ctx.extensions.refresh?.(ctx.config());
  const session = ctx.openSession('read');
  const missing = (): EngineError =>
    new EngineError('not-found', `no node at '${nodePath}'`, { details: { node: nodePath } });
  if (session === null) throw missing();
  try {
    if (!session.schemaReady || session.nodes.get(nodePath) === null) throw missing();
    return catalogOf(session, ctx, nodePath);
  } finally {
    session.close();
  }
}
