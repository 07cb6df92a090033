import type { Database as Db } from 'better-sqlite3';
import type { Node } from '../../domain.js';
import { deleteSuppressedIssues, refreshAnnotationsMirror } from '../annotations.js';
import type { SuppressionKey } from '../annotations.js';
import { cached } from '../statements.js';

/**
 * The scan zone as the operable engines see it (jobs, findings, sidecars, suppressions): look a node up,
 * list the annotations mirror, and the two write-throughs a sidecar curation makes. Everything else of the
 * scan zone stays behind `ScanStore`.
 */
export interface NodeStore {
  /** The stored node (the persisted `Node` JSON), or null when unknown or before any scan. */
  get(path: string): Node | null;
  /** Every node path with a non-null annotations mirror, with the mirror (sorted by path). */
  listAnnotated(): Array<{ path: string; annotations: Record<string, unknown> }>;
  /** Replaces one node's annotations mirror after a sidecar write; false when the node is unknown. */
  refreshAnnotations(path: string, annotations: Record<string, unknown> | null): boolean;
  /** Deletes the `scan_issues` rows a new issue suppression covers; returns the count. */
  deleteSuppressedIssues(key: SuppressionKey): number;
}

/** Builds the node view over an open database (`schemaReady` false: every read is empty). */
export function createNodeStore(db: Db, schemaReady: boolean): NodeStore {
  return {
    get(path) {
      if (!schemaReady) return null;
      const json = cached(db, `SELECT node_json FROM scan_nodes WHERE path = ?`, 'pluck').get(path) as
        string | undefined;
      return json === undefined ? null : (JSON.parse(json) as Node);
    },
    listAnnotated() {
      if (!schemaReady) return [];
      const rows = cached(
        db,
        `SELECT path, json_extract(node_json, '$.sidecar.annotations') AS a FROM scan_nodes
          WHERE json_extract(node_json, '$.sidecar.annotations') IS NOT NULL ORDER BY path`,
      ).all() as Array<{ path: string; a: string }>;
      return rows.map((r) => ({ path: r.path, annotations: JSON.parse(r.a) as Record<string, unknown> }));
    },
    refreshAnnotations: (path, annotations) => refreshAnnotationsMirror(db, path, annotations),
    deleteSuppressedIssues: (key) => deleteSuppressedIssues(db, key),
  };
}
