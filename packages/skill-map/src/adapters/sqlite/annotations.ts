import type { Database as Db } from 'better-sqlite3';
import { cached } from './statements.js';
import type { Node } from '../domain.js';

/** The stored node JSON with its sidecar annotations mirror replaced (every store's refresh writes this). */
export function withAnnotations(json: string, annotations: Record<string, unknown> | null): string {
  const node = JSON.parse(json) as Node;
  node.sidecar = {
    present: node.sidecar?.present ?? annotations !== null,
    status: node.sidecar?.status ?? null,
    root: node.sidecar?.root ?? null,
    annotations,
  };
  return JSON.stringify(node);
}

/**
 * Refreshes one node's sidecar annotations mirror (the node's own JSON) after a sidecar write, so read surfaces
 * see suppressions without reading `.sm` files; the row's fingerprint is cleared, so the next persist compares it
 * in full. False if the node is unknown.
 */
export function refreshAnnotationsMirror(
  db: Db,
  path: string,
  annotations: Record<string, unknown> | null,
): boolean {
  const json = cached(db, `SELECT node_json FROM scan_nodes WHERE path = ?`, 'pluck').get(path) as
    string | undefined;
  if (json === undefined) return false;
  const nodeJson = withAnnotations(json, annotations);
  cached(db, `UPDATE scan_nodes SET node_json = ?, record_id = NULL, links_digest = NULL WHERE path = ?`).run(
    nodeJson,
    path,
  );
  // The stored nodes are no longer exactly what their records build; a new generation tells a warm scanner
  // (sm serve) that its in-memory persist index no longer matches the rows.
  cached(
    db,
    `UPDATE scan_meta SET graph_digest = NULL, persist_generation = persist_generation + 1 WHERE id = 1`,
  ).run();
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
  // Rows went behind the scanner's back: a warm scanner must diff against the rows, not its in-memory index.
  if (info.changes > 0)
    cached(db, `UPDATE scan_meta SET persist_generation = persist_generation + 1 WHERE id = 1`).run();
  return info.changes;
}
