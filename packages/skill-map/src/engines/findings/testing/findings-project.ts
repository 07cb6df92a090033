// Test support for the findings engine: a real scanned project in a temp dir, findings rows inserted with SQL.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTempTree } from '../../../adapters/testing/temp-tree.js';
import type { TempTree } from '../../../adapters/testing/temp-tree.js';
import type { OpsChannel } from '../../../adapters/ops-log.js';
import { runScan } from '../../scan/scan-engine.js';
import { scanIntoPostgres } from '../../testing/postgres-scan.js';
import type { EngineContext } from '../../context.js';
import { createEngineContext } from '../../operable/create-context.js';
import { ensureProjectId } from '../../../adapters/postgres/project-id.js';
import { runSql, withSql } from '../../../adapters/testing/store-sql.js';
import type { TestDatabase } from '../../../adapters/testing/store-sql.js';
import { databasesOn } from '../../../adapters/testing/per-store.js';
import type { StoreName } from '../../../adapters/testing/per-store.js';

/** A small Claude-layout project the findings tests judge. */
export const FINDINGS_FILES: Record<string, string> = {
  '.claude/skills/lint/SKILL.md': '---\nname: lint\ndescription: Lints.\n---\n# Lint\nRun the linter.\n',
  '.claude/skills/test/SKILL.md': '---\nname: test\ndescription: Tests.\n---\n# Test\nRun the tests.\n',
  '.claude/agents/reviewer.md': '---\nname: reviewer\ndescription: Reviews.\n---\nReview changes.\n',
};

export const LINT = '.claude/skills/lint/SKILL.md';
export const TEST = '.claude/skills/test/SKILL.md';
export const REVIEWER = '.claude/agents/reviewer.md';

/** Columns a test may set on an inserted finding (snake_case, as in the DDL). */
export interface FindingSeed {
  node: string;
  extension?: string;
  origin?: 'extension' | 'kernel';
  type?: string;
  severity?: 'info' | 'warn' | 'error';
  message?: string;
  resolution?: 'fixed' | 'human-decision' | 'dismissed' | null;
  /** The body hash the finding was judged on; default: the node's live one (a fresh finding). */
  bodyHash?: string | null;
}

/** A scanned temp project with its database and helpers. */
export interface FindingsProject {
  readonly tree: TempTree;
  readonly root: string;
  readonly dbPath: string;
  context(channel?: OpsChannel): EngineContext;
  insert(seed: FindingSeed): number;
  rescan(): Promise<void>;
  /** Every row of state_findings (id order), for before/after comparisons. */
  rows(): unknown[];
  /** The ops-log lines written so far (parsed). */
  opsLines(): Array<Record<string, unknown>>;
  readFile(rel: string): string | null;
  remove(): void;
}

/** A seed's column values from node_id to body_hash_at_generation (`live`: the node's body hash now). */
function seedValues(seed: FindingSeed, live: string | null | undefined): unknown[] {
  return [
    seed.node,
    seed.extension ?? 'core/lint-finder',
    seed.origin ?? 'extension',
    seed.type ?? 'vague-step',
    seed.severity ?? 'warn',
    seed.message ?? 'a step is vague',
    seed.resolution ?? null,
    seed.resolution === undefined || seed.resolution === null ? null : 'human',
    seed.bodyHash === undefined ? (live ?? null) : seed.bodyHash,
  ];
}

/**
 * Inserts one finding row into a test's database (on PostgreSQL, of project `projectId`); returns its id. The body
 * hash it was judged on defaults to the node's stored one (a fresh finding).
 */
export function insertFindingInto(db: TestDatabase, seed: FindingSeed, projectId?: string): number {
  const project = projectId === undefined ? [] : [projectId];
  return withSql(db, (run) => {
    const [node] = run(
      `SELECT node_json FROM scan_nodes WHERE path = ?${projectId === undefined ? '' : ' AND project_id = ?'}`,
      [seed.node, ...project],
    );
    const live =
      node === undefined ? null : (JSON.parse(String(node['node_json'])) as { bodyHash?: string }).bodyHash;
    const [row] = run(
      `INSERT INTO state_findings (${projectId === undefined ? '' : 'project_id, '}node_id, extension_id,
         extension_version, origin, type, severity, message, resolution, resolution_actor, body_hash_at_generation,
         generated_at, job_id)
       VALUES (${project.map(() => '?, ').join('')}?, ?, '1.0.0', ?, ?, ?, ?, ?, ?, ?, 1700000000000, 'j-test')
       RETURNING id`,
      [...project, ...seedValues(seed, live)],
    );
    return Number(row?.['id']);
  });
}

/** Inserts one finding row into the SQLite database at `dbPath` (a real file a real scan built); returns its id. */
export function insertFinding(dbPath: string, seed: FindingSeed): number {
  return insertFindingInto({ kind: 'sqlite', path: dbPath }, seed);
}

/**
 * Writes `files`, runs a real full scan into `.skill-map/skill-map.db`, or into the PostgreSQL database at
 * `opts.postgres` (as `sm scan --db postgres://…` does: one project per database here).
 */
export async function findingsProject(
  files: Record<string, string> = FINDINGS_FILES,
  opts: { postgres?: string } = {},
): Promise<FindingsProject> {
  const tree = createTempTree('sm-findings-');
  tree.write(files);
  const dbPath = join(tree.root, '.skill-map', 'skill-map.db');
  const url = opts.postgres;
  const projectId = url === undefined ? '' : ensureProjectId(tree.root).id;
  const scan = async (): Promise<void> => {
    if (url === undefined) {
      await runScan({ projectRoot: tree.root, dbPath, mode: 'full' });
      return;
    }
    await scanIntoPostgres(tree.root, url, projectId);
  };
  await scan();

  const contexts: EngineContext[] = [];
  return {
    tree,
    root: tree.root,
    dbPath,
    context: (channel = 'cli') => {
      const ctx =
        url === undefined
          ? createEngineContext({ scopeRoot: tree.root, dbPath, channel })
          : createEngineContext({ scopeRoot: tree.root, dbPath: '', channel, server: { url, projectId } });
      contexts.push(ctx);
      return ctx;
    },
    insert: (seed) =>
      url === undefined
        ? insertFinding(dbPath, seed)
        : insertFindingInto({ kind: 'postgres', url }, seed, projectId),
    rescan: scan,
    rows: () =>
      runSql(
        url === undefined ? { kind: 'sqlite', path: dbPath } : { kind: 'postgres', url },
        'SELECT * FROM state_findings ORDER BY id',
      ),
    opsLines: () => {
      const file = join(tree.root, '.skill-map', 'operations.log');
      if (!existsSync(file)) return [];
      return readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    },
    readFile: (rel) => (existsSync(tree.abs(rel)) ? readFileSync(tree.abs(rel), 'utf8') : null),
    remove: () => {
      for (const c of contexts) c.close?.();
      tree.remove();
    },
  };
}

/** A suite's project opener over each store (null: PostgreSQL is not available here). */
export function findingsProjectsOn(hooks: Parameters<typeof databasesOn>[0]) {
  const database = databasesOn(hooks, 'findings');
  return async (
    store: StoreName,
    files: Record<string, string> = FINDINGS_FILES,
  ): Promise<FindingsProject | null> => {
    const db = database(store);
    if (db === null) return null;
    return findingsProject(files, db.kind === 'postgres' ? { postgres: db.url } : {});
  };
}
