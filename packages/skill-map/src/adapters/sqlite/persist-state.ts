// The state one persist carries through its steps (statements, the new layout, counters), the row writes both
// paths share, and the removal of vanished nodes with rename carry-over.
import type { Database as Db } from 'better-sqlite3';
import type { Issue, Link, Node, ScanResult } from '../domain.js';
import type { RowInputs } from './fingerprints.js';
import { encodeLink, rowIdentity } from './link-codec.js';
import type { LinkRow, LinkValues } from './link-codec.js';
import type { PersistIndex } from './persist-index.js';
import { applyRenameMove, deletionIssues, hasState, planRenames } from './renames.js';
import type { RenameMove, VanishedNode } from './renames.js';
import { nodeValues } from './rows.js';
import type { NodeFingerprint } from './rows.js';
import type { Group, Layout } from './persist-layout.js';
import { suffixed } from './persist-layout.js';
import type { Statements } from './persist-statements.js';

/** Rows written per table by one persist. */
export interface DiffCounts {
  inserted: number;
  updated: number;
  deleted: number;
}

export const counts = (): DiffCounts => ({ inserted: 0, updated: 0, deleted: 0 });

export interface PersistState {
  readonly db: Db;
  readonly st: Statements;
  readonly result: ScanResult;
  readonly layout: Layout;
  readonly inputs: RowInputs | undefined;
  readonly c: { nodes: DiffCounts; links: DiffCounts; issues: DiffCounts };
  /** Row id of each new link, once known (inserted, diffed, or read back for an issue). */
  readonly linkIds: Array<number | undefined>;
  /** The warm index (links of unchanged groups know their ids there). */
  readonly warm: PersistIndex | undefined;
  /** Record identity per node path, as the cold path established it (for the index it hands back, if any). */
  readonly records: Map<string, number | null>;
  readonly keepIndex: boolean;
  /**
   * The `orphan` issues of paths deleted since the stored scan (no state, no successor): events of this scan, added
   * to the result it returns but never stored, so the database stays what a fresh scan of the same tree writes.
   */
  readonly deletions: Issue[];
}

export function digestOf(s: PersistState, record: number | null, group: Group): number | null {
  return record === null ? null : s.layout.digest(group);
}

export function insertNode(s: PersistState, node: Node, fp: NodeFingerprint): void {
  s.st.insertNode.run(nodeValues(node, JSON.stringify(node), fp));
  s.c.nodes.inserted += 1;
}

export function insertLink(
  s: PersistState,
  i: number,
  values: LinkValues = encodeLink(s.layout.links[i] as Link),
): number {
  s.c.links.inserted += 1;
  const id = Number(s.st.insertLink.run(values).lastInsertRowid);
  s.linkIds[i] = id;
  return id;
}

export type IdRow = [id: number, ...LinkRow];

/** Reads back the row ids of one source's links (matched by identity key) into `linkIds`. */
function loadGroupIds(s: PersistState, group: Group): void {
  const source = (s.layout.links[group.indexes[0] as number] as Link).source;
  const rows = s.st.linkKeysOf.all(source) as Array<[number, string, string, string | null]>;
  const prevKeys = suffixed(rows.map((r) => rowIdentity(source, r[1], r[2], r[3])));
  const byKey = new Map<string, number>();
  for (let m = 0; m < prevKeys.length; m += 1)
    byKey.set(prevKeys[m] as string, (rows[m] as [number, string, string, string | null])[0]);
  const keys = s.layout.keys(group);
  for (let n = 0; n < group.indexes.length; n += 1)
    s.linkIds[group.indexes[n] as number] = byKey.get(keys[n] as string);
}

/** The row id of `links[i]` (for issues naming links), reading it back when no write step learnt it. */
export function linkIdAt(s: PersistState, i: number): number | undefined {
  if (i < 0 || i >= s.layout.links.length) return undefined;
  const known = s.linkIds[i];
  if (known !== undefined) return known;
  const source = (s.layout.links[i] as Link).source;
  const group = s.layout.groups.get(source) as Group;
  const prev = s.warm?.links.get(source);
  if (prev !== undefined && prev.ids !== null && prev.values.length === group.indexes.length) {
    // An unchanged warm group: its rows line up with the new links position by position.
    for (let n = 0; n < group.indexes.length; n += 1) s.linkIds[group.indexes[n] as number] = prev.ids[n];
  } else {
    loadGroupIds(s, group);
  }
  return s.linkIds[i];
}

function vanishedFromDb(st: Statements, path: string): VanishedNode | null {
  const json = st.vanished.get(path) as string | undefined;
  return json === undefined ? null : vanishedFromValue(path, JSON.parse(json) as Node);
}

function vanishedFromValue(path: string, v: Node): VanishedNode {
  return {
    path,
    bodyHash: v.bodyHash,
    frontmatterHash: v.frontmatterHash,
    hasFrontmatter: Object.keys(v.frontmatter ?? {}).length > 0,
    virtual: v.virtual === true,
  };
}

/**
 * Removes vanished nodes (and, in the cold path, their links), carrying state over a detected rename; a vanished
 * path without state and without a successor gets its one-scan `orphan` issue (a deletion, see `deletions`).
 */
export function removeVanished(
  s: PersistState,
  gone: Iterable<[string, Node | undefined]>,
  added: Node[],
  withLinks: boolean,
): RenameMove[] {
  const vanished: VanishedNode[] = [];
  const deleted: VanishedNode[] = [];
  for (const [path, value] of gone) {
    const stateful = hasState(s.db, path);
    if (!stateful || added.length > 0) {
      const info = value !== undefined ? vanishedFromValue(path, value) : vanishedFromDb(s.st, path);
      if (info) (stateful ? vanished : deleted).push(info);
    }
    if (withLinks) s.c.links.deleted += s.st.deleteLinksOf.run(path).changes;
    s.st.deleteNode.run(path);
    s.c.nodes.deleted += 1;
  }
  s.deletions.push(...deletionIssues(deleted, added));
  if (vanished.length === 0) return [];
  const plan = planRenames(vanished, added);
  for (const move of plan.moves) applyRenameMove(s.db, move);
  s.result.issues.push(...plan.issues);
  return plan.moves;
}

/** The identity key of `links[i]` (suffixed within its source's group), or undefined outside the list. */
export function linkKeyAt(s: PersistState, i: number): string | undefined {
  if (i < 0 || i >= s.layout.links.length) return undefined;
  const source = (s.layout.links[i] as Link).source;
  const group = s.layout.groups.get(source) as Group;
  const known = group.keys !== null;
  const keys = s.layout.keys(group);
  // The warm index keeps them for the next persist (its groups now hold exactly these links).
  if (!known && s.warm !== undefined) {
    const indexed = s.warm.links.get(source);
    if (indexed !== undefined) indexed.keys = keys;
  }
  return keys[group.position(i)];
}
