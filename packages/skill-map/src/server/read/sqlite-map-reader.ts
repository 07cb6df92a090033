import { statSync } from 'node:fs';
import { DEFAULT_MAX_RENDER_NODES, emptyScanResult } from '@skill-map/spec';
import type { Issue, ScanResult } from '@skill-map/spec';
import {
  assertNotDamaged,
  damagedError,
  damageOf,
  fileIdentity,
  isAdapterError,
  MAX_PAGE_SIZE,
  tryOpenScanStoreForRead,
  withRebuildAdvice,
} from '../../adapters/index.js';
import type { ScanStore } from '../../adapters/index.js';
import type { ServerLogger } from '../ports.js';
import { projectBranchPaths } from './branch-projection.js';
import type { MapReader, PageOf, ReaderStatus } from './map-reader.js';
import { readNodeBodyFile } from './read-node-body.js';

/** Options of `createSqliteMapReader`. */
export interface SqliteMapReaderOptions {
  dbPath: string;
  scopeRoot: string;
  logger?: ServerLogger;
}

/** A MapReader that can release its connection. */
export interface ClosableMapReader extends MapReader {
  close(): void;
}

/**
 * The production MapReader: the adapters' ScanStore opened with the READ posture (advisory drift: a drifted
 * database is served with a one-time warning, never rewritten). The connection is opened lazily and kept;
 * it is re-opened when the file is replaced (a drift rebuild or `sm db reset` creates a new inode) or when
 * it had no scan yet, and dropped when the file disappears (reads then degrade to empty shapes).
 */
export function createSqliteMapReader(options: SqliteMapReaderOptions): ClosableMapReader {
  const { dbPath, scopeRoot, logger } = options;
  let store: ScanStore | null = null;
  let identity = '';
  let hasScan = false;
  const warned = new Set<string>();

  // The verdict of the last whole-file check, keyed on the file's identity, size and mtime.
  let checked: { key: string; problem: string | null } = { key: '', problem: null };

  const drop = (): void => {
    store?.close();
    store = null;
    identity = '';
  };
  // The file as last looked at (identity, size, mtime): its header is checked again whenever that changes.
  let looked = '';
  // The identity of the file last seen holding a scan: emptied in place, it is damaged, not a fresh database.
  let scannedFile = '';
  /**
   * Security: the file the reads would come from is checked whenever it changed (one stat per read, one 100-byte
   * read per change), so a file overwritten or truncated under the open connection is reported as damaged instead
   * of being served from the connection's cache. A file emptied in place under a connection that had a scan is
   * damaged too (`sm scan --full` rebuilds it; a reset or rebuild makes a new file, which is not this case).
   */
  const lookAt = (): string | null => {
    const st = statSync(dbPath, { throwIfNoEntry: false });
    if (st === undefined) return null;
    const id = `${st.ino}:${st.birthtimeMs}`;
    const key = `${id}:${st.size}:${st.mtimeMs}`;
    if (key !== looked) {
      assertNotDamaged(dbPath);
      if (st.size === 0 && id === scannedFile) throw damagedError(dbPath, 'the file was emptied');
      looked = key;
    }
    return id;
  };
  const current = (): ScanStore | null => {
    let id: string | null;
    try {
      id = lookAt();
    } catch (err) {
      drop();
      throw err;
    }
    if (id === null) {
      drop();
      return null;
    }
    if (store !== null && id === identity && hasScan) return store;
    drop();
    store = tryOpenScanStoreForRead(dbPath);
    if (store === null) return null;
    identity = id;
    hasScan = store.readMeta() !== null;
    if (hasScan) scannedFile = id;
    const advisory = store.advisory?.message;
    if (advisory !== undefined && !warned.has(advisory)) {
      warned.add(advisory);
      logger?.warn(advisory);
    }
    return store;
  };

  /** The store clamps pages to 1000 rows; whole-list reads (the issues resource) walk the pages. */
  const allIssues = (
    s: ScanStore,
    query: Parameters<ScanStore['listIssues']>[0],
    limit: number,
    offset: number,
  ): PageOf<Issue> => {
    if (limit <= MAX_PAGE_SIZE) return s.listIssues({ ...query, limit, offset });
    const items: Issue[] = [];
    let total = 0;
    for (let at = offset; items.length < limit; at += MAX_PAGE_SIZE) {
      const page = s.listIssues({
        ...query,
        limit: Math.min(MAX_PAGE_SIZE, limit - items.length),
        offset: at,
      });
      total = page.total;
      items.push(...page.items);
      if (page.items.length === 0 || at + page.items.length >= total) break;
    }
    return { items, total };
  };

  return {
    status: (): ReaderStatus => {
      try {
        // The whole file is checked once per change of it (a file truncated under a connection can still be served
        // from its page cache and WAL, so only a fresh look at every page tells).
        const st = statSync(dbPath, { throwIfNoEntry: false });
        const key = st === undefined ? '' : `${fileIdentity(dbPath)}:${st.size}:${st.mtimeMs}`;
        if (key !== '' && key !== checked.key) checked = { key, problem: damageOf(dbPath, 5000, true) };
        if (key !== '' && checked.problem !== null) throw damagedError(dbPath, checked.problem);
        // Then the connection the reads use answers one small read, so health says what a read would meet.
        const s = current();
        s?.readMeta();
        return { db: s === null ? 'missing' : 'present', dbPath };
      } catch (err) {
        if (!isAdapterError(err, 'DB_DAMAGED')) throw err;
        drop();
        return { db: 'damaged', dbPath, problem: withRebuildAdvice(err.message) };
      }
    },
    loadScanResult: (): ScanResult => current()?.loadScan() ?? emptyScanResult(),
    scanKey: () => {
      const meta = current()?.readMeta() ?? null;
      return meta === null ? 'none' : `${identity}:${meta.generation}:${meta.result.scannedAt}`;
    },
    scanMeta() {
      const s = current();
      const meta = s?.readMeta()?.result;
      const { nodes: _n, links: _l, issues: _i, ...empty } = emptyScanResult();
      return { ...(meta ?? empty), counts: s?.counts() ?? { nodes: 0, links: 0, issues: 0 } };
    },
    maxRenderNodes: () => current()?.readMeta()?.result.maxRenderNodes ?? DEFAULT_MAX_RENDER_NODES,
    nodeContributions: (path) => current()?.nodeContributions(path) ?? [],
    findNode: (path) => {
      const bundle = current()?.findNode(path) ?? null;
      return bundle === null
        ? null
        : {
            item: bundle.item,
            links: { incoming: bundle.links.incoming, outgoing: bundle.links.outgoing },
            issues: bundle.issues,
          };
    },
    nodePaths: () => current()?.nodePaths() ?? [],
    nodeKinds: () => current()?.nodeKinds() ?? [],
    listNodes(query, page) {
      const s = current();
      if (s === null) return { items: [], total: 0 };
      const r = s.listNodes({
        ...(query.kinds === null ? {} : { kind: query.kinds }),
        hasIssues: query.hasIssues,
        ...(query.paths === null ? {} : { pathGlobs: query.paths }),
        ...page,
      });
      return { items: r.items, total: r.total };
    },
    queryGraph(query, cap, offset = 0) {
      const s = current();
      if (s === null) return { nodes: [], links: [], issues: [], total: 0 };
      const page = s.listNodes({
        ...(query.kinds === null ? {} : { kind: query.kinds }),
        hasIssues: query.hasIssues,
        ...(query.paths === null ? {} : { pathGlobs: query.paths }),
        limit: cap,
        offset,
      });
      return {
        nodes: page.items,
        ...s.closeOver(
          page.items.map((n) => n.path),
          'raw',
        ),
        total: page.total,
      };
    },
    listLinks(filter, page) {
      const s = current();
      if (s === null) return { items: [], total: 0 };
      const r = s.listLinks({
        ...(filter.kinds === undefined ? {} : { kind: filter.kinds }),
        ...(filter.from === undefined ? {} : { from: filter.from }),
        ...(filter.to === undefined ? {} : { to: filter.to }),
        ...page,
      });
      return { items: r.items, total: r.total };
    },
    listIssues(filter, page) {
      const s = current();
      if (s === null) return { items: [], total: 0 };
      const query = {
        ...(filter.severities === undefined ? {} : { severity: filter.severities }),
        ...(filter.analyzerIds === undefined ? {} : { analyzerId: filter.analyzerIds }),
        ...(filter.nodes === undefined ? {} : { node: filter.nodes }),
      };
      return allIssues(s, query, page.limit, page.offset);
    },
    branch(scope, cap) {
      const s = current();
      if (s === null)
        return projectBranchPaths(
          [],
          scope,
          cap,
          () => [],
          () => ({ links: [], issues: [] }),
        );
      return projectBranchPaths(
        s.nodePaths(),
        scope,
        cap,
        (paths) => s.nodesByPaths(paths),
        (paths) => s.closeOver(paths, 'resolved'),
      );
    },
    async readNodeBody(path) {
      if (path.includes('://') || current()?.findNode(path)?.item.virtual === true) return null;
      return readNodeBodyFile(scopeRoot, path);
    },
    close: drop,
  };
}
