import type { Database as Db } from 'better-sqlite3';
import type { Issue, Link, ScanResult } from '../domain.js';
import { clearFileCache, writeFileCache } from './file-cache.js';
import type { FileCacheChanges } from './file-cache.js';
import { sourceRecord } from './fingerprints.js';
import type { RowInputs } from './fingerprints.js';
import type { IndexedLinkGroup, IndexedNode, PersistIndex, StoredIssue } from './persist-index.js';
import type { PrevRow, RowGroups } from './row-diff.js';
import type { RenameMove } from './renames.js';
import { findOrphans, writeScanMeta } from './scan-meta.js';
import type { ScanMetaExtras } from './scan-meta.js';
import { cached } from './statements.js';
import { persistCold, BULK_INDEX_THRESHOLD, dropScanIndexes, zoneEmpty } from './persist-cold.js';
import { loadIssueIndex, writeIssues } from './persist-issues.js';
import { Layout } from './persist-layout.js';
import { counts } from './persist-state.js';
import type { DiffCounts, PersistState } from './persist-state.js';

export type { DiffCounts } from './persist-state.js';
import { statements } from './persist-statements.js';
import { persistWarm } from './persist-warm.js';

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
  /** The diff ran against the previous persist's in-memory index: no other writer since that persist. */
  readonly inMemory: boolean;
  /** No other writer persisted since the scan read the per-file cache (true when `cacheGeneration` was not given). */
  readonly cacheCurrent: boolean;
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
  /**
   * The kernel's resolution index of this result, stored stamped with this persist's generation so a new process
   * can patch a few changed files in place; written only with a graph digest (see `warmGraphDigest`). Without it
   * the stored index goes stale.
   */
  readonly resolutionIndex?: IndexWrite;
  /**
   * The graph digest of this result when it comes from a long-running process's warm state: stored only if this
   * persist diffs against that process's own previous persist (no other writer since), so the rows and the
   * per-file cache are exactly what the digest and the index describe.
   */
  readonly warmGraphDigest?: string;
  /**
   * The persist generation the scan read its per-file cache at. When another writer persisted since, the rows this
   * persist writes may come from older records than the cache now holds: the graph digest is then not stored.
   */
  readonly cacheGeneration?: number;
}

/** A resolution index to store: its JSON (computed only when written) and whether it equals the previous one's. */
export interface IndexWrite {
  readonly json: () => string;
  /** The graph's names and paths are those of the previous persist's graph: a current stored index is re-stamped. */
  readonly unchanged: boolean;
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

function readPersistMeta(db: Db): { generation: number; salt: string | null; graph: string | null } {
  const row = cached(
    db,
    `SELECT persist_generation, row_salt, graph_digest FROM scan_meta WHERE id = 1`,
    'raw',
  ).get() as [number, string | null, string | null] | undefined;
  return { generation: row?.[0] ?? 0, salt: row?.[1] ?? null, graph: row?.[2] ?? null };
}

/**
 * Stores the resolution index at `next`: re-stamps the stored one when it was current at `previous` and the graph's
 * names and paths did not change since (a warm persist after the kernel's patch), else writes it whole.
 */
function storeResolutionIndex(
  db: Db,
  previous: number,
  next: number,
  index: IndexWrite,
  warm: boolean,
): void {
  if (warm && index.unchanged) {
    const restamped = cached(
      db,
      `UPDATE scan_resolution_index SET generation = ? WHERE id = 1 AND generation = ?`,
    ).run(next, previous).changes;
    if (restamped === 1) return;
  }
  cached(
    db,
    `INSERT INTO scan_resolution_json (id, index_json) VALUES (1, ?)
       ON CONFLICT (id) DO UPDATE SET index_json = excluded.index_json`,
  ).run(index.json());
  cached(
    db,
    `INSERT INTO scan_resolution_index (id, generation) VALUES (1, ?)
       ON CONFLICT (id) DO UPDATE SET generation = excluded.generation`,
  ).run(next);
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
 * move to the new path) and state left without a node is stamped with `orphan` issues; a deleted path without
 * state or successor is an `orphan` of the returned result only (an event of this scan, never stored). The input
 * result is not mutated.
 */
export function persistScan(db: Db, input: ScanResult, opts: PersistOptions = {}): PersistReport {
  const started = performance.now();
  const result: ScanResult = { ...input, issues: [...input.issues] };
  const st = statements(db);
  const c = { nodes: counts(), links: counts(), issues: counts() };
  const keepIndex = opts.keepIndex !== false;
  const deletions: Issue[] = [];
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
      deletions,
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
    const fresh = opts.cacheGeneration === undefined || opts.cacheGeneration === meta.generation;
    const digest =
      warm !== undefined
        ? (opts.warmGraphDigest ?? null)
        : fresh
          ? (opts.inputs?.graph?.digest ?? null)
          : null;
    writeScanMeta(db, result, nextGeneration, opts.extras, salt, digest);
    if (digest !== null && opts.resolutionIndex !== undefined)
      storeResolutionIndex(db, meta.generation, nextGeneration, opts.resolutionIndex, warm !== undefined);
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
        inMemory: warm !== undefined,
        cacheCurrent: fresh,
      };
    if (warm !== undefined)
      return {
        next: { generation: nextGeneration, salt, nodes: warm.nodes, links: warm.links, issues },
        renames,
        inMemory: true,
        cacheCurrent: fresh,
      };
    return {
      next: buildIndex(s, nextGeneration, salt, issues),
      renames,
      inMemory: false,
      cacheCurrent: fresh,
    };
  });
  const { next, renames, inMemory, cacheCurrent } = run.immediate();
  poisoned.delete(next);
  if (deletions.length > 0) {
    result.issues.push(...deletions);
    result.stats = { ...result.stats, issuesCount: result.issues.length };
  }
  const durationMs = performance.now() - started;
  return { result, index: next, ...c, renames, durationMs, inMemory, cacheCurrent };
}
