// Test support for the findings engine: a real scanned project in a temp dir, findings rows inserted with SQL.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createTempTree } from '../../../adapters/testing/temp-tree.js';
import type { TempTree } from '../../../adapters/testing/temp-tree.js';
import type { OpsChannel } from '../../../adapters/ops-log.js';
import { runScan } from '../../scan/scan-engine.js';
import type { EngineContext } from '../../context.js';
import { createEngineContext } from '../../operable/create-context.js';

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
      .run(
        seed.node,
        seed.extension ?? 'core/lint-finder',
        seed.origin ?? 'extension',
        seed.type ?? 'vague-step',
        seed.severity ?? 'warn',
        seed.message ?? 'a step is vague',
        seed.resolution ?? null,
        seed.resolution === undefined || seed.resolution === null ? null : 'human',
        seed.bodyHash === undefined ? (live ?? null) : seed.bodyHash,
      );
    return Number(info.lastInsertRowid);
  } finally {
    db.close();
  }
}

/** Writes `files`, runs a real full scan into `.skill-map/skill-map.db`. */
export async function findingsProject(
  files: Record<string, string> = FINDINGS_FILES,
): Promise<FindingsProject> {
  const tree = createTempTree('sm-findings-');
  tree.write(files);
  const dbPath = join(tree.root, '.skill-map', 'skill-map.db');
  const scan = async (): Promise<void> => {
    await runScan({ projectRoot: tree.root, dbPath, mode: 'full' });
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
  return {
    tree,
    root: tree.root,
    dbPath,
    context: (channel = 'cli') => createEngineContext({ scopeRoot: tree.root, dbPath, channel }),
    insert: (seed) => insertFinding(dbPath, seed),
    rescan: scan,
    rows: () => withDb((db) => db.prepare(`SELECT * FROM state_findings ORDER BY id`).all()),
    opsLines: () => {
      const file = join(tree.root, '.skill-map', 'operations.log');
      if (!existsSync(file)) return [];
      return readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    },
    readFile: (rel) => (existsSync(tree.abs(rel)) ? readFileSync(tree.abs(rel), 'utf8') : null),
    remove: () => tree.remove(),
  };
}
