// State rows whose node is gone (`sm orphans`), moved by hand to a new path (`reconcile`), or moved back after a
// medium-confidence auto-rename (`undo-rename`). Writes happen in one transaction.
import type { Database as Db } from 'better-sqlite3';
import { AdapterError } from '../errors.js';
import { openDatabase } from './open-database.js';
import { applyRenameMove, STATE_NODE_COLUMNS } from './renames.js';

/** One path that state rows reference but no scanned node has, with its row counts per table. */
export interface OrphanPath {
  readonly path: string;
  readonly rows: Readonly<Record<string, number>>;
  readonly total: number;
}

function statePaths(db: Db): Map<string, Record<string, number>> {
  const out = new Map<string, Record<string, number>>();
  const add = (path: string, table: string, n: number): void => {
    const rows = out.get(path) ?? {};
    rows[table] = (rows[table] ?? 0) + n;
    out.set(path, rows);
  };
  for (const [table, column] of STATE_NODE_COLUMNS) {
    const rows = db
      .prepare(`SELECT ${column} AS p, count(*) AS n FROM ${table} GROUP BY ${column}`)
      .all() as {
      p: string;
      n: number;
    }[];
    for (const r of rows) if (r.p !== '') add(r.p, table, r.n);
  }
  const execs = db.prepare(`SELECT node_ids_json AS j FROM state_executions`).all() as { j: string }[];
  for (const e of execs) {
    const ids: unknown = JSON.parse(e.j);
    if (Array.isArray(ids)) for (const p of ids) if (typeof p === 'string') add(p, 'state_executions', 1);
  }
  return out;
}

const hasNode = (db: Db, path: string): boolean =>
  db.prepare(`SELECT 1 FROM scan_nodes WHERE path = ?`).get(path) !== undefined;

/** Every orphan path, sorted. */
export function findOrphans(dbPath: string): OrphanPath[] {
  const h = openDatabase({ path: dbPath, posture: 'read' });
  try {
    return [...statePaths(h.db).entries()]
      .filter(([path]) => !hasNode(h.db, path))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([path, rows]) => ({ path, rows, total: Object.values(rows).reduce((s, n) => s + n, 0) }));
  } finally {
    h.close();
  }
}

/** Moves every state row of the orphan `from` to the scanned node `to`; returns what moved. */
export function reconcileOrphan(dbPath: string, from: string, to: string): OrphanPath {
  const h = openDatabase({ path: dbPath, posture: 'write' });
  try {
    const rows = statePaths(h.db).get(from);
    if (rows === undefined || hasNode(h.db, from))
      throw new AdapterError(
        'DB_NOT_FOUND',
        `${from} is not an orphan: ${rows === undefined ? 'no state row references it' : 'it is a scanned node'}`,
        { data: { path: from } },
      );
    if (!hasNode(h.db, to))
      throw new AdapterError('DB_NOT_FOUND', `${to} is not a node of the last scan`, { data: { path: to } });
    h.db.transaction(() => applyRenameMove(h.db, { from, to, confidence: 'high' }))();
    return { path: from, rows, total: Object.values(rows).reduce((s, n) => s + n, 0) };
  } finally {
    h.close();
  }
}

/** The previous path of the active `auto-rename-medium` issue on `to`, or null when there is none. */
export function autoRenameSource(dbPath: string, to: string): { from: string; issueId: number } | null {
  const h = openDatabase({ path: dbPath, posture: 'read' });
  try {
    const rows = h.db
      .prepare(
        `SELECT id, data_json AS d FROM scan_issues WHERE analyzer_id = 'auto-rename-medium' AND instr(node_ids_json, ?) > 0`,
      )
      .all(JSON.stringify(to)) as { id: number; d: string | null }[];
    for (const r of rows) {
      const data = JSON.parse(r.d ?? '{}') as { from?: unknown; to?: unknown };
      if (typeof data.from === 'string' && data.to === to) return { from: data.from, issueId: r.id };
    }
    return null;
  } finally {
    h.close();
  }
}

/** Moves the state of `to` back to `from` and resolves the auto-rename issue, in one transaction. */
export function undoRename(dbPath: string, to: string, from: string, issueId: number): void {
  const h = openDatabase({ path: dbPath, posture: 'write' });
  try {
    h.db.transaction(() => {
      applyRenameMove(h.db, { from: to, to: from, confidence: 'high' });
      h.db.prepare(`DELETE FROM scan_issues WHERE id = ?`).run(issueId);
    })();
  } finally {
    h.close();
  }
}
