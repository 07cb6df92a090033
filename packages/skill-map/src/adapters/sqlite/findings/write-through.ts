import type { Database as Db } from 'better-sqlite3';
import { cached } from '../statements.js';
import { toFindingRow } from './finding-rows.js';
import type { FindingRowOut } from './finding-rows.js';
import { SAFETY_LANE_EXTENSION } from './port.js';
import type { FindingProvenance, FindingsWriteThrough, NewFinding } from './port.js';

const INSERT_FINDING = `INSERT INTO state_findings (node_id, extension_id, extension_version, origin, type, severity,
  message, detail, confidence, model, body_hash_at_generation, generated_at, job_id)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`;

const marks = (n: number): string => Array.from({ length: n }, () => '?').join(', ');

function insertRows(
  db: Db,
  nodeId: string,
  extensionId: string,
  origin: 'extension' | 'kernel',
  rows: readonly NewFinding[],
  p: FindingProvenance,
): number[] {
  const stmt = cached(db, INSERT_FINDING, 'pluck');
  return rows.map(
    (f) =>
      stmt.get(
        nodeId,
        extensionId,
        p.extensionVersion,
        origin,
        f.type,
        f.severity,
        f.message,
        f.detail ?? null,
        f.confidence ?? null,
        p.model,
        p.bodyHash,
        p.generatedAt,
        p.jobId,
      ) as number,
  );
}

/**
 * The findings writes of a record (spec §5.4, §7) over an open database. The caller (the record engine) runs
 * them inside its one transaction guarded on the job still running; nothing here opens a transaction.
 */
export function createFindingsWriteThrough(db: Db): FindingsWriteThrough {
  return {
    replaceForExtension(nodeId, extensionId, rows, p) {
      cached(db, `DELETE FROM state_findings WHERE node_id = ? AND extension_id = ?`).run(
        nodeId,
        extensionId,
      );
      return insertRows(db, nodeId, extensionId, 'extension', rows, p);
    },
    replaceSafetyLane(nodeId, rows, p) {
      cached(
        db,
        `DELETE FROM state_findings WHERE node_id = ? AND extension_id = ? AND origin = 'kernel'`,
      ).run(nodeId, SAFETY_LANE_EXTENSION);
      insertRows(db, nodeId, SAFETY_LANE_EXTENSION, 'kernel', rows, p);
    },
    stampFixerResolutions(nodeId, fixerId, analyzerIds, resolved, at) {
      if (analyzerIds.length === 0 || resolved.length === 0) return 0;
      const stmt = cached(
        db,
        `UPDATE state_findings SET resolution = ?, resolution_actor = 'fixer', resolution_note = ?,
          resolution_by = ?, resolution_at = ?
          WHERE id = ? AND node_id = ? AND origin = 'extension' AND resolution IS NULL
            AND extension_id IN (${marks(analyzerIds.length)})`,
      );
      let stamped = 0;
      for (const r of resolved)
        stamped += stmt.run(r.state, r.note ?? null, fixerId, at, r.id, nodeId, ...analyzerIds).changes;
      return stamped;
    },
    openFindings(nodeId, extensionIds, ids) {
      if (extensionIds.length === 0 || (ids !== undefined && ids.length === 0)) return [];
      const byId = ids === undefined ? '' : `AND id IN (${marks(ids.length)})`;
      const rows = cached(
        db,
        `SELECT * FROM state_findings WHERE node_id = ? AND origin = 'extension' AND resolution IS NULL
          AND extension_id IN (${marks(extensionIds.length)}) ${byId} ORDER BY id`,
      ).all(nodeId, ...extensionIds, ...(ids ?? [])) as FindingRowOut[];
      return rows.map(toFindingRow);
    },
  };
}
