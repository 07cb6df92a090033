// The persist's prepared statements (cached per connection, prepared on first use) and batched bulk inserts.
import type { Database as Db, Statement } from 'better-sqlite3';
import { LINK_COLUMNS, LINK_SELECT } from './link-codec.js';
import { ISSUE_COLUMNS, NODE_COLUMNS } from './rows.js';
import { cached } from './statements.js';

export interface Statements {
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
export function statements(db: Db): Statements {
  const out = {} as Statements;
  for (const key of Object.keys(STATEMENT_SQL) as Array<keyof Statements>) {
    const [sql, mode] = STATEMENT_SQL[key];
    Object.defineProperty(out, key, { get: () => cached(db, sql, mode) });
  }
  return out;
}

/** Rows per statement of an empty-zone bulk load: one call binds many rows (fewer native round trips). */
export const BATCH = 32;

export function batchInsert(db: Db, table: string, columns: readonly string[]): Statement {
  const one = `(${new Array<string>(columns.length).fill('?').join(', ')})`;
  return cached(
    db,
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${new Array<string>(BATCH).fill(one).join(', ')}`,
  );
}
