import { throwIfDamaged } from './damage.js';
import { SqliteError } from './driver.js';
import { emptyScanResult } from '../domain.js';
import type { ScanResult } from '../domain.js';
import { AdapterError } from '../errors.js';
import { DEFAULT_MAX_SCAN } from '../fs/walk-types.js';
import { deleteSuppressedIssues, refreshAnnotationsMirror } from './annotations.js';
import type { SuppressionKey } from './annotations.js';
import { fileCacheStats, fileRecordJson, forEachFileCacheRow, loadFileCache } from './file-cache.js';
import type { FileCacheRow, FileStatRow } from './file-cache.js';
import {
  closeOver,
  listLinks,
  listNodeSummaries,
  listNodes,
  nodePaths,
  nodeKinds,
  nodesByPaths,
  registerGlobFunction,
} from './node-queries.js';
import type { LinkQuery, NodeQuery, NodeSummary } from './node-queries.js';
import { openDatabase, tryOpenForRead } from './open-database.js';
import { cached } from './statements.js';
import type { DbHandle, DriftAdvisory, OpenDatabaseOptions } from './open-database.js';
import { findNode, listIssues, loadScan } from './scan-reader.js';
import {
  keepContributionsOf,
  nodeContributions,
  replaceContributions,
  type NodeContributionData,
} from './contributions.js';
import type { ContributionPayload } from '../../kernel/index.js';
import type { IssueQuery, NodeBundle, Page } from './scan-reader.js';
import { readScanMeta } from './scan-meta.js';
import type { ScanMeta } from './scan-meta.js';
import { persistPatch } from './persist-patch.js';
import {
  cachedPathsMentioning,
  issueSeverityCounts,
  linkSourcesTo,
  readWholeGraphRows,
  readGeneration,
  readPatchBase,
  readResolutionIndex,
} from './patch-reads.js';
import type { WholeRowsWant } from './patch-reads.js';
import type { PatchBase, PatchPersistInput, PatchPersistRefusal, PatchReport } from './persist-patch.js';
import { persistScan } from './scan-writer.js';
import type { PersistOptions, PersistReport } from './scan-writer.js';
import type { Issue, Link, Node } from '../domain.js';

/**
 * The only SQL surface of skill-map's scan zone. Read methods work on both postures and degrade to empty
 * shapes on a database with no schema; write methods need a write-posture store.
 */
export interface ScanStore {
  readonly path: string;
  readonly posture: DbHandle['posture'];
  /** Set on read opens of a drifted database; surface it once. */
  readonly advisory: DriftAdvisory | null;
  /** Where this open moved a damaged database before recreating it (`onDamage: 'move-aside'`), else null. */
  readonly movedAside: string | null;
  loadScan(): ScanResult;
  readMeta(): ScanMeta | null;
  findNode(path: string): NodeBundle | null;
  listIssues(query?: IssueQuery): Page<Issue>;
  listNodes(query?: NodeQuery): Page<Node>;
  listNodeSummaries(): NodeSummary[];
  listLinks(query?: LinkQuery): Page<Link>;
  /** Row counts of the scan zone (three COUNT(*) on indexed tables). */
  counts(): { nodes: number; links: number; issues: number };
  /** Every node path, sorted. */
  nodePaths(): string[];
  /** The node kinds of the stored scan (distinct, sorted). */
  nodeKinds(): string[];
  /** The nodes of the given paths, ordered by path. */
  nodesByPaths(paths: readonly string[]): Node[];
  /** Links and issues closed over a node set (`raw` target for query_graph, `resolved` for branches). */
  closeOver(paths: readonly string[], closure: 'raw' | 'resolved'): { links: Link[]; issues: Issue[] };
  loadFileCache(): Map<string, FileCacheRow>;
  /** Every per-file cache row, in one query, without building entry objects. */
  forEachFileCacheRow(each: (path: string, size: number, mtimeMs: number, recordJson: string) => void): void;
  persistScan(result: ScanResult, options?: PersistOptions): PersistReport;
  /** Replaces a plugin's stored view-contribution payloads (after a scan in which its analyzer ran). */
  replaceContributions(pluginId: string, payloads: readonly ContributionPayload[]): void;
  /** Drops the stored view-contribution payloads of every plugin but these. */
  keepContributionsOf(pluginIds: readonly string[]): void;
  /** A node's stored view-contribution payloads. */
  nodeContributions(path: string): NodeContributionData[];
  /** What a patch in place is checked against (generation, salt, graph digest, whether the index is current). */
  patchBase(): PatchBase | null;
  /** The stored resolution index (JSON) if it is current at `generation`. */
  resolutionIndex(generation: number): string | undefined;
  /** The persist generation of the stored scan (0 before the first). */
  generation(): number;
  /** The stat facts of every per-file cache row, without the records. */
  fileCacheStats(): ReadonlyMap<string, FileStatRow>;
  fileRecordJson(path: string): string | undefined;
  /** The sources of the stored links whose target is `target` (distinct, sorted). */
  linkSourcesTo(target: string): string[];
  /** What a patch's whole-graph checks re-run over (`readWholeGraphRows`): some full nodes, the links they follow. */
  wholeGraphRows(want: WholeRowsWant): { nodes: Node[]; links: Link[] };
  /** Paths of the per-file cache rows whose record text holds one of `needles` (its parts in order, then its pattern). */
  cachedPathsMentioning(
    needles: ReadonlyArray<{ readonly parts: readonly string[]; readonly pattern: RegExp }>,
  ): string[];
  /** Applies a kernel record patch in place; a refusal (with its reason) when it no longer applies (nothing written). */
  persistPatch(input: PatchPersistInput): PatchReport | PatchPersistRefusal;
  issueSeverityCounts(): { error: number; warn: number; info: number };
  refreshAnnotationsMirror(path: string, annotations: Record<string, unknown> | null): boolean;
  deleteSuppressedIssues(key: SuppressionKey): number;
  /**
   * The schema cookie and `user_version` together: they change whenever any connection alters the schema or
   * stamps another version (a migration, a newer skill-map, a reset).
   */
  schemaStamp(): string;
  close(): void;
}

function translate(h: DbHandle, err: unknown): never {
  throwIfDamaged(h.path, err);
  if (err instanceof SqliteError) {
    if (h.advisory)
      throw new AdapterError('DB_SCHEMA_DRIFT', `${h.advisory.message} (query failed: ${err.message})`, {
        cause: err,
        data: { path: h.path },
      });
    throw new AdapterError('DB_QUERY_FAILED', `database query failed on ${h.path}: ${err.message}`, {
      cause: err,
      data: { path: h.path },
    });
  }
  throw err;
}

/** Wraps an open handle in the store API; SQLite errors surface as typed errors, never raw SQL. */
export function createScanStore(h: DbHandle, scanCeiling: number = DEFAULT_MAX_SCAN): ScanStore {
  registerGlobFunction(h.db);
  const db = h.db;
  const read = <T>(empty: T, fn: () => T): T => {
    if (!h.schemaReady) return empty;
    try {
      return fn();
    } catch (err) {
      return translate(h, err);
    }
  };
  const write = <T>(fn: () => T): T => {
    if (h.posture !== 'write')
      throw new AdapterError(
        'DB_QUERY_FAILED',
        `store at ${h.path} was opened for reading; open it with the write posture to mutate`,
      );
    try {
      return fn();
    } catch (err) {
      return translate(h, err);
    }
  };
  return {
    path: h.path,
    posture: h.posture,
    advisory: h.advisory,
    movedAside: h.movedAside,
    loadScan: () => read(emptyScanResult(scanCeiling), () => loadScan(db, scanCeiling)),
    readMeta: () => read(null, () => readScanMeta(db)),
    findNode: (path) => read(null, () => findNode(db, path)),
    listIssues: (q = {}) => read({ items: [], total: 0 }, () => listIssues(db, q)),
    listNodes: (q = {}) => read({ items: [], total: 0 }, () => listNodes(db, q)),
    listNodeSummaries: () => read([], () => listNodeSummaries(db)),
    listLinks: (q = {}) => read({ items: [], total: 0 }, () => listLinks(db, q)),
    counts: () =>
      read({ nodes: 0, links: 0, issues: 0 }, () => {
        const n = (t: string): number => cached(db, `SELECT COUNT(*) FROM ${t}`, 'pluck').get() as number;
        return { nodes: n('scan_nodes'), links: n('scan_links'), issues: n('scan_issues') };
      }),
    nodePaths: () => read([], () => nodePaths(db)),
    nodeKinds: () => read([], () => nodeKinds(db)),
    nodesByPaths: (paths) => read([], () => nodesByPaths(db, paths)),
    closeOver: (paths, closure) => read({ links: [], issues: [] }, () => closeOver(db, paths, closure)),
    loadFileCache: () => read(new Map(), () => loadFileCache(db)),
    forEachFileCacheRow: (each) => read(undefined, () => forEachFileCacheRow(db, each)),
    persistScan: (result, options = {}) =>
      write(() => {
        const report = persistScan(db, result, options);
        h.enableWal();
        return report;
      }),
    replaceContributions: (pluginId, payloads) => write(() => replaceContributions(db, pluginId, payloads)),
    keepContributionsOf: (pluginIds) => write(() => keepContributionsOf(db, pluginIds)),
    nodeContributions: (path) => read([], () => nodeContributions(db, path)),
    patchBase: () => read(null, () => readPatchBase(db)),
    resolutionIndex: (generation) => read(undefined, () => readResolutionIndex(db, generation)),
    generation: () => read(0, () => readGeneration(db)),
    fileCacheStats: () => read(new Map(), () => fileCacheStats(db)),
    fileRecordJson: (path) => read(undefined, () => fileRecordJson(db, path)),
    linkSourcesTo: (target) => read([], () => linkSourcesTo(db, target)),
    wholeGraphRows: (want) => read({ nodes: [], links: [] }, () => readWholeGraphRows(db, want)),
    cachedPathsMentioning: (needles) => read([], () => cachedPathsMentioning(db, needles)),
    persistPatch: (input) =>
      write(() => {
        const report = persistPatch(db, input);
        h.enableWal();
        return report;
      }),
    issueSeverityCounts: () => read({ error: 0, warn: 0, info: 0 }, () => issueSeverityCounts(db)),
    refreshAnnotationsMirror: (path, annotations) =>
      write(() => refreshAnnotationsMirror(db, path, annotations)),
    deleteSuppressedIssues: (key) => write(() => deleteSuppressedIssues(db, key)),
    schemaStamp: () =>
      `${String(db.pragma('schema_version', { simple: true }))}:${String(db.pragma('user_version', { simple: true }))}`,
    close: () => h.close(),
  };
}

/** Opens the store under a posture (see `openDatabase`); write opens migrate, read opens never write. */
export function openScanStore(opts: OpenDatabaseOptions & { scanCeiling?: number }): ScanStore {
  return createScanStore(openDatabase(opts), opts.scanCeiling);
}

/** Read posture that tolerates a missing file: null means "no project database" (degrade to empty shapes). */
export function tryOpenScanStoreForRead(path: string, scanCeiling?: number): ScanStore | null {
  const h = tryOpenForRead(path);
  return h === null ? null : createScanStore(h, scanCeiling);
}
