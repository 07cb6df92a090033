// Test support for the findings engine: a real scanned project in a temp dir, findings rows inserted with SQL.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createTempTree } from '../../../adapters/testing/temp-tree.js';
import type { TempTree } from '../../../adapters/testing/temp-tree.js';
import type { OpsChannel } from '../../../adapters/ops-log.js';
import { runScan } from '../../scan/scan-engine.js';
import { scanIntoPostgres } from '../../testing/postgres-scan.js';
import type { EngineContext } from '../../context.js';
import { createEngineContext } from '../../operable/create-context.js';
import { ensureProjectId } from '../../../adapters/postgres/project-id.js';
import { openSyncPg } from '../../../adapters/postgres/sync-pg.js';
import { postgresForSuite } from '../../../adapters/testing/postgres.js';
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

/** Inserts one finding row into the database at `dbPath` (a real file a real scan built); returns its id. */
export function insertFinding(dbPath: string, seed: FindingSeed): number {
  const db = new Database(dbPath);
  try {
    const live = db
      .prepare(`SELECT json_extract(node_json, '$.bodyHash') FROM scan_nodes WHERE path = ?`)
      .pluck()
      .get(seed.node) as string | undefined;
    const info = db
      .prepare(
        `INSERT INTO state_findings (node_id, extension_id, extension_version, origin, type, severity, message,
           resolution, resolution_actor, body_hash_at_generation, generated_at, job_id)
         VALUES (?, ?, '1.0.0', ?, ?, ?, ?, ?, ?, ?, 1700000000000, 'j-test')`,
      )
      .run(...seedValues(seed, live));
    return Number(info.lastInsertRowid);
  } finally {
    db.close();
  }
}

/** Inserts one finding row of project `projectId` into the PostgreSQL database at `url`; returns its id. */
export function insertPgFinding(url: string, projectId: string, seed: FindingSeed): number {
  const pg = openSyncPg(url);
  try {
    const live = pg.query<{ h: string | null }>(
      `SELECT node_json::jsonb ->> 'bodyHash' AS h FROM scan_nodes WHERE project_id = $1 AND path = $2`,
      [projectId, seed.node],
    ).rows[0]?.h;
    return pg.query<{ id: number }>(
      `INSERT INTO state_findings (project_id, node_id, extension_id, extension_version, origin, type, severity,
         message, resolution, resolution_actor, body_hash_at_generation, generated_at, job_id)
       VALUES ($1, $2, $3, '1.0.0', $4, $5, $6, $7, $8, $9, $10, 1700000000000, 'j-test') RETURNING id`,
      [projectId, ...seedValues(seed, live)],
    ).rows[0]!.id;
  } finally {
    pg.close();
  }
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
  const withDb = <T>(fn: (db: Database.Database) => T): T => {
    const db = new Database(dbPath);
    try {
      return fn(db);
    } finally {
      db.close();
    }
  };
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
      url === undefined ? insertFinding(dbPath, seed) : insertPgFinding(url, projectId, seed),
    rescan: scan,
    rows: () => {
      if (url === undefined)
        return withDb((db) => db.prepare(`SELECT * FROM state_findings ORDER BY id`).all());
      const pg = openSyncPg(url);
      try {
        return pg.query(`SELECT * FROM state_findings WHERE project_id = $1 ORDER BY id`, [projectId]).rows;
      } finally {
        pg.close();
      }
    },
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
export function findingsProjectsOn(hooks: Parameters<typeof postgresForSuite>[0]) {
  const cluster = postgresForSuite(hooks);
  let databases = 0;
  return async (
    store: StoreName,
    files: Record<string, string> = FINDINGS_FILES,
  ): Promise<FindingsProject | null> => {
    if (store === 'SQLite') return findingsProject(files);
    const server = cluster.current();
    if (server === null) return null;
    return findingsProject(files, { postgres: server.createDatabase(`findings_${++databases}`) });
  };
}
