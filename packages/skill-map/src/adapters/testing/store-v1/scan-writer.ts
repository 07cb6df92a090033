import type { Database as Db, Statement } from 'better-sqlite3';
import type { Link, Node, ScanResult } from '../../domain.js';
import { jsonEqual, jsonEqualExcept } from '../../json-equal.js';
import { clearFileCache, writeFileCache } from './file-cache.js';
import type { FileCacheChanges } from './file-cache.js';
import {
  fpMatches,
  groupFingerprint,
  nodeFingerprint,
  packNodeHash,
  unpackNodeHash,
} from './fingerprints.js';
import type { RowInputs } from './fingerprints.js';
import { readGeneration } from './persist-index.js';
import type { IndexedRow, PersistIndex, StoredIssue } from './persist-index.js';
import { diffRows } from './row-diff.js';
import type { PrevRow, RowDiffSpec, RowGroups } from './row-diff.js';
import { applyRenameMove, hasState, planRenames } from './renames.js';
import type { RenameMove, VanishedNode } from './renames.js';
import {
  ISSUE_COLUMNS,
  LINK_COLUMNS,
  NODE_COLUMNS,
  issueContentJson,
  issueIdentity,
  issueLinkKeys,
  issueValues,
  linkIdentity,
  linkValues,
  nodeValues,
  rowHash,
} from './rows.js';
import { findOrphans, writeScanMeta } from './scan-meta.js';
import type { ScanMetaExtras } from './scan-meta.js';
import { cached } from '../../sqlite/statements.js';

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
   * What produced each row (see `RowInputs`): lets a persist without an index (a new process) skip rows
   * whose inputs are unchanged instead of serialising them. Without it every row is compared in full.
   */
  readonly inputs?: RowInputs;
  /**
   * False when the caller will not hand the index back (a one-shot CLI scan): a persist without an index
   * then skips loading every link id to build one. Default true.
   */
  readonly keepIndex?: boolean;
}

const counts = (): DiffCounts => ({ inserted: 0, updated: 0, deleted: 0 });

interface Statements {
  insertNode: Statement;
  updateNode: Statement;
  setNodeHash: Statement;
  nodeJson: Statement;
  deleteNode: Statement;
  vanished: Statement;
  insertLink: Statement;
  updateLink: Statement;
  deleteLink: Statement;
  deleteLinksOf: Statement;
  linksOf: Statement;
  insertIssue: Statement;
  updateIssue: Statement;
  insertMember: Statement;
  deleteMembers: Statement;
  deleteIssue: Statement;
}

function statements(db: Db): Statements {
  const marks = (n: number): string => new Array<string>(n).fill('?').join(', ');
  const sets = (cols: readonly string[]): string => cols.map((c) => `${c} = ?`).join(', ');
  return {
    insertNode: cached(
      db,
      `INSERT INTO scan_nodes (${NODE_COLUMNS.join(', ')}) VALUES (${marks(NODE_COLUMNS.length)})`,
    ),
    updateNode: cached(db, `UPDATE scan_nodes SET ${sets(NODE_COLUMNS)} WHERE path = ?`),
    setNodeHash: cached(db, `UPDATE scan_nodes SET row_hash = ? WHERE path = ?`),
    nodeJson: cached(db, `SELECT node_json FROM scan_nodes WHERE path = ?`, 'pluck'),
    deleteNode: cached(db, `DELETE FROM scan_nodes WHERE path = ?`),
    vanished: cached(
      db,
      `SELECT body_hash, frontmatter_hash, frontmatter_json FROM scan_nodes WHERE path = ?`,
    ),
    insertLink: cached(
      db,
      `INSERT INTO scan_links (${LINK_COLUMNS.join(', ')}) VALUES (${marks(LINK_COLUMNS.length)})`,
    ),
    updateLink: cached(db, `UPDATE scan_links SET ${sets(LINK_COLUMNS)} WHERE id = ?`),
    deleteLink: cached(db, `DELETE FROM scan_links WHERE id = ?`),
    deleteLinksOf: cached(db, `DELETE FROM scan_links WHERE source_path = ?`),
    linksOf: cached(
      db,
      `SELECT id, link_key, link_json FROM scan_links WHERE source_path = ? ORDER BY id`,
      'raw',
    ),
    insertIssue: cached(
      db,
      `INSERT INTO scan_issues (${ISSUE_COLUMNS.join(', ')}) VALUES (${marks(ISSUE_COLUMNS.length)})`,
    ),
    updateIssue: cached(db, `UPDATE scan_issues SET ${sets(ISSUE_COLUMNS)} WHERE id = ?`),
    insertMember: cached(db, `INSERT OR IGNORE INTO scan_issue_nodes (issue_id, node_path) VALUES (?, ?)`),
    deleteMembers: cached(db, `DELETE FROM scan_issue_nodes WHERE issue_id = ?`),
    deleteIssue: cached(db, `DELETE FROM scan_issues WHERE id = ?`),
  };
}

/** The new link list grouped by source (indexes in list order); identity keys are built per group on demand. */
class LinkLayout {
  private grouped: Map<string, number[]> | null = null;
  private readonly keys: Array<string | undefined>;

  constructor(private readonly links: readonly Link[]) {
    this.keys = new Array<string | undefined>(links.length);
  }

  /** Link indexes per source, in list order (built on first use: a warm persist rarely needs it). */
  get groups(): Map<string, number[]> {
    if (this.grouped !== null) return this.grouped;
    const groups = new Map<string, number[]>();
    let current: number[] | undefined;
    let currentSource: string | undefined;
    for (let i = 0; i < this.links.length; i += 1) {
      const source = (this.links[i] as Link).source;
      if (source !== currentSource || current === undefined) {
        currentSource = source;
        current = groups.get(source);
        if (current === undefined) groups.set(source, (current = []));
      }
      current.push(i);
    }
    this.grouped = groups;
    return groups;
  }

  /** The identity key of `links[i]`; repeats within a group (rare: the kernel dedupes) are suffixed in list order. */
  key(i: number): string {
    const hit = this.keys[i];
    if (hit !== undefined) return hit;
    const indexes = this.groups.get((this.links[i] as Link).source) ?? [i];
    const seen = new Map<string, number>();
    for (const j of indexes) {
      const base = linkIdentity(this.links[j] as Link);
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      this.keys[j] = n === 1 ? base : `${base}\0#${n}`;
    }
    return this.keys[i] as string;
  }
}

const NO_LINKS: readonly number[] = Object.freeze([]);

interface PersistState {
  readonly db: Db;
  readonly st: Statements;
  readonly result: ScanResult;
  readonly layout: LinkLayout;
  readonly inputs: RowInputs | undefined;
  readonly c: { nodes: DiffCounts; links: DiffCounts; issues: DiffCounts };
}

const nodeMaps = new WeakMap<ScanResult, Map<string, Node>>();

function nodeAt(s: PersistState, path: string): Node | undefined {
  let map = nodeMaps.get(s.result);
  if (map === undefined) {
    map = new Map(s.result.nodes.map((n) => [n.path, n]));
    nodeMaps.set(s.result, map);
  }
  return map.get(path);
}

const isNodePath = (s: PersistState, path: string): boolean => nodeAt(s, path) !== undefined;

function nodeHash(s: PersistState, node: Node): string {
  const indexes = s.layout.groups.get(node.path) ?? NO_LINKS;
  return packNodeHash(
    nodeFingerprint(s.inputs, node),
    groupFingerprint(s.inputs, node.path, s.result.links, indexes),
  );
}

function insertLink(s: PersistState, i: number): number {
  const link = s.result.links[i] as Link;
  s.c.links.inserted += 1;
  return Number(s.st.insertLink.run(linkValues(link, s.layout.key(i), JSON.stringify(link))).lastInsertRowid);
}

/** Diffs one source's links against its persisted rows (by key, content compared as `link_json` text). */
function diffGroupFromDb(s: PersistState, source: string, indexes: readonly number[]): void {
  const rows = s.st.linksOf.all(source) as Array<[number, string, string]>;
  if (rows.length === 0) {
    for (const i of indexes) insertLink(s, i);
    return;
  }
  const byKey = new Map<string, [number, string, string]>();
  for (const r of rows) byKey.set(r[1], r);
  for (const i of indexes) {
    const key = s.layout.key(i);
    const row = byKey.get(key);
    if (row === undefined) {
      insertLink(s, i);
      continue;
    }
    byKey.delete(key);
    const link = s.result.links[i] as Link;
    const json = JSON.stringify(link);
    if (json !== row[2]) {
      s.st.updateLink.run(...linkValues(link, key, json), row[0]);
      s.c.links.updated += 1;
    }
  }
  for (const row of byKey.values()) s.st.deleteLink.run(row[0]);
  s.c.links.deleted += byKey.size;
}

function vanishedFromDb(st: Statements, path: string): VanishedNode | null {
  const row = st.vanished.get(path) as
    { body_hash: string; frontmatter_hash: string; frontmatter_json: string | null } | undefined;
  if (!row) return null;
  const fm = row.frontmatter_json === null ? {} : (JSON.parse(row.frontmatter_json) as object);
  return {
    path,
    bodyHash: row.body_hash,
    frontmatterHash: row.frontmatter_hash,
    hasFrontmatter: Object.keys(fm).length > 0,
  };
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

/**
 * Persist without an in-memory index (a new process, or another writer ran since): a node row whose
 * fingerprint (file record + link counts) matches the stored one is unchanged and is not even serialised;
 * so are a source's links when their group fingerprint matches. Anything else is compared with the stored
 * JSON text, exactly as a full diff would, so the counts are the same either way.
 */
function persistCold(s: PersistState, empty: boolean): RenameMove[] {
  const { st, result } = s;
  const stored = new Map<string, string>();
  if (!empty)
    for (const [path, hash] of cached(s.db, `SELECT path, row_hash FROM scan_nodes`, 'raw').all() as Array<
      [string, string]
    >)
      stored.set(path, hash);
  const added: Node[] = [];
  // Sources whose links must be diffed against their rows; run in link-list order so inserted rows keep it.
  const pending: string[] = [];
  for (const node of result.nodes) {
    const indexes = s.layout.groups.get(node.path) ?? NO_LINKS;
    const nodeFp = nodeFingerprint(s.inputs, node);
    const groupFp = groupFingerprint(s.inputs, node.path, result.links, indexes);
    const hash = packNodeHash(nodeFp, groupFp);
    const prevHash = stored.get(node.path);
    if (prevHash === undefined) {
      st.insertNode.run(nodeValues(node, JSON.stringify(node), result.scannedAt, hash));
      s.c.nodes.inserted += 1;
      if (!node.virtual) added.push(node);
      if (!empty && indexes.length > 0) pending.push(node.path);
      continue;
    }
    stored.delete(node.path);
    const prev = unpackNodeHash(prevHash);
    let written = false;
    if (!fpMatches(prev.node, nodeFp)) {
      const json = JSON.stringify(node);
      if (json !== (st.nodeJson.get(node.path) as string | undefined)) {
        st.updateNode.run(...nodeValues(node, json, result.scannedAt, hash), node.path);
        s.c.nodes.updated += 1;
        written = true;
      }
    }
    if (!fpMatches(prev.group, groupFp)) pending.push(node.path);
    if (!written && prevHash !== hash) st.setNodeHash.run(hash, node.path);
  }
  if (empty) {
    for (let i = 0; i < result.links.length; i += 1) insertLink(s, i);
  } else {
    // Links whose source is not a node of this scan (the kernel never emits them; kept for completeness).
    for (const source of s.layout.groups.keys()) if (!isNodePath(s, source)) pending.push(source);
    const first = (source: string): number => s.layout.groups.get(source)?.[0] ?? -1;
    pending.sort((a, b) => first(a) - first(b));
    for (const source of pending) diffGroupFromDb(s, source, s.layout.groups.get(source) ?? NO_LINKS);
  }
  return removeVanished(
    s,
    [...stored.keys()].map((p): [string, undefined] => [p, undefined]),
    added,
    true,
  );
}

const sameTrigger = (a: Link, b: Link): boolean =>
  (a.trigger?.normalizedTrigger ?? '') === (b.trigger?.normalizedTrigger ?? '');

const LINK_DIFF: RowDiffSpec<Link> = {
  group: (l) => l.source,
  identity: linkIdentity,
  sameIdentity: (a, b) =>
    a.source === b.source && a.target === b.target && a.kind === b.kind && sameTrigger(a, b),
  equal: jsonEqual,
  hash: (l) => rowHash(JSON.stringify(l)),
};

/** Persist with the previous persist's in-memory index: rows are compared structurally, nothing is read back. */
function persistWarm(
  s: PersistState,
  index: PersistIndex,
): { renames: RenameMove[]; links: RowGroups<Link>; keys: string[] } {
  const { st, result } = s;
  const added: Node[] = [];
  const written = new Set<string>();
  const seen = new Set<string>();
  for (const node of result.nodes) {
    seen.add(node.path);
    const prev: IndexedRow<Node> | undefined = index.nodes.get(node.path);
    if (prev !== undefined && prev.value !== undefined && jsonEqual(prev.value, node)) continue;
    const json = JSON.stringify(node);
    if (prev === undefined) {
      st.insertNode.run(nodeValues(node, json, result.scannedAt, nodeHash(s, node)));
      s.c.nodes.inserted += 1;
      if (!node.virtual) added.push(node);
    } else {
      st.updateNode.run(...nodeValues(node, json, result.scannedAt, nodeHash(s, node)), node.path);
      s.c.nodes.updated += 1;
    }
    written.add(node.path);
  }
  const gone: Array<[string, Node | undefined]> = [];
  for (const [path, prev] of index.nodes) if (!seen.has(path)) gone.push([path, prev.value]);
  const renames = removeVanished(s, gone, added, false);
  const diff = diffRows(index.links, result.links, LINK_DIFF);
  for (const op of diff.ops) {
    const values = linkValues(op.value, op.key, JSON.stringify(op.value));
    if (op.op === 'insert') {
      op.row.id = Number(st.insertLink.run(values).lastInsertRowid);
      s.c.links.inserted += 1;
    } else {
      st.updateLink.run(...values, op.id);
      s.c.links.updated += 1;
    }
  }
  for (const id of diff.deletes) st.deleteLink.run(id);
  s.c.links.deleted += diff.deletes.length;
  // A source whose links changed gets a fresh group fingerprint, so the next cold persist never trusts a stale one.
  for (const source of diff.touched) {
    if (written.has(source) || !seen.has(source)) continue;
    const node = nodeAt(s, source);
    if (node) st.setNodeHash.run(nodeHash(s, node), source);
  }
  return { renames, links: diff.next, keys: diff.keys };
}

const sameNodes = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((v, i) => v === b[i]);

const ISSUE_DIFF: RowDiffSpec<StoredIssue> = {
  group: (s) => s.issue.nodeIds[0] ?? '',
  identity: (s) => issueIdentity(s.issue),
  sameIdentity: (a, b) =>
    a.issue.analyzerId === b.issue.analyzerId &&
    a.issue.severity === b.issue.severity &&
    a.issue.message === b.issue.message &&
    a.issue.data?.target === b.issue.data?.target &&
    sameNodes(a.issue.nodeIds, b.issue.nodeIds),
  equal: (a, b) => jsonEqualExcept(a.issue, b.issue, 'linkIndices') && jsonEqual(a.linkKeys, b.linkKeys),
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

function writeIssues(
  s: PersistState,
  prev: RowGroups<StoredIssue>,
  keyOf: (index: number) => string | undefined,
): RowGroups<StoredIssue> {
  const { st } = s;
  const stored = s.result.issues.map((issue): StoredIssue => ({
    issue,
    linkKeys: issueLinkKeys(issue, keyOf),
  }));
  const diff = diffRows(prev, stored, ISSUE_DIFF);
  for (const op of diff.ops) {
    const { issue, linkKeys: keys } = op.value;
    const values = issueValues(issue, op.key, keys, issueContentJson(issue, keys));
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
function buildLinkIndex(s: PersistState): RowGroups<Link> {
  const ids = new Map<string, number>();
  for (const [id, key] of cached(s.db, `SELECT id, link_key FROM scan_links`, 'raw').all() as Array<
    [number, string]
  >)
    ids.set(key, id);
  const groups: RowGroups<Link> = new Map();
  for (const [source, indexes] of s.layout.groups) {
    groups.set(
      source,
      indexes.map((i) => {
        const key = s.layout.key(i);
        return { id: ids.get(key) ?? -1, key, value: s.result.links[i] as Link };
      }),
    );
  }
  return groups;
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

/** A placeholder index (no caller will diff against it; its generation never matches). */
const DETACHED_GENERATION = -1;

/**
 * Persists a scan as a DIFF against what the scan zone holds, in one transaction: unchanged nodes, links
 * and issues are not rewritten, so a one-file edit on a 10,000-node project touches a handful of rows.
 * Three paths: an empty scan zone is bulk-inserted; with the previous persist's index (same process) rows
 * are compared in memory; otherwise stored fingerprints skip rows whose inputs did not change and the rest
 * is compared with the stored JSON. Vanished paths with state go through the rename heuristic (state rows
 * move to the new path) and state left without a node is stamped with `orphan` issues. The input result is
 * not mutated.
 */
export function persistScan(db: Db, input: ScanResult, opts: PersistOptions = {}): PersistReport {
  const started = performance.now();
  const result: ScanResult = { ...input, issues: [...input.issues] };
  const st = statements(db);
  const c = { nodes: counts(), links: counts(), issues: counts() };
  const keepIndex = opts.keepIndex !== false;
  const run = db.transaction(() => {
    const generation = readGeneration(db);
    const s: PersistState = { db, st, result, layout: new LinkLayout(result.links), inputs: opts.inputs, c };
    const warm = opts.index !== undefined && opts.index.generation === generation ? opts.index : undefined;
    const linkCount = result.links.length;
    let keyOf = (i: number): string | undefined => (i >= 0 && i < linkCount ? s.layout.key(i) : undefined);
    let renames: RenameMove[];
    let links: RowGroups<Link> | undefined;
    let prevIssues: RowGroups<StoredIssue>;
    let rebuild: (() => void) | null = null;
    if (warm !== undefined) {
      let keys: string[];
      ({ renames, links, keys } = persistWarm(s, warm));
      keyOf = (i) => keys[i];
      prevIssues = warm.issues;
    } else {
      const empty = zoneEmpty(db);
      if (empty && linkCount + result.nodes.length >= BULK_INDEX_THRESHOLD) rebuild = dropScanIndexes(db);
      renames = persistCold(s, empty);
      prevIssues = empty ? new Map<string, PrevRow<StoredIssue>[]>() : loadIssueIndex(db);
    }
    result.issues.push(...findOrphans(db));
    result.stats = { ...result.stats, issuesCount: result.issues.length };
    const issues = writeIssues(s, prevIssues, keyOf);
    // A bulk load builds each secondary index once, sorted, instead of inserting row by row into it.
    rebuild?.();
    const nextGeneration = generation + 1;
    writeScanMeta(db, result, nextGeneration, opts.extras);
    if (opts.clearCache) clearFileCache(db);
    if (opts.cache) writeFileCache(db, opts.cache);
    if (!keepIndex)
      return {
        next: { generation: DETACHED_GENERATION, nodes: new Map(), links: new Map(), issues: new Map() },
        renames,
      };
    const nodes: PersistIndex['nodes'] = new Map();
    for (const node of result.nodes) nodes.set(node.path, { value: node });
    const next: PersistIndex = {
      generation: nextGeneration,
      nodes,
      links: links ?? buildLinkIndex(s),
      issues,
    };
    return { next, renames };
  });
  const { next, renames } = run.immediate();
  return { result, index: next, ...c, renames, durationMs: performance.now() - started };
}
