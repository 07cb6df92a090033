import type { Database as Db } from 'better-sqlite3';
import { cached } from './statements.js';
import type { Issue, Link, Node } from '../domain.js';
import type { PrevRow, RowGroups } from './row-diff.js';

/** One row of the scan zone as the diff writer remembers it: a hash (cold) and/or the value (warm). */
export interface IndexedRow<T> {
  readonly id?: number;
  readonly hash?: string;
  readonly value?: T;
}

/**
 * What the scan zone currently holds, so the next persist writes only the difference. Loaded from the DB
 * (hashes only) on a cold start; kept in memory with the persisted objects by a long-running process so
 * unchanged rows are compared structurally without being serialised. `generation` detects a write by
 * another process, which invalidates an in-memory index.
 */
export interface PersistIndex {
  readonly generation: number;
  readonly nodes: Map<string, IndexedRow<Node>>;
  /** Links grouped by source path. */
  readonly links: RowGroups<Link>;
  /** Issues grouped by their first node id (`''` for none). */
  readonly issues: RowGroups<StoredIssue>;
}

/** An issue as the diff compares it: `linkIndices` replaced by the stable keys of the links they name. */
export interface StoredIssue {
  readonly issue: Issue;
  readonly linkKeys: string[] | null;
}

/** The persist generation stamped in `scan_meta` (0 when nothing was ever persisted). */
export function readGeneration(db: Db): number {
  const row = cached(db, `SELECT persist_generation AS g FROM scan_meta WHERE id = 1`).get() as { g: number } | undefined;
  return row?.g ?? 0;
}

type Row = [number, string, string, string];

function groupRows<T>(rows: Row[]): RowGroups<T> {
  const groups: RowGroups<T> = new Map();
  for (const [id, group, key, hash] of rows) {
    const row: PrevRow<T> = { id, key, hash };
    const list = groups.get(group);
    if (list) list.push(row);
    else groups.set(group, [row]);
  }
  return groups;
}

/** Loads the index from the database: three narrow queries over covering columns, no JSON parsing. */
export function loadPersistIndex(db: Db): PersistIndex {
  const nodes = new Map<string, IndexedRow<Node>>();
  for (const r of cached(db, `SELECT path, row_hash FROM scan_nodes`, 'raw').all() as Array<[string, string]>) {
    nodes.set(r[0], { hash: r[1] });
  }
  const links = groupRows<Link>(cached(db, `SELECT id, source_path, link_key, row_hash FROM scan_links ORDER BY id`, 'raw').all() as Row[]);
  const issues = groupRows<StoredIssue>(cached(db, `SELECT id, group_key, issue_key, row_hash FROM scan_issues ORDER BY id`, 'raw').all() as Row[]);
  return { generation: readGeneration(db), nodes, links, issues };
}
