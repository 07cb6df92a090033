import type { Database as Db, Statement } from 'better-sqlite3';
import type { Issue, Link, Node, ScanResult } from '../domain.js';
import { jsonEqual, jsonEqualExcept } from '../json-equal.js';
import { loadPersistIndex, readGeneration } from './persist-index.js';
import type { IndexedRow, PersistIndex, StoredIssue } from './persist-index.js';
import { diffRows } from './row-diff.js';
import type { RowDiffSpec } from './row-diff.js';
import { applyRenameMove, hasState, planRenames } from './renames.js';
import type { RenameMove, VanishedNode } from './renames.js';
import { issueContentJson, issueIdentity, issueLinkKeys, linkIdentity, rowHash, toIssueRow, toLinkRow, toNodeRow } from './rows.js';
import { clearFileCache, writeFileCache } from './file-cache.js';
import type { FileCacheChanges } from './file-cache.js';
import { findOrphans, writeScanMeta } from './scan-meta.js';
import type { ScanMetaExtras } from './scan-meta.js';

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
  /** Hand this back to the next persist in the same process to skip reloading and re-hashing. */
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
}

const counts = (): DiffCounts => ({ inserted: 0, updated: 0, deleted: 0 });

function unchanged<T>(prev: IndexedRow<T>, value: T, json: () => string): boolean {
  return prev.value !== undefined ? jsonEqual(prev.value, value) : prev.hash === rowHash(json());
}

const NODE_COLUMNS = [
  'path', 'kind', 'provider', 'title', 'description', 'stability', 'version', 'frontmatter_json', 'body_hash',
  'frontmatter_hash', 'bytes_frontmatter', 'bytes_body', 'bytes_total', 'tokens_frontmatter', 'tokens_body',
  'tokens_total', 'links_out_count', 'links_in_count', 'external_refs_count', 'external_refs_json', 'scanned_at',
  'modified_at_ms', 'virtual', 'derived_from_json', 'sidecar_present', 'sidecar_status', 'annotations_json',
  'sidecar_root_json', 'node_json', 'row_hash',
];
const LINK_COLUMNS = [
  'link_key', 'source_path', 'target_path', 'kind', 'confidence', 'sources_json', 'original_trigger',
  'normalized_trigger', 'location_line', 'location_column', 'location_offset', 'occurrences_json',
  'resolved_target', 'raw', 'link_json', 'row_hash',
];
const ISSUE_COLUMNS = ['issue_key', 'group_key', 'analyzer_id', 'severity', 'node_ids_json', 'link_keys_json', 'message', 'detail', 'fix_json', 'data_json', 'data_target', 'row_hash'];

interface Statements {
  upsertNode: Statement;
  deleteNode: Statement;
  vanished: Statement;
  insertLink: Statement;
  updateLink: Statement;
  deleteLink: Statement;
  insertIssue: Statement;
  updateIssue: Statement;
  insertMember: Statement;
  deleteMembers: Statement;
  deleteIssue: Statement;
}

function prepare(db: Db): Statements {
  const params = (cols: string[]): string => cols.map((c) => `@${c}`).join(', ');
  return {
    upsertNode: db.prepare(
      `INSERT INTO scan_nodes (${NODE_COLUMNS.join(', ')}) VALUES (${params(NODE_COLUMNS)})
       ON CONFLICT (path) DO UPDATE SET ${NODE_COLUMNS.slice(1).map((c) => `${c} = excluded.${c}`).join(', ')}`,
    ),
    deleteNode: db.prepare(`DELETE FROM scan_nodes WHERE path = ?`),
    vanished: db.prepare(`SELECT body_hash, frontmatter_hash, frontmatter_json FROM scan_nodes WHERE path = ?`),
    insertLink: db.prepare(`INSERT INTO scan_links (${LINK_COLUMNS.join(', ')}) VALUES (${params(LINK_COLUMNS)})`),
    updateLink: db.prepare(`UPDATE scan_links SET ${LINK_COLUMNS.slice(1).map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`),
    deleteLink: db.prepare(`DELETE FROM scan_links WHERE id = ?`),
    insertIssue: db.prepare(`INSERT INTO scan_issues (${ISSUE_COLUMNS.join(', ')}) VALUES (${params(ISSUE_COLUMNS)})`),
    updateIssue: db.prepare(`UPDATE scan_issues SET ${ISSUE_COLUMNS.slice(1).map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`),
    insertMember: db.prepare(`INSERT OR IGNORE INTO scan_issue_nodes (issue_id, node_path) VALUES (?, ?)`),
    deleteMembers: db.prepare(`DELETE FROM scan_issue_nodes WHERE issue_id = ?`),
    deleteIssue: db.prepare(`DELETE FROM scan_issues WHERE id = ?`),
  };
}

function vanishedInfo(st: Statements, path: string, prev: IndexedRow<Node>): VanishedNode | null {
  if (prev.value) {
    const v = prev.value;
    return { path, bodyHash: v.bodyHash, frontmatterHash: v.frontmatterHash, hasFrontmatter: Object.keys(v.frontmatter ?? {}).length > 0 };
  }
  const row = st.vanished.get(path) as { body_hash: string; frontmatter_hash: string; frontmatter_json: string | null } | undefined;
  if (!row) return null;
  const fm = row.frontmatter_json === null ? {} : (JSON.parse(row.frontmatter_json) as object);
  return { path, bodyHash: row.body_hash, frontmatterHash: row.frontmatter_hash, hasFrontmatter: Object.keys(fm).length > 0 };
}

function writeNodes(db: Db, st: Statements, result: ScanResult, index: PersistIndex, next: PersistIndex['nodes'], c: DiffCounts): RenameMove[] {
  const added: Node[] = [];
  for (const node of result.nodes) {
    const prev = index.nodes.get(node.path);
    let json: string | undefined;
    const serialise = (): string => (json ??= JSON.stringify(node));
    if (prev === undefined || !unchanged(prev, node, serialise)) {
      st.upsertNode.run(toNodeRow(node, serialise(), result.scannedAt));
      if (prev === undefined) {
        c.inserted += 1;
        if (!node.virtual) added.push(node);
      } else c.updated += 1;
    }
    next.set(node.path, { value: node });
  }
  const vanished: VanishedNode[] = [];
  for (const [path, prev] of index.nodes) {
    if (next.has(path)) continue;
    if (added.length > 0 && hasState(db, path)) {
      const info = vanishedInfo(st, path, prev);
      if (info) vanished.push(info);
    }
    st.deleteNode.run(path);
    c.deleted += 1;
  }
  if (vanished.length === 0) return [];
  const plan = planRenames(vanished, added);
  for (const move of plan.moves) applyRenameMove(db, move);
  result.issues.push(...plan.issues);
  return plan.moves;
}

const sameTrigger = (a: Link, b: Link): boolean => (a.trigger?.normalizedTrigger ?? '') === (b.trigger?.normalizedTrigger ?? '');

const LINK_DIFF: RowDiffSpec<Link> = {
  group: (l) => l.source,
  identity: linkIdentity,
  sameIdentity: (a, b) => a.source === b.source && a.target === b.target && a.kind === b.kind && sameTrigger(a, b),
  equal: jsonEqual,
  hash: (l) => rowHash(JSON.stringify(l)),
};

const sameNodes = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

const ISSUE_DIFF: RowDiffSpec<StoredIssue> = {
  group: (s) => s.issue.nodeIds[0] ?? '',
  identity: (s) => issueIdentity(s.issue),
  sameIdentity: (a, b) =>
    a.issue.analyzerId === b.issue.analyzerId && a.issue.severity === b.issue.severity && a.issue.message === b.issue.message &&
    a.issue.data?.target === b.issue.data?.target && sameNodes(a.issue.nodeIds, b.issue.nodeIds),
  equal: (a, b) => jsonEqualExcept(a.issue, b.issue, 'linkIndices') && jsonEqual(a.linkKeys, b.linkKeys),
  hash: (s) => rowHash(issueContentJson(s.issue, s.linkKeys)),
};

function writeLinks(st: Statements, links: readonly Link[], index: PersistIndex, c: DiffCounts): { keys: string[]; next: PersistIndex['links'] } {
  const diff = diffRows(index.links, links, LINK_DIFF);
  for (const op of diff.ops) {
    const row = toLinkRow(op.value, op.key, JSON.stringify(op.value));
    if (op.op === 'insert') {
      op.row.id = Number(st.insertLink.run(row).lastInsertRowid);
      c.inserted += 1;
    } else {
      st.updateLink.run({ ...row, id: op.id });
      c.updated += 1;
    }
  }
  for (const id of diff.deletes) st.deleteLink.run(id);
  c.deleted += diff.deletes.length;
  return { keys: diff.keys, next: diff.next };
}

function writeIssues(st: Statements, issues: readonly Issue[], linkKeys: string[], index: PersistIndex, c: DiffCounts): PersistIndex['issues'] {
  const stored = issues.map((issue): StoredIssue => ({ issue, linkKeys: issueLinkKeys(issue, linkKeys) }));
  const diff = diffRows(index.issues, stored, ISSUE_DIFF);
  for (const op of diff.ops) {
    const { issue, linkKeys: keys } = op.value;
    const row = toIssueRow(issue, op.key, keys, issueContentJson(issue, keys));
    let id: number;
    if (op.op === 'insert') {
      id = Number(st.insertIssue.run(row).lastInsertRowid);
      op.row.id = id;
      c.inserted += 1;
    } else {
      id = op.id;
      st.updateIssue.run({ ...row, id });
      st.deleteMembers.run(id);
      c.updated += 1;
    }
    for (const path of new Set(issue.nodeIds)) st.insertMember.run(id, path);
  }
  for (const id of diff.deletes) st.deleteIssue.run(id);
  c.deleted += diff.deletes.length;
  return diff.next;
}

/**
 * Persists a scan as a DIFF against what the scan zone holds, in one transaction: unchanged nodes, links
 * and issues are not rewritten, so a one-file edit on a 10,000-node project touches a handful of rows.
 * Vanished paths with state go through the rename heuristic (state rows move to the new path) and state
 * left without a node is stamped with `orphan` issues. The input result is not mutated.
 */
export function persistScan(db: Db, input: ScanResult, opts: PersistOptions = {}): PersistReport {
  const started = performance.now();
  const result: ScanResult = { ...input, issues: [...input.issues] };
  const st = prepare(db);
  const c = { nodes: counts(), links: counts(), issues: counts() };
  const run = db.transaction(() => {
    const generation = readGeneration(db);
    const index = opts.index && opts.index.generation === generation ? opts.index : loadPersistIndex(db);
    const nodes: PersistIndex['nodes'] = new Map();
    const renames = writeNodes(db, st, result, index, nodes, c.nodes);
    const links = writeLinks(st, result.links, index, c.links);
    result.issues.push(...findOrphans(db));
    result.stats = { ...result.stats, issuesCount: result.issues.length };
    const issues = writeIssues(st, result.issues, links.keys, index, c.issues);
    const next: PersistIndex = { generation: generation + 1, nodes, links: links.next, issues };
    writeScanMeta(db, result, next.generation, opts.extras);
    if (opts.clearCache) clearFileCache(db);
    if (opts.cache) writeFileCache(db, opts.cache);
    return { next, renames };
  });
  const { next, renames } = run.immediate();
  return { result, index: next, ...c, renames, durationMs: performance.now() - started };
}
