import type { Database as Db } from 'better-sqlite3';
import { cached } from '../statements.js';
import { toFindingRow } from './finding-rows.js';
import type { FindingRowOut } from './finding-rows.js';
import type { FindingRecord, FindingsLifecycle, FindingsQuery } from './port.js';

/** A `state_findings` row joined with the node's live body hash (null when the node is gone). */
interface RawRow extends FindingRowOut {
  live_body_hash: string | null;
  node_present: number | null;
}

/**
 * Stale, derived at read time: the node is gone, or its live body hash differs from the one the finding was
 * judged on (a finding generated without a body hash is stale once the node has one).
 */
const STALE_SQL = `(n.path IS NULL OR f.body_hash_at_generation IS NOT json_extract(n.node_json, '$.bodyHash'))`;

const SELECT = `SELECT f.*, json_extract(n.node_json, '$.bodyHash') AS live_body_hash, n.path IS NOT NULL AS node_present
  FROM state_findings f LEFT JOIN scan_nodes n ON n.path = f.node_id`;

function toRecord(r: RawRow): FindingRecord {
  const row = toFindingRow(r);
  const stale = r.node_present !== 1 || r.body_hash_at_generation !== r.live_body_hash;
  return { ...row, stale };
}

/**
 * The extension filter: a qualified id (`plugin/name`) matches exactly; a bare id also matches any qualified id
 * whose last segment it is (`name` matches `core/name`).
 */
function extensionClause(extension: string): { sql: string; params: string[] } {
  if (extension.includes('/')) return { sql: 'f.extension_id = ?', params: [extension] };
  return {
    sql: `(f.extension_id = ? OR substr(f.extension_id, -length(?) - 1) = '/' || ?)`,
    params: [extension, extension, extension],
  };
}

/** The lifecycle store over one open database (`schemaReady` false: every read is empty, every write a no-op). */
export function createFindingsLifecycle(db: Db, schemaReady = true): FindingsLifecycle {
  return {
    list(query: FindingsQuery) {
      if (!schemaReady) return [];
      const where: string[] = [];
      const params: string[] = [];
      if (query.node !== undefined) {
        where.push('f.node_id = ?');
        params.push(query.node);
      }
      if (query.extension !== undefined) {
        const c = extensionClause(query.extension);
        where.push(c.sql);
        params.push(...c.params);
      }
      const sql = `${SELECT}${where.length === 0 ? '' : ` WHERE ${where.join(' AND ')}`}
        ORDER BY f.node_id, f.extension_id, f.id`;
      return (cached(db, sql).all(...params) as RawRow[]).map(toRecord);
    },
    get(id) {
      if (!schemaReady) return null;
      const row = cached(db, `${SELECT} WHERE f.id = ?`).get(id) as RawRow | undefined;
      return row === undefined ? null : toRecord(row);
    },
    setResolution(id, resolution, actor, note, at) {
      if (!schemaReady) return false;
      const info = cached(
        db,
        `UPDATE state_findings
            SET resolution = ?, resolution_actor = ?, resolution_note = ?, resolution_by = NULL, resolution_at = ?
          WHERE id = ? AND resolution IS NOT ?`,
      ).run(resolution, actor, note, at, id, resolution);
      return info.changes === 1;
    },
    delete(id) {
      if (!schemaReady) return false;
      return cached(db, `DELETE FROM state_findings WHERE id = ?`).run(id).changes === 1;
    },
    countDismissedOfClass(nodeId, extensionId, type, exceptId) {
      if (!schemaReady) return 0;
      return cached(
        db,
        `SELECT count(*) FROM state_findings
          WHERE node_id = ? AND extension_id = ? AND type = ? AND resolution = 'dismissed' AND id IS NOT ?`,
        'pluck',
      ).get(nodeId, extensionId, type, exceptId ?? null) as number;
    },
    countOfClass(nodeId, extensionId, type, exceptId) {
      if (!schemaReady) return 0;
      return cached(
        db,
        `SELECT count(*) FROM state_findings WHERE node_id = ? AND extension_id = ? AND type = ? AND id IS NOT ?`,
        'pluck',
      ).get(nodeId, extensionId, type, exceptId ?? null) as number;
    },
    pruneStale() {
      if (!schemaReady) return 0;
      return cached(
        db,
        `DELETE FROM state_findings WHERE id IN (
           SELECT f.id FROM state_findings f LEFT JOIN scan_nodes n ON n.path = f.node_id WHERE ${STALE_SQL})`,
      ).run().changes;
    },
  };
}
