/**
 * The scan-zone store as it was at schema 1 (one canonical JSON per node and link row, link keys, a per-file
 * cache that repeats content hash and cache key), FROZEN as a test oracle: the equivalence tests persist the same
 * scans through it and through the current store and require identical reads. Never used by production code.
 */
import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import type { ScanResult } from '../../domain.js';
import { migrate } from '../../sqlite/migrate.js';
import { MIGRATIONS } from '../../sqlite/migrations/index.js';
import { cached } from '../../sqlite/statements.js';
import { deleteSuppressedIssues, refreshAnnotationsMirror } from './annotations.js';
import {
  closeOver,
  listLinks,
  listNodeSummaries,
  listNodes,
  nodePaths,
  nodesByPaths,
  registerGlobFunction,
} from './node-queries.js';
import { findNode, listIssues, loadScan } from './scan-reader.js';
import { persistScan } from './scan-writer.js';
import type { PersistOptions, PersistReport } from './scan-writer.js';

/** The read and write surface the equivalence tests compare (a subset of `ScanStore`). */
export interface StoreV1 {
  readonly db: Db;
  loadScan(): ScanResult;
  findNode: (path: string) => ReturnType<typeof findNode>;
  listIssues: (q?: Parameters<typeof listIssues>[1]) => ReturnType<typeof listIssues>;
  listNodes: (q?: Parameters<typeof listNodes>[1]) => ReturnType<typeof listNodes>;
  listLinks: (q?: Parameters<typeof listLinks>[1]) => ReturnType<typeof listLinks>;
  listNodeSummaries: () => ReturnType<typeof listNodeSummaries>;
  nodePaths: () => string[];
  nodesByPaths: (paths: readonly string[]) => ReturnType<typeof nodesByPaths>;
  closeOver: (paths: readonly string[], closure: 'raw' | 'resolved') => ReturnType<typeof closeOver>;
  counts(): { nodes: number; links: number; issues: number };
  persistScan(result: ScanResult, options?: PersistOptions): PersistReport;
  refreshAnnotationsMirror: (path: string, annotations: Record<string, unknown> | null) => boolean;
  deleteSuppressedIssues: (key: Parameters<typeof deleteSuppressedIssues>[1]) => number;
  close(): void;
}

/** Creates (or opens) a schema-1 database at `path` and wraps it. */
export function openStoreV1(path: string, scanCeiling = 50_000): StoreV1 {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  migrate(
    db,
    path,
    MIGRATIONS.filter((m) => m.version === 1),
  );
  registerGlobFunction(db);
  const n = (t: string): number => cached(db, `SELECT COUNT(*) FROM ${t}`, 'pluck').get() as number;
  return {
    db,
    loadScan: () => loadScan(db, scanCeiling),
    findNode: (p) => findNode(db, p),
    listIssues: (q = {}) => listIssues(db, q),
    listNodes: (q = {}) => listNodes(db, q),
    listLinks: (q = {}) => listLinks(db, q),
    listNodeSummaries: () => listNodeSummaries(db),
    nodePaths: () => nodePaths(db),
    nodesByPaths: (paths) => nodesByPaths(db, paths),
    closeOver: (paths, closure) => closeOver(db, paths, closure),
    counts: () => ({ nodes: n('scan_nodes'), links: n('scan_links'), issues: n('scan_issues') }),
    persistScan: (result, options = {}) => persistScan(db, result, options),
    refreshAnnotationsMirror: (p, a) => refreshAnnotationsMirror(db, p, a),
    deleteSuppressedIssues: (key) => deleteSuppressedIssues(db, key),
    close: () => db.close(),
  };
}
