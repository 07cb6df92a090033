import type { Database as Db, Statement } from 'better-sqlite3';
import type { Issue, Link, Node, ScanResult } from '../domain.js';
import { jsonEqual, jsonEqualExcept } from '../json-equal.js';
import { loadPersistIndex, readGeneration } from './persist-index.js';
import type { IndexedRow, PersistIndex, StoredIssue } from './persist-index.js';
import { applyRenameMove, hasState, planRenames } from './renames.js';
import type { RenameMove, VanishedNode } from './renames.js';
import { issueContentJson, issueIdentity, issueLinkKeys, linkIdentity, rowHash, toIssueRow, toLinkRow, toNodeRow } from './rows.js';
import { writeFileCache } from './file-cache.js';
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
const ISSUE_COLUMNS = ['issue_key', 'analyzer_id', 'severity', 'node_ids_json', 'link_keys_json', 'message', 'detail', 'fix_json', 'data_json', 'data_target', 'row_hash'];

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

/** A key made unique within one scan by suffixing repeats (`\0#2`, `\0#3`...). */
function uniqueKey(taken: ReadonlyMap<string, unknown>, key: string): string {
  if (!taken.has(key)) return key;
  let n = 2;
  while (taken.has(`${key}\0#${n}`)) n += 1;
  return `${key}\0#${n}`;
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

function writeNodes(db: Db, st: Statements, result: ScanResult, index: PersistIndex, next: PersistIndex, c: DiffCounts): RenameMove[] {
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
    next.nodes.set(node.path, { value: node });
  }
  const vanished: VanishedNode[] = [];
  for (const [path, prev] of index.nodes) {
    if (next.nodes.has(path)) continue;
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

function writeLinks(st: Statements, links: readonly Link[], index: PersistIndex, next: PersistIndex, c: DiffCounts): string[] {
  const keys: string[] = [];
  for (const link of links) {
    const key = uniqueKey(next.links, linkIdentity(link));
    keys.push(key);
    const prev = index.links.get(key);
    let json: string | undefined;
    const serialise = (): string => (json ??= JSON.stringify(link));
    if (prev?.id === undefined) {
      const id = Number(st.insertLink.run(toLinkRow(link, key, serialise())).lastInsertRowid);
      next.links.set(key, { id, value: link });
      c.inserted += 1;
      continue;
    }
    if (!unchanged(prev, link, serialise)) {
      st.updateLink.run({ ...toLinkRow(link, key, serialise()), id: prev.id });
      c.updated += 1;
    }
    next.links.set(key, { id: prev.id, value: link });
  }
  for (const [key, prev] of index.links) {
    if (!next.links.has(key) && prev.id !== undefined) {
      st.deleteLink.run(prev.id);
      c.deleted += 1;
    }
  }
  return keys;
}

function issueUnchanged(prev: IndexedRow<StoredIssue>, stored: StoredIssue, json: () => string): boolean {
  if (prev.value === undefined) return prev.hash === rowHash(json());
  return jsonEqualExcept(prev.value.issue, stored.issue, 'linkIndices') && jsonEqual(prev.value.linkKeys, stored.linkKeys);
}

function writeIssues(st: Statements, issues: readonly Issue[], linkKeys: string[], index: PersistIndex, next: PersistIndex, c: DiffCounts): void {
  for (const issue of issues) {
    const key = uniqueKey(next.issues, issueIdentity(issue));
    const stored: StoredIssue = { issue, linkKeys: issueLinkKeys(issue, linkKeys) };
    const prev = index.issues.get(key);
    let json: string | undefined;
    const serialise = (): string => (json ??= issueContentJson(issue, stored.linkKeys));
    let id = prev?.id;
    if (id === undefined) {
      id = Number(st.insertIssue.run(toIssueRow(issue, key, stored.linkKeys, serialise())).lastInsertRowid);
      c.inserted += 1;
    } else if (prev !== undefined && !issueUnchanged(prev, stored, serialise)) {
      st.updateIssue.run({ ...toIssueRow(issue, key, stored.linkKeys, serialise()), id });
      st.deleteMembers.run(id);
      c.updated += 1;
    } else {
      next.issues.set(key, { id, value: stored });
      continue;
    }
    for (const path of new Set(issue.nodeIds)) st.insertMember.run(id, path);
    next.issues.set(key, { id, value: stored });
  }
  for (const [key, prev] of index.issues) {
    if (!next.issues.has(key) && prev.id !== undefined) {
      st.deleteIssue.run(prev.id);
      c.deleted += 1;
    }
  }
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
    const next: PersistIndex = { generation: generation + 1, nodes: new Map(), links: new Map(), issues: new Map() };
    const renames = writeNodes(db, st, result, index, next, c.nodes);
    const linkKeys = writeLinks(st, result.links, index, next, c.links);
    result.issues.push(...findOrphans(db));
    result.stats = { ...result.stats, issuesCount: result.issues.length };
    writeIssues(st, result.issues, linkKeys, index, next, c.issues);
    writeScanMeta(db, result, next.generation, opts.extras);
    if (opts.cache) writeFileCache(db, opts.cache);
    return { next, renames };
  });
  const { next, renames } = run.immediate();
  return { result, index: next, ...c, renames, durationMs: performance.now() - started };
}
