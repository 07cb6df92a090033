import type { Database as Db, Statement } from 'better-sqlite3';

/** How a cached statement returns rows: objects, the first column (`pluck`) or arrays (`raw`). */
export type StatementMode = 'rows' | 'pluck' | 'raw';

/** Dynamic SQL (filters with a variable number of bound values) is bounded per connection. */
const MAX_CACHED = 256;

const caches = new WeakMap<Db, Map<string, Statement>>();

/**
 * A prepared statement cached per connection and per mode, so a read that runs many times per second
 * (`findNode` behind an MCP `get_node`) prepares each statement once. Statements of one connection are
 * never run re-entrantly by this store (better-sqlite3 is synchronous), so sharing them is safe; the mode
 * is part of the key because `pluck()` and `raw()` change a statement for every later use.
 */
export function cached(db: Db, sql: string, mode: StatementMode = 'rows'): Statement {
  let cache = caches.get(db);
  if (cache === undefined) {
    cache = new Map();
    caches.set(db, cache);
  }
  const key = mode === 'rows' ? sql : `${mode}\0${sql}`;
  let stmt = cache.get(key);
  if (stmt === undefined) {
    if (cache.size >= MAX_CACHED) cache.clear();
    stmt = db.prepare(sql);
    if (mode === 'pluck') stmt.pluck();
    else if (mode === 'raw') stmt.raw();
    cache.set(key, stmt);
  }
  return stmt;
}
