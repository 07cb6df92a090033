import type { Database as Db } from 'better-sqlite3';
import { cached } from './statements.js';
import type { Issue, Link, Node } from '../domain.js';
import type { RowGroups } from './row-diff.js';

/** A persisted node as the in-memory index remembers it. */
export interface IndexedNode {
  value: Node;
  /** Identity of the record that produced the row (null: compare in full). */
  record: number | null;
  /** `RowInputs.token` of that record, when the inputs offer one. */
  token: unknown;
}

/** The persisted links of one source, in list order. */
export interface IndexedLinkGroup {
  /** Identity of the source's record when the group was persisted (null: compare in full). */
  record: number | null;
  values: Link[];
  /** Row ids parallel to `values`, or null until a write needs them (they are then read back by key). */
  ids: number[] | null;
  /** Identity keys parallel to `values`, once an issue needed them (kept while the group is unchanged). */
  keys?: string[];
}

/**
 * What the scan zone currently holds, kept in memory by a long-running process so the next persist compares
 * rows against values instead of reading them back (a persist without one uses the fingerprints stored in the
 * rows instead). `generation` detects a write by another process or connection, which invalidates it.
 */
export interface PersistIndex {
  readonly generation: number;
  /** The salt the fingerprints of `nodes` and `links` were taken under. */
  readonly salt: string | null;
  readonly nodes: Map<string, IndexedNode>;
  /** Links grouped by source path. */
  readonly links: Map<string, IndexedLinkGroup>;
  /** Issues grouped by their first node id (`''` for none). */
  readonly issues: RowGroups<StoredIssue>;
}

/** An issue as the diff compares it: `linkIndices` replaced by the identity keys of the links they name. */
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
