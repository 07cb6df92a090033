import type { Database as Db } from 'better-sqlite3';
import { cached } from '../../sqlite/statements.js';
import type { Node } from '../../domain.js';
import { rowHash } from './rows.js';

/**
 * Refreshes one node's sidecar annotations mirror (`annotations_json` and the node's own JSON) after a
 * sidecar write, so read surfaces see suppressions without reading `.sm` files. False if the node is unknown.
 */
export function refreshAnnotationsMirror(
  db: Db,
  path: string,
  annotations: Record<string, unknown> | null,
): boolean {
  const json = cached(db, `SELECT node_json FROM scan_nodes WHERE path = ?`, 'pluck').get(path) as
    string | undefined;
  if (json === undefined) return false;
  const node = JSON.parse(json) as Node;
  node.sidecar = {
    present: node.sidecar?.present ?? annotations !== null,
    status: node.sidecar?.status ?? null,
    root: node.sidecar?.root ?? null,
    annotations,
  };
  const nodeJson = JSON.stringify(node);
  cached(db, `UPDATE scan_nodes SET annotations_json = ?, node_json = ?, row_hash = ? WHERE path = ?`).run(
    annotations === null ? null : JSON.stringify(annotations),
    nodeJson,
    rowHash(nodeJson),
    path,
  );
  return true;
}

/** The key of an issue suppression (spec §6): analyzer (qualified or short) and the exact `data.target`. */
export interface SuppressionKey {
  readonly nodePath: string;
  readonly analyzer: string;
  readonly value: string;
}

/**
 * Deletes the `scan_issues` rows a new suppression covers (analyzer matches qualified-or-short, `data.target`
 * equals the value case-sensitively, and the issue names the node). Returns how many rows went.
 */
export function deleteSuppressedIssues(db: Db, key: SuppressionKey): number {
  const short = key.analyzer.includes('/')
    ? key.analyzer.slice(key.analyzer.lastIndexOf('/') + 1)
    : key.analyzer;
  const info = cached(
    db,
    `DELETE FROM scan_issues WHERE data_target = @value
         AND (analyzer_id = @a OR analyzer_id = @short OR substr(analyzer_id, -length(@a) - 1) = '/' || @a)
         AND id IN (SELECT issue_id FROM scan_issue_nodes WHERE node_path = @node)`,
  ).run({ value: key.value, a: key.analyzer, short, node: key.nodePath });
  return info.changes;
}
