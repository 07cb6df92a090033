import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createOpsLog } from '../../../adapters/ops-log.js';
import type { OpsLog, OpsLogEntry } from '../../../adapters/ops-log.js';
import { defaultDbPath } from '../../../adapters/sqlite/open-database.js';
import { createTempTree } from '../../../adapters/testing/temp-tree.js';
import type { TempTree } from '../../../adapters/testing/temp-tree.js';
import type { EngineContext, JobEvent } from '../../context.js';
import { createEngineContext } from '../../operable/create-context.js';
import { runScan } from '../../scan/scan-engine.js';
import { scanIntoPostgres } from '../../testing/postgres-scan.js';
import { databasesOn } from '../../../adapters/testing/per-store.js';
import type { StoreName } from '../../../adapters/testing/per-store.js';
import { ensureProjectId } from '../../../adapters/postgres/project-id.js';
import type { ExtensionCatalog } from '../../extensions/types.js';
import type { SubmitInput } from '../api.js';
import { submitJob } from '../index.js';
import { testCatalog } from './extensions.js';

/** A scanned temp project with a jobs-ready engine context that records its events (test support only). */
export interface JobsProject {
  tree: TempTree;
  ctx: EngineContext;
  dbPath: string;
  events: JobEvent[];
  /** Moves the context's clock. */
  clock: { now: number };
  rescan(): Promise<void>;
  /** Installs the processing-agent skill (the submit gate). */
  installAgent(): void;
  /** A context on another channel / clock over the same project. */
  context(opts?: {
    channel?: EngineContext['channel'];
    extensions?: ExtensionCatalog;
    /** Another server database for this context (a PostgreSQL project only). */
    server?: { url: string; projectId: string };
  }): EngineContext;
  /** Resolves once the ops log is written. */
  flush(): Promise<void>;
  opsLogPath: string;
  /** Where the project's rows live: its SQLite file, or a PostgreSQL database (one project per database). */
  store: JobsStore;
  remove(): void;
}

/** The project's database: the SQLite file beside it (`sqlite`), or a PostgreSQL database at `url`. */
export type JobsStore = { kind: 'sqlite' } | { kind: 'postgres'; url: string; projectId: string };

/** The default tree's skill, agent and plain doc. */
export const SKILL = '.claude/skills/deploy/SKILL.md';
export const AGENT = '.claude/agents/reviewer.md';
export const NOTES = 'docs/notes.md';

export const DEFAULT_FILES: Record<string, string> = {
  [SKILL]:
    '---\nname: deploy\ndescription: Deploys\ntags: [ops]\n---\nRun the release and read [notes](../../../docs/missing.md).\n',
  [AGENT]: '---\nname: reviewer\ndescription: Reviews code\n---\nReview the diff.\n',
  [NOTES]: '# Notes\nPlain notes.\n',
};

/** Creates, scans and wires a project; `files` replaces the default tree. */
export async function createJobsProject(
  files: Record<string, string> = DEFAULT_FILES,
  opts: { agent?: boolean; extensions?: ExtensionCatalog; postgres?: string } = {},
): Promise<JobsProject> {
  const tree = createTempTree('sm-jobs-');
  tree.write(files);
  mkdirSync(join(tree.root, '.skill-map'), { recursive: true });
  const dbPath = defaultDbPath(tree.root);
  const store: JobsStore =
    opts.postgres === undefined
      ? { kind: 'sqlite' }
      : { kind: 'postgres', url: opts.postgres, projectId: ensureProjectId(tree.root).id };
  const rescan = async (): Promise<void> => {
    if (store.kind === 'sqlite') {
      await runScan({ projectRoot: tree.root, racyWindowMs: -60_000 });
      return;
    }
    await scanIntoPostgres(tree.root, store.url, store.projectId);
  };
  await rescan();
  const events: JobEvent[] = [];
  const clock = { now: Date.UTC(2026, 11, 1, 12, 0, 0) };
  const log: OpsLog = createOpsLog({ projectRoot: tree.root });
  const context = (
    o: {
      channel?: EngineContext['channel'];
      extensions?: ExtensionCatalog;
      server?: { url: string; projectId: string };
    } = {},
  ): EngineContext =>
    createEngineContext({
      scopeRoot: tree.root,
      dbPath,
      channel: o.channel ?? 'mcp',
      events: { emit: (e) => events.push(e) },
      extensions: o.extensions ?? opts.extensions ?? testCatalog(),
      now: () => clock.now,
      opsLog: log,
      ...(store.kind === 'postgres'
        ? { server: o.server ?? { url: store.url, projectId: store.projectId }, reuseConnection: true }
        : {}),
    });
  const ctx = context();
  const installAgent = (): void =>
    tree.write({
      '.claude/skills/sm-process-jobs/SKILL.md': '---\nname: sm-process-jobs\n---\nProcess jobs.\n',
    });
  if (opts.agent !== false) installAgent();
  return {
    tree,
    ctx,
    dbPath,
    events,
    clock,
    rescan,
    installAgent,
    context,
    flush: () => ctx.opsLog.flush(),
    opsLogPath: ctx.opsLog.path,
    store,
    remove: () => {
      ctx.close?.();
      tree.remove();
    },
  };
}

/** Submits a job that must be created (a test's setup step); its id. */
export async function submitCreated(ctx: EngineContext, input: SubmitInput): Promise<string> {
  const out = await submitJob(ctx, input);
  if (out.outcome !== 'created') throw new Error(`submit refused: ${out.outcome}`);
  return out.jobId;
}

/** Parses the ops log lines written so far (empty when none). */
export function opsLines(text: string): OpsLogEntry[] {
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as OpsLogEntry);
}

/** Writes a file in the project (for drift tests). */
export function writeProjectFile(p: JobsProject, rel: string, text: string): void {
  writeFileSync(join(p.tree.root, rel), text);
}

/**
 * A suite's project opener over each store: registers the suite's throwaway PostgreSQL cluster (skipped without
 * PostgreSQL) and answers a fresh project on the named store, each PostgreSQL one in a database of its own; null
 * when PostgreSQL is not available here.
 */
export function jobsProjectsOn(hooks: Parameters<typeof databasesOn>[0]) {
  const database = databasesOn(hooks, 'jobs');
  return async (
    store: StoreName,
    files: Record<string, string> = DEFAULT_FILES,
    opts: { agent?: boolean; extensions?: ExtensionCatalog } = {},
  ): Promise<JobsProject | null> => {
    const db = database(store);
    if (db === null) return null;
    return createJobsProject(files, db.kind === 'postgres' ? { ...opts, postgres: db.url } : opts);
  };
}
