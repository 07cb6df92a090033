import type { Database as Db } from 'better-sqlite3';
import { cached } from '../../sqlite/statements.js';
import type { Issue, Link, Node } from '../../domain.js';
import type { RowGroups } from './row-diff.js';

/** One row of the scan zone as the diff writer remembers it: a hash (cold) and/or the value (warm). */
export interface IndexedRow<T> {
  readonly id?: number;
  readonly hash?: string;
  readonly value?: T;
}

/**
 * What the scan zone currently holds, kept in memory with the persisted objects by a long-running process
 * so the next persist compares rows structurally without reading or serialising them (a persist without one
 * uses the fingerprints stored in the rows instead). `generation` detects a write by another process, which
 * invalidates an in-memory index.
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
  const row = cached(db, `SELECT persist_generation AS g FROM scan_meta WHERE id = 1`).get() as
    { g: number } | undefined;
  return row?.g ?? 0;
}
