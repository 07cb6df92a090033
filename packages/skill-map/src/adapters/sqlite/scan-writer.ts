import type { Database as Db, Statement } from 'better-sqlite3';
import type { Link, Node, ScanResult } from '../domain.js';
import { jsonEqual, jsonEqualExcept } from '../json-equal.js';
import { clearFileCache, writeFileCache } from './file-cache.js';
import type { FileCacheChanges } from './file-cache.js';
import {
  DIGEST_A,
  DIGEST_B,
  digestLink,
  digestValue,
  nodeRecord,
  sameNodeInputs,
  sourceRecord,
} from './fingerprints.js';
import type { DigestState } from './fingerprints.js';
import type { RowInputs } from './fingerprints.js';
import {
  LINK_COLUMNS,
  LINK_SELECT,
  LINK_WIDTH,
  encodeLink,
  encodeLinkInto,
  linkIdentity,
  rowIdentity,
  sameLinkValues,
} from './link-codec.js';
import type { LinkRow, LinkValues } from './link-codec.js';
import type { IndexedLinkGroup, IndexedNode, PersistIndex, StoredIssue } from './persist-index.js';
import { diffRows } from './row-diff.js';
import type { PrevRow, RowDiffSpec, RowGroups } from './row-diff.js';
import { applyRenameMove, hasState, planRenames } from './renames.js';
import type { RenameMove, VanishedNode } from './renames.js';
import {
  ISSUE_COLUMNS,
  NODE_COLUMNS,
  NODE_WIDTH,
  issueContentJson,
  issueIdentity,
  issueLinkIds,
  issueLinkKeys,
  issueValues,
  nodeValues,
  nodeValuesInto,
  rowHash,
  storedNodeMatches,
} from './rows.js';
import type { NodeFingerprint, RowValues, StoredNodeState } from './rows.js';
import { findOrphans, writeScanMeta } from './scan-meta.js';
import type { ScanMetaExtras } from './scan-meta.js';
import { cached } from './statements.js';

/** Rows written per table by one persist. */
export interface DiffCounts {
  inserted: number;
  updated: number;
  deleted: number;
}

/** What one persist did. */
export interface PersistReport {
  /** The persisted result: the input plus any rename/orphan issues stamped during the persist. */
  readonly result: ScanResult;
  /**
   * Hand this back to the next persist in the same process to diff against values in memory. With
   * `keepIndex: false` it is a placeholder that the next persist ignores.
   */
  readonly index: PersistIndex;
  readonly nodes: DiffCounts;
  readonly links: DiffCounts;
  readonly issues: DiffCounts;
  readonly renames: RenameMove[];
  readonly durationMs: number;
}

/** Options of `persistScan`. */
export interface PersistOptions {
  /** The index returned by the previous persist in this process; ignored if another writer ran since. */
  readonly index?: PersistIndex;
  readonly extras?: ScanMetaExtras;
  /** Per-file cache changes committed in the same transaction as the scan rows. */
  readonly cache?: FileCacheChanges;
  /** Empty the per-file cache first (a `--full` scan), in the same transaction. */
  readonly clearCache?: boolean;
  /**
   * What produced each row (see `RowInputs`): lets a persist skip rows whose inputs are unchanged instead of
   * comparing them. Without it every row is compared in full.
   */
  readonly inputs?: RowInputs;
  /**
   * False when the caller will not hand the index back (a one-shot CLI scan): the persist then builds none.
   * Default true.
   */
  readonly keepIndex?: boolean;
}

const counts = (): DiffCounts => ({ inserted: 0, updated: 0, deleted: 0 });

interface Statements {
  insertNode: Statement;
  updateNode: Statement;
  setNodeFp: Statement;
  nodeJson: Statement;
  deleteNode: Statement;
  vanished: Statement;
  insertLink: Statement;
  updateLink: Statement;
  deleteLink: Statement;
  deleteLinksOf: Statement;
  linksOf: Statement;
  linkKeysOf: Statement;
  insertIssue: Statement;
  updateIssue: Statement;
  insertMember: Statement;
  deleteMembers: Statement;
  deleteIssue: Statement;
}

const marks = (n: number): string => new Array<string>(n).fill('?').join(', ');
const sets = (cols: readonly string[]): string => cols.map((c) => `${c} = ?`).join(', ');

const STATEMENT_SQL: { readonly [K in keyof Statements]: readonly [sql: string, mode?: 'pluck' | 'raw'] } = {
  insertNode: [`INSERT INTO scan_nodes (${NODE_COLUMNS.join(', ')}) VALUES (${marks(NODE_COLUMNS.length)})`],
  updateNode: [`UPDATE scan_nodes SET ${sets(NODE_COLUMNS)} WHERE path = ?`],
  setNodeFp: [`UPDATE scan_nodes SET record_id = ?, links_digest = ? WHERE path = ?`],
  nodeJson: [`SELECT node_json FROM scan_nodes WHERE path = ?`, 'pluck'],
  deleteNode: [`DELETE FROM scan_nodes WHERE path = ?`],
  vanished: [`SELECT node_json FROM scan_nodes WHERE path = ?`, 'pluck'],
  insertLink: [`INSERT INTO scan_links (${LINK_COLUMNS.join(', ')}) VALUES (${marks(LINK_COLUMNS.length)})`],
  updateLink: [`UPDATE scan_links SET ${sets(LINK_COLUMNS)} WHERE id = ?`],
  deleteLink: [`DELETE FROM scan_links WHERE id = ?`],
  deleteLinksOf: [`DELETE FROM scan_links WHERE source_path = ?`],
  linksOf: [`SELECT id, ${LINK_SELECT} FROM scan_links WHERE source_path = ? ORDER BY id`, 'raw'],
  linkKeysOf: [
    `SELECT id, target_path, kind, normalized_trigger FROM scan_links WHERE source_path = ? ORDER BY id`,
    'raw',
  ],
  insertIssue: [
    `INSERT INTO scan_issues (${ISSUE_COLUMNS.join(', ')}) VALUES (${marks(ISSUE_COLUMNS.length)})`,
  ],
  updateIssue: [`UPDATE scan_issues SET ${sets(ISSUE_COLUMNS)} WHERE id = ?`],
  insertMember: [`INSERT OR IGNORE INTO scan_issue_nodes (issue_id, node_path) VALUES (?, ?)`],
  deleteMembers: [`DELETE FROM scan_issue_nodes WHERE issue_id = ?`],
  deleteIssue: [`DELETE FROM scan_issues WHERE id = ?`],
};

/** The persist's statements, each prepared (and cached per connection) on first use: a small persist needs few. */
function statements(db: Db): Statements {
  const out = {} as Statements;
  for (const key of Object.keys(STATEMENT_SQL) as Array<keyof Statements>) {
    const [sql, mode] = STATEMENT_SQL[key];
    Object.defineProperty(out, key, { get: () => cached(db, sql, mode) });
  }
  return out;
}

/** Identity keys in order, repeats within the list suffixed `\0#2`, `\0#3`... (a map only for large groups). */
function suffixed(bases: readonly string[]): string[] {
  const out = new Array<string>(bases.length);
  const seen = bases.length > 32 ? new Map<string, number>() : null;
  for (let n = 0; n < bases.length; n += 1) {
    const base = bases[n] as string;
    let count = 1;
    if (seen !== null) {
      count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
    } else {
      for (let m = 0; m < n; m += 1) if (bases[m] === base) count += 1;
    }
    out[n] = count === 1 ? base : `${base}\0#${count}`;
  }
  return out;
}

/** The links of one source in the new list. */
class Group implements DigestState {
  /** `[start, end)` of the list while the group is contiguous (the kernel emits each source's links together). */
  start: number;
  end: number;
  /** The indexes once the group is not contiguous. */
  private list: number[] | null = null;
  /** `start..end` as an array, built once when a caller needs one. */
  private range: number[] | null = null;
  keys: string[] | null = null;
  /** Handled by the node loop (its source is a node of this scan). */
  done = false;
  /** Running links digest, folded in while the layout is built when the persist needs every group's digest. */
  da = DIGEST_A;
  db = DIGEST_B;
  dn = 0;
  digested = false;

  constructor(first: number) {
    this.start = first;
    this.end = first;
  }

  add(i: number): void {
    if (this.list !== null) this.list.push(i);
    else if (i === this.end) this.end += 1;
    else {
      this.list = this.indexes.slice();
      this.list.push(i);
    }
  }

  get length(): number {
    return this.list === null ? this.end - this.start : this.list.length;
  }

  /** Index in the link list of the group's `n`-th link. */
  at(n: number): number {
    return this.list === null ? this.start + n : (this.list[n] as number);
  }

  /** Position in the group of list index `i` (which belongs to it). */
  position(i: number): number {
    return this.list === null ? i - this.start : this.list.indexOf(i);
  }

  /** The indexes as an array (built once, on demand, for a contiguous group). */
  get indexes(): number[] {
    if (this.list !== null) return this.list;
    if (this.range === null || this.range.length !== this.end - this.start) {
      this.range = new Array<number>(this.end - this.start);
      for (let n = 0; n < this.range.length; n += 1) this.range[n] = this.start + n;
    }
    return this.range;
  }
}

/** The new link list grouped by source, in first-appearance order; identity keys built per group on demand. */
class Layout {
  readonly groups = new Map<string, Group>();

  /** `withDigests`: fold every link into its group's digest in the same pass (cold paths compare them all). */
  constructor(
    readonly links: readonly Link[],
    withDigests = false,
  ) {
    let current: Group | undefined;
    let currentSource: string | undefined;
    for (let i = 0; i < links.length; i += 1) {
      const link = links[i] as Link;
      const source = link.source;
      if (source !== currentSource || current === undefined) {
        currentSource = source;
        current = this.groups.get(source);
        if (current === undefined) this.groups.set(source, (current = new Group(i)));
      }
      current.add(i);
      if (withDigests) digestLink(current, link);
    }
    if (withDigests) for (const g of this.groups.values()) g.digested = true;
  }

  /** The links digest of a group. */
  digest(group: Group): number {
    if (!group.digested) {
      group.da = DIGEST_A;
      group.db = DIGEST_B;
      group.dn = 0;
      for (let n = 0; n < group.length; n += 1) digestLink(group, this.links[group.at(n)] as Link);
      group.digested = true;
    }
    return digestValue(group);
  }

  keys(group: Group): string[] {
    group.keys ??= suffixed(group.indexes.map((i) => linkIdentity(this.links[i] as Link)));
    return group.keys;
  }
}

/** The group of a node without outgoing links (never mutated: its keys are set and it is always done). */
const EMPTY_GROUP: Group = Object.assign(new Group(0), { keys: [], done: true });

interface PersistState {
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
}

function digestOf(s: PersistState, record: number | null, group: Group): number | null {
  return record === null ? null : s.layout.digest(group);
}

function insertNode(s: PersistState, node: Node, fp: NodeFingerprint): void {
  s.st.insertNode.run(nodeValues(node, JSON.stringify(node), fp));
  s.c.nodes.inserted += 1;
}

function insertLink(
  s: PersistState,
  i: number,
  values: LinkValues = encodeLink(s.layout.links[i] as Link),
): number {
  s.c.links.inserted += 1;
  const id = Number(s.st.insertLink.run(values).lastInsertRowid);
  s.linkIds[i] = id;
  return id;
}

type IdRow = [id: number, ...LinkRow];

/** Diffs one source's links against its persisted rows (by identity key; content compared column by column). */
function diffGroupFromDb(s: PersistState, source: string, group: Group): void {
  if (group.length === 0) {
    s.c.links.deleted += s.st.deleteLinksOf.run(source).changes;
    return;
  }
  const rows = s.st.linksOf.all(source) as IdRow[];
  if (rows.length === 0) {
    for (const i of group.indexes) insertLink(s, i);
    return;
  }
  const prevKeys = suffixed(rows.map((r) => rowIdentity(r[1], r[2], r[3], r[8])));
  const byKey = new Map<string, number>();
  for (let m = 0; m < prevKeys.length; m += 1) byKey.set(prevKeys[m] as string, m);
  const keys = s.layout.keys(group);
  for (let n = 0; n < group.indexes.length; n += 1) {
    const i = group.indexes[n] as number;
    const key = keys[n] as string;
    const m = byKey.get(key);
    const values = encodeLink(s.layout.links[i] as Link);
    if (m === undefined) {
      insertLink(s, i, values);
      continue;
    }
    byKey.delete(key);
    const row = rows[m] as IdRow;
    s.linkIds[i] = row[0];
    if (!sameLinkValues(row, 1, values)) {
      s.st.updateLink.run(...values, row[0]);
      s.c.links.updated += 1;
    }
  }
  for (const m of byKey.values()) s.st.deleteLink.run((rows[m] as IdRow)[0]);
  s.c.links.deleted += byKey.size;
}

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
function linkIdAt(s: PersistState, i: number): number | undefined {
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
  };
}

/** Removes vanished nodes (and, in the cold path, their links), carrying state over a detected rename. */
function removeVanished(
  s: PersistState,
  gone: Iterable<[string, Node | undefined]>,
  added: Node[],
  withLinks: boolean,
): RenameMove[] {
  const vanished: VanishedNode[] = [];
  for (const [path, value] of gone) {
    if (added.length > 0 && hasState(s.db, path)) {
      const info = value !== undefined ? vanishedFromValue(path, value) : vanishedFromDb(s.st, path);
      if (info) vanished.push(info);
    }
    if (withLinks) s.c.links.deleted += s.st.deleteLinksOf.run(path).changes;
    s.st.deleteNode.run(path);
    s.c.nodes.deleted += 1;
  }
  if (vanished.length === 0) return [];
  const plan = planRenames(vanished, added);
  for (const move of plan.moves) applyRenameMove(s.db, move);
  s.result.issues.push(...plan.issues);
  return plan.moves;
}

/** Rows per statement of an empty-zone bulk load: one call binds many rows (fewer native round trips). */
const BATCH = 32;

function batchInsert(db: Db, table: string, columns: readonly string[]): Statement {
  const one = `(${new Array<string>(columns.length).fill('?').join(', ')})`;
  return cached(
    db,
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${new Array<string>(BATCH).fill(one).join(', ')}`,
  );
}

/** Empty zone: every node inserted in batches, with its fingerprint (no existing row to compare with). */
function bulkInsertNodes(s: PersistState): void {
  const { result, layout } = s;
  const nodes = result.nodes;
  const stmt = batchInsert(s.db, 'scan_nodes', NODE_COLUMNS);
  const buf: RowValues = new Array<string | number | null>(BATCH * NODE_WIDTH);
  let filled = 0;
  for (const node of nodes) {
    const group = layout.groups.get(node.path) ?? EMPTY_GROUP;
    group.done = true;
    const record = nodeRecord(s.inputs, node);
    if (s.keepIndex) s.records.set(node.path, record);
    nodeValuesInto(
      node,
      JSON.stringify(node),
      { record, digest: digestOf(s, record, group) },
      buf,
      filled * NODE_WIDTH,
    );
    filled += 1;
    if (filled === BATCH) {
      stmt.run(buf);
      filled = 0;
    }
  }
  for (let j = 0; j < filled; j += 1) s.st.insertNode.run(buf.slice(j * NODE_WIDTH, (j + 1) * NODE_WIDTH));
  s.c.nodes.inserted += nodes.length;
}

/** Empty zone: every link inserted in list order, in batches; row ids follow from the last id of each batch. */
function bulkInsertLinks(s: PersistState): void {
  const links = s.layout.links;
  const stmt = batchInsert(s.db, 'scan_links', LINK_COLUMNS);
  const buf: LinkValues = new Array<string | number | null>(BATCH * LINK_WIDTH);
  let i = 0;
  for (; i + BATCH <= links.length; i += BATCH) {
    for (let j = 0; j < BATCH; j += 1) encodeLinkInto(links[i + j] as Link, buf, j * LINK_WIDTH);
    const first = Number(stmt.run(buf).lastInsertRowid) - BATCH + 1;
    for (let j = 0; j < BATCH; j += 1) s.linkIds[i + j] = first + j;
  }
  s.c.links.inserted += i;
  for (; i < links.length; i += 1) insertLink(s, i);
}

/**
 * Persist without an in-memory index (a new process, or another writer ran since). A node row whose stored
 * fingerprint (record identity, mtime, link counts) matches is unchanged and is not even serialised; a source's
 * links are unchanged when its record and the digest of their resolution outcome match. Anything else is
 * compared with what the rows hold, exactly as a full diff would, so the counts are the same either way. An
 * empty zone is bulk-inserted.
 */
function persistCold(s: PersistState, empty: boolean, storedSalt: string | null): RenameMove[] {
  const { st, result, layout } = s;
  if (empty) {
    bulkInsertNodes(s);
    bulkInsertLinks(s);
    return [];
  }
  const trusted = s.inputs !== undefined && s.inputs.salt === storedSalt;
  // One JSON text built by SQLite from the covering index parses faster than 10k rows marshalled one by one.
  const stored = new Map<string, StoredNodeState>();
  const text = cached(
    s.db,
    `SELECT json_group_array(json_array(path, record_id, modified_at_ms, links_out_count, links_in_count, links_digest)) FROM scan_nodes`,
    'pluck',
  ).get() as string;
  for (const r of JSON.parse(text) as StoredNodeState[]) stored.set(r[0], r);
  const added: Node[] = [];
  // Groups whose links must be diffed against their rows; run in link-list order so inserted rows keep it.
  const pending: Array<[string, Group]> = [];
  for (const node of result.nodes) {
    const group = layout.groups.get(node.path) ?? EMPTY_GROUP;
    group.done = true;
    const prev = stored.get(node.path);
    const record = nodeRecord(s.inputs, node);
    if (s.keepIndex) s.records.set(node.path, record);
    if (prev === undefined) {
      insertNode(s, node, { record, digest: digestOf(s, record, group) });
      if (node.virtual !== true) added.push(node);
      if (group.length > 0) pending.push([node.path, group]);
      continue;
    }
    stored.delete(node.path);
    const fp: NodeFingerprint = { record, digest: digestOf(s, record, group) };
    let written = false;
    if (!(trusted && storedNodeMatches(prev, record, node))) {
      const json = JSON.stringify(node);
      if (json !== (st.nodeJson.get(node.path) as string | undefined)) {
        st.updateNode.run(...nodeValues(node, json, fp), node.path);
        s.c.nodes.updated += 1;
        written = true;
      }
    }
    const groupSame =
      trusted && record !== null && prev[1] === record && prev[5] !== null && prev[5] === fp.digest;
    if (!groupSame) pending.push([node.path, group]);
    // Once this persist is done the row and its links match the new scan, so its fingerprint is the current one.
    if (!written && (prev[1] !== fp.record || prev[5] !== fp.digest))
      st.setNodeFp.run(fp.record, fp.digest, node.path);
  }
  // Links whose source is not a node of this scan (the kernel never emits them; kept for completeness).
  for (const [source, group] of layout.groups) if (!group.done) pending.push([source, group]);
  pending.sort((a, b) => (a[1].length === 0 ? -1 : a[1].at(0)) - (b[1].length === 0 ? -1 : b[1].at(0)));
  for (const [source, group] of pending) diffGroupFromDb(s, source, group);
  return removeVanished(
    s,
    [...stored.keys()].map((p): [string, undefined] => [p, undefined]),
    added,
    true,
  );
}

const sameTrigger = (a: Link, b: Link): boolean =>
  (a.trigger?.normalizedTrigger ?? '') === (b.trigger?.normalizedTrigger ?? '');
const sameLinkIdentity = (a: Link, b: Link): boolean =>
  a.source === b.source && a.target === b.target && a.kind === b.kind && sameTrigger(a, b);
/** Same identity and resolution outcome: with the same record, the rest of the link is the same raw link. */
/**
 * Same kept raw link and resolution outcome. With the same record the raw link is fixed by target, kind, authored
 * trigger (the normalised one derives from it) and the offset of its first occurrence; the authored trigger is the
 * record's own string, where the normalised one is rebuilt by every graph build.
 */
const sameOutcome = (a: Link, b: Link): boolean =>
  a.target === b.target &&
  a.resolvedTarget === b.resolvedTarget &&
  a.confidence === b.confidence &&
  a.kind === b.kind &&
  a.location?.offset === b.location?.offset &&
  (a.trigger?.originalTrigger ?? null) === (b.trigger?.originalTrigger ?? null);

function unchangedGroup(
  prev: IndexedLinkGroup,
  record: number | null,
  links: readonly Link[],
  group: Group,
): boolean {
  const length = group.length;
  if (prev.values.length !== length) return false;
  if (record !== null && prev.record === record) {
    for (let n = 0; n < length; n += 1) {
      const a = prev.values[n] as Link;
      const b = links[group.at(n)] as Link;
      if (a !== b && !sameOutcome(a, b)) return false;
    }
    return true;
  }
  for (let n = 0; n < length; n += 1) {
    const b = links[group.at(n)];
    if (prev.values[n] !== b && !jsonEqual(prev.values[n], b)) return false;
  }
  return true;
}

/** Row ids of a warm group, read back by key the first time a write needs them. */
function groupIds(s: PersistState, source: string, prev: IndexedLinkGroup): number[] {
  if (prev.ids !== null) return prev.ids;
  const rows = s.st.linkKeysOf.all(source) as Array<[number, string, string, string | null]>;
  const byKey = new Map<string, number>();
  const prevKeys = suffixed(rows.map((r) => rowIdentity(source, r[1], r[2], r[3])));
  for (let m = 0; m < rows.length; m += 1)
    byKey.set(prevKeys[m] as string, (rows[m] as [number, string, string, string | null])[0]);
  const keys = suffixed(prev.values.map(linkIdentity));
  prev.ids = keys.map((k) => byKey.get(k) ?? -1);
  return prev.ids;
}

/** Diffs a changed warm group in memory; returns its new state. */
function diffWarmGroup(
  s: PersistState,
  source: string,
  prev: IndexedLinkGroup | undefined,
  record: number | null,
  group: Group,
): IndexedLinkGroup {
  const links = s.layout.links;
  const values = group.indexes.map((i) => links[i] as Link);
  const ids = new Array<number>(values.length);
  const update = (id: number, i: number): void => {
    s.st.updateLink.run(...encodeLink(links[i] as Link), id);
    s.c.links.updated += 1;
  };
  const prevValues = prev?.values ?? [];
  const prevIds = prev === undefined ? [] : groupIds(s, source, prev);
  if (
    prevValues.length === values.length &&
    prevValues.every((p, n) => sameLinkIdentity(p, values[n] as Link))
  ) {
    for (let n = 0; n < values.length; n += 1) {
      const i = group.indexes[n] as number;
      ids[n] = prevIds[n] as number;
      s.linkIds[i] = ids[n];
      if (!jsonEqual(prevValues[n], values[n])) update(ids[n] as number, i);
    }
    return { record, values, ids };
  }
  const byKey = new Map<string, number>();
  const prevKeys = suffixed(prevValues.map(linkIdentity));
  for (let m = 0; m < prevKeys.length; m += 1) byKey.set(prevKeys[m] as string, m);
  const keys = s.layout.keys(group);
  for (let n = 0; n < values.length; n += 1) {
    const i = group.indexes[n] as number;
    const m = byKey.get(keys[n] as string);
    if (m === undefined) {
      ids[n] = insertLink(s, i);
      continue;
    }
    byKey.delete(keys[n] as string);
    ids[n] = prevIds[m] as number;
    s.linkIds[i] = ids[n];
    if (!jsonEqual(prevValues[m], values[n])) update(ids[n] as number, i);
  }
  for (const m of byKey.values()) s.st.deleteLink.run(prevIds[m]);
  s.c.links.deleted += byKey.size;
  return { record, values, ids };
}

/**
 * Persist with the previous persist's in-memory index: nothing is read back. A node whose record, mtime and link
 * counts are unchanged is skipped without a comparison (the fingerprint the cold path stores, held in memory);
 * so is a source's link group whose record and resolution outcome are unchanged. Other rows are compared
 * structurally. The index is updated in place.
 */
function persistWarm(s: PersistState, index: PersistIndex): RenameMove[] {
  const { st, result, layout } = s;
  const trusted = s.inputs !== undefined && s.inputs.salt === index.salt;
  const added: Node[] = [];
  const written = new Set<string>();
  let matched = 0;
  for (const node of result.nodes) {
    const prev: IndexedNode | undefined = index.nodes.get(node.path);
    if (prev !== undefined) {
      matched += 1;
      // An incremental graph build shares every node it did not touch with the previous result.
      if (prev.value === node) continue;
      // Same record, mtime and link counts, no sidecar: the row is what it was (no comparison, no serialisation).
      if (trusted && prev.record !== null && sameNodeInputs(prev.value, node)) {
        if (prev.token !== undefined && s.inputs?.token?.(node.path) === prev.token) continue;
        if (nodeRecord(s.inputs, node) === prev.record) {
          prev.token = s.inputs?.token?.(node.path);
          continue;
        }
      }
    }
    const record = nodeRecord(s.inputs, node);
    const token = record === null ? undefined : s.inputs?.token?.(node.path);
    if (prev !== undefined && jsonEqual(prev.value, node)) {
      prev.record = record;
      prev.token = token;
      continue;
    }
    const group = layout.groups.get(node.path) ?? EMPTY_GROUP;
    const fp: NodeFingerprint = { record, digest: digestOf(s, record, group) };
    const json = JSON.stringify(node);
    if (prev === undefined) {
      st.insertNode.run(nodeValues(node, json, fp));
      s.c.nodes.inserted += 1;
      if (node.virtual !== true) added.push(node);
      index.nodes.set(node.path, { value: node, record, token });
    } else {
      st.updateNode.run(...nodeValues(node, json, fp), node.path);
      s.c.nodes.updated += 1;
      prev.value = node;
      prev.record = record;
      prev.token = token;
    }
    written.add(node.path);
  }
  const gone: Array<[string, Node | undefined]> = [];
  if (matched !== index.nodes.size - s.c.nodes.inserted) {
    const seen = new Set(result.nodes.map((n) => n.path));
    for (const [path, prev] of index.nodes) if (!seen.has(path)) gone.push([path, prev.value]);
    for (const [path] of gone) index.nodes.delete(path);
  }
  const renames = removeVanished(s, gone, added, false);
  const touched: string[] = [];
  for (const [source, group] of layout.groups) {
    const prev = index.links.get(source);
    // The node loop brought every node's record identity up to date (null: not fingerprinted, compare in full).
    const record = trusted ? (index.nodes.get(source)?.record ?? null) : null;
    if (prev !== undefined) {
      group.done = true;
      if (unchangedGroup(prev, record, layout.links, group)) {
        prev.record = record;
        if (prev.keys !== undefined) group.keys ??= prev.keys;
        continue;
      }
    }
    index.links.set(source, diffWarmGroup(s, source, prev, record, group));
    touched.push(source);
  }
  if (index.links.size !== layout.groups.size) {
    for (const [source, prev] of index.links) {
      if (layout.groups.has(source)) continue;
      for (const id of groupIds(s, source, prev)) st.deleteLink.run(id);
      s.c.links.deleted += prev.values.length;
      index.links.delete(source);
      touched.push(source);
    }
  }
  // A source whose links changed gets a fresh digest, so the next cold persist never trusts a stale one.
  for (const source of touched) {
    if (written.has(source)) continue;
    const entry = index.nodes.get(source);
    if (entry === undefined) continue;
    const record = nodeRecord(s.inputs, entry.value);
    st.setNodeFp.run(record, digestOf(s, record, layout.groups.get(source) ?? EMPTY_GROUP), source);
  }
  return renames;
}

const sameNodes = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((v, i) => v === b[i]);
const sameKeys = (a: readonly string[] | null, b: readonly string[] | null): boolean =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((v, i) => v === b[i]));

const ISSUE_DIFF: RowDiffSpec<StoredIssue> = {
  group: (s) => s.issue.nodeIds[0] ?? '',
  identity: (s) => issueIdentity(s.issue),
  sameIdentity: (a, b) =>
    a.issue.analyzerId === b.issue.analyzerId &&
    a.issue.severity === b.issue.severity &&
    a.issue.message === b.issue.message &&
    a.issue.data?.target === b.issue.data?.target &&
    sameNodes(a.issue.nodeIds, b.issue.nodeIds),
  equal: (a, b) =>
    (a.issue === b.issue || jsonEqualExcept(a.issue, b.issue, 'linkIndices')) &&
    sameKeys(a.linkKeys, b.linkKeys),
  hash: (s) => rowHash(issueContentJson(s.issue, s.linkKeys)),
};

type IssueRow = [number, string, string, string];

/** The persisted issues as the cold diff compares them (id, group, key, content hash); a few thousand rows. */
function loadIssueIndex(db: Db): RowGroups<StoredIssue> {
  const groups: RowGroups<StoredIssue> = new Map();
  for (const [id, group, key, hash] of cached(
    db,
    `SELECT id, group_key, issue_key, row_hash FROM scan_issues ORDER BY id`,
    'raw',
  ).all() as IssueRow[]) {
    const row: PrevRow<StoredIssue> = { id, key, hash };
    const list = groups.get(group);
    if (list) list.push(row);
    else groups.set(group, [row]);
  }
  return groups;
}

/** The identity key of `links[i]` (suffixed within its source's group), or undefined outside the list. */
function linkKeyAt(s: PersistState, i: number): string | undefined {
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

/**
 * Diffs the issues by identity key, comparing content and the keys of the links they name (no link row is read
 * for that); a written row also gets the row ids of those links, which reads re-index against the link order.
 */
function writeIssues(s: PersistState, prev: RowGroups<StoredIssue>): RowGroups<StoredIssue> {
  const { st } = s;
  const keyOf = (i: number): string | undefined => linkKeyAt(s, i);
  const idOf = (i: number): number | undefined => linkIdAt(s, i);
  const stored = s.result.issues.map((issue): StoredIssue => ({
    issue,
    linkKeys: issueLinkKeys(issue, keyOf),
  }));
  const diff = diffRows(prev, stored, ISSUE_DIFF);
  for (const op of diff.ops) {
    const { issue, linkKeys } = op.value;
    const values = issueValues(issue, op.key, issueLinkIds(issue, idOf), issueContentJson(issue, linkKeys));
    let id: number;
    if (op.op === 'insert') {
      id = Number(st.insertIssue.run(values).lastInsertRowid);
      op.row.id = id;
      s.c.issues.inserted += 1;
    } else {
      id = op.id;
      st.updateIssue.run(...values, id);
      st.deleteMembers.run(id);
      s.c.issues.updated += 1;
    }
    for (const path of new Set(issue.nodeIds)) st.insertMember.run(id, path);
  }
  for (const id of diff.deletes) st.deleteIssue.run(id);
  s.c.issues.deleted += diff.deletes.length;
  return diff.next;
}

/** After a cold persist: the in-memory index the next persist in this process diffs against. */
function buildIndex(
  s: PersistState,
  generation: number,
  salt: string | null,
  issues: RowGroups<StoredIssue>,
): PersistIndex {
  const nodes = new Map<string, IndexedNode>();
  for (const node of s.result.nodes) {
    const record = s.records.get(node.path) ?? null;
    nodes.set(node.path, {
      value: node,
      record,
      token: record === null ? undefined : s.inputs?.token?.(node.path),
    });
  }
  const links = new Map<string, IndexedLinkGroup>();
  const all = s.layout.links;
  for (const [source, group] of s.layout.groups) {
    const values = group.indexes.map((i) => all[i] as Link);
    let ids: number[] | null = group.indexes.map((i) => s.linkIds[i] ?? -1);
    if (ids.includes(-1)) ids = null;
    links.set(source, { record: s.records.get(source) ?? sourceRecord(s.inputs, source), values, ids });
  }
  return { generation, salt, nodes, links, issues };
}

/** Rows above which an empty-zone load drops the secondary indexes of the scan zone and rebuilds them after. */
const BULK_INDEX_THRESHOLD = 5000;
const SCAN_TABLES = ['scan_nodes', 'scan_links', 'scan_issues', 'scan_issue_nodes'];

/**
 * Drops the explicit secondary indexes of the scan zone (inside the caller's transaction) and returns the
 * function that recreates them from their own stored DDL, so the schema ends exactly as it was. Constraint
 * indexes (primary keys, UNIQUE) have no stored DDL and stay.
 */
function dropScanIndexes(db: Db): () => void {
  const list = db
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${SCAN_TABLES.map(() => '?').join(', ')}) ORDER BY name`,
    )
    .raw()
    .all(...SCAN_TABLES) as Array<[string, string]>;
  for (const [name] of list) db.exec(`DROP INDEX "${name.replace(/"/g, '""')}"`);
  return () => {
    for (const [, sql] of list) db.exec(sql);
  };
}

function zoneEmpty(db: Db): boolean {
  return (
    cached(
      db,
      `SELECT EXISTS (SELECT 1 FROM scan_nodes) OR EXISTS (SELECT 1 FROM scan_links) OR EXISTS (SELECT 1 FROM scan_issues)`,
      'pluck',
    ).get() === 0
  );
}

function readPersistMeta(db: Db): { generation: number; salt: string | null; graph: string | null } {
  const row = cached(
    db,
    `SELECT persist_generation, row_salt, graph_digest FROM scan_meta WHERE id = 1`,
    'raw',
  ).get() as [number, string | null, string | null] | undefined;
  return { generation: row?.[0] ?? 0, salt: row?.[1] ?? null, graph: row?.[2] ?? null };
}

/** A placeholder index (no caller will diff against it; its generation never matches). */
const DETACHED_GENERATION = -1;

/** Indexes whose in-place update was interrupted by a failed transaction: never trusted again. */
const poisoned = new WeakSet<PersistIndex>();

/**
 * Persists a scan as a DIFF against what the scan zone holds, in one transaction: unchanged nodes, links
 * and issues are not rewritten, so a one-file edit on a 10,000-node project touches a handful of rows.
 * Three paths: an empty scan zone is bulk-inserted; with the previous persist's index (same process) rows
 * are compared in memory; otherwise stored fingerprints skip rows whose inputs did not change and the rest
 * is compared with what the rows hold. Vanished paths with state go through the rename heuristic (state rows
 * move to the new path) and state left without a node is stamped with `orphan` issues. The input result is
 * not mutated.
 */
export function persistScan(db: Db, input: ScanResult, opts: PersistOptions = {}): PersistReport {
  const started = performance.now();
  const result: ScanResult = { ...input, issues: [...input.issues] };
  const st = statements(db);
  const c = { nodes: counts(), links: counts(), issues: counts() };
  const keepIndex = opts.keepIndex !== false;
  const given = opts.index !== undefined && !poisoned.has(opts.index) ? opts.index : undefined;
  const run = db.transaction(() => {
    const meta = readPersistMeta(db);
    const warm = given !== undefined && given.generation === meta.generation ? given : undefined;
    // Same records and same everything else the graph stage reads: the stored nodes and links are these.
    const unchanged =
      warm === undefined &&
      opts.inputs?.graph?.recordsUnchanged === true &&
      opts.inputs.graph.digest === meta.graph &&
      opts.inputs.salt === meta.salt;
    const cold = warm === undefined && !unchanged;
    const layout = new Layout(result.links, cold && opts.inputs !== undefined);
    const s: PersistState = {
      db,
      st,
      result,
      layout,
      inputs: opts.inputs,
      c,
      linkIds: new Array<number | undefined>(result.links.length),
      warm,
      records: new Map(),
      keepIndex,
    };
    let renames: RenameMove[];
    let prevIssues: RowGroups<StoredIssue>;
    let rebuild: (() => void) | null = null;
    if (warm !== undefined) {
      poisoned.add(warm);
      renames = persistWarm(s, warm);
      prevIssues = warm.issues;
    } else if (unchanged) {
      renames = [];
      prevIssues = loadIssueIndex(db);
    } else {
      const empty = zoneEmpty(db);
      if (empty && result.links.length + result.nodes.length >= BULK_INDEX_THRESHOLD)
        rebuild = dropScanIndexes(db);
      renames = persistCold(s, empty, meta.salt);
      prevIssues = empty ? new Map<string, PrevRow<StoredIssue>[]>() : loadIssueIndex(db);
    }
    result.issues.push(...findOrphans(db));
    result.stats = { ...result.stats, issuesCount: result.issues.length };
    const issues = writeIssues(s, prevIssues);
    // A bulk load builds each secondary index once, sorted, instead of inserting row by row into it.
    rebuild?.();
    const nextGeneration = meta.generation + 1;
    const salt = opts.inputs?.salt ?? meta.salt;
    writeScanMeta(db, result, nextGeneration, opts.extras, salt, opts.inputs?.graph?.digest ?? null);
    if (opts.clearCache) clearFileCache(db);
    if (opts.cache) writeFileCache(db, opts.cache);
    if (!keepIndex)
      return {
        next: {
          generation: DETACHED_GENERATION,
          salt: null,
          nodes: new Map(),
          links: new Map(),
          issues: new Map(),
        },
        renames,
      };
    if (warm !== undefined)
      return {
        next: { generation: nextGeneration, salt, nodes: warm.nodes, links: warm.links, issues },
        renames,
      };
    return { next: buildIndex(s, nextGeneration, salt, issues), renames };
  });
  const { next, renames } = run.immediate();
  poisoned.delete(next);
  return { result, index: next, ...c, renames, durationMs: performance.now() - started };
}
