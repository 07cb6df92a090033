// The findings ports (adapters/sqlite/findings/port.ts) on PostgreSQL, scoped to one project: the lifecycle reads
// and flips (staleness derived against the project's stored nodes, as in SQLite) and the write-through a job's record
// makes inside its transaction. Same behaviour as the SQLite stores, row for row.
import { toFindingRow } from '../sqlite/findings/finding-rows.js';
import type { FindingRowOut } from '../sqlite/findings/finding-rows.js';
import { SAFETY_LANE_EXTENSION } from '../sqlite/findings/port.js';
import type {
  FindingProvenance,
  FindingRecord,
  FindingsLifecycle,
  FindingsQuery,
  FindingsWriteThrough,
  NewFinding,
} from '../sqlite/findings/port.js';
import type { PgSession } from './pg-session.js';

/** A row joined with its node's live body hash (null: the node is gone). */
interface RawRow extends FindingRowOut {
  live_body_hash: string | null;
  node_present: boolean;
}

const SELECT = `SELECT f.*, n.body_hash AS live_body_hash, n.path IS NOT NULL AS node_present
  FROM state_findings f LEFT JOIN scan_nodes n ON n.project_id = f.project_id AND n.path = f.node_id`;

const STALE = `(n.path IS NULL OR f.body_hash_at_generation IS DISTINCT FROM n.body_hash)`;

function toRecord(r: RawRow): FindingRecord {
  const { live_body_hash: live, node_present: present, ...row } = r;
  const stored = toFindingRow(row);
  return { ...stored, stale: !present || stored.bodyHashAtGeneration !== live };
}

/** The lifecycle store of `session`'s project. */
export function createPgFindingsLifecycle(session: PgSession): FindingsLifecycle {
  const { pg, projectId: p } = session;
  const count = (sql: string, params: unknown[]): number =>
    pg.query<{ n: number }>(sql, params).rows[0]?.n ?? 0;
  return {
    list(query: FindingsQuery) {
      const where = ['f.project_id = $1'];
      const params: unknown[] = [p];
      if (query.node !== undefined) {
        params.push(query.node);
        where.push(`f.node_id = $${params.length}`);
      }
      if (query.extension !== undefined) {
        params.push(query.extension);
        const e = `$${params.length}`;
        where.push(
          query.extension.includes('/')
            ? `f.extension_id = ${e}`
            : `(f.extension_id = ${e} OR right(f.extension_id, length(${e}) + 1) = '/' || ${e})`,
        );
      }
      return pg
        .query<RawRow>(
          `${SELECT} WHERE ${where.join(' AND ')} ORDER BY f.node_id, f.extension_id, f.id`,
          params,
        )
        .rows.map(toRecord);
    },
    get(id) {
      const row = pg.query<RawRow>(`${SELECT} WHERE f.project_id = $1 AND f.id = $2`, [p, id]).rows[0];
      return row === undefined ? null : toRecord(row);
    },
    setResolution(id, resolution, actor, note, at) {
      return (
        pg.query(
          `UPDATE state_findings SET resolution = $3, resolution_actor = $4, resolution_note = $5, resolution_by = NULL,
            resolution_at = $6 WHERE project_id = $1 AND id = $2 AND resolution IS DISTINCT FROM $3::text`,
          [p, id, resolution, actor, note, at],
        ).rowCount === 1
      );
    },
    delete: (id) =>
      pg.query('DELETE FROM state_findings WHERE project_id = $1 AND id = $2', [p, id]).rowCount === 1,
    countDismissedOfClass: (nodeId, extensionId, type, exceptId) =>
      count(
        `SELECT COUNT(*)::int AS n FROM state_findings WHERE project_id = $1 AND node_id = $2 AND extension_id = $3
          AND type = $4 AND resolution = 'dismissed' AND id IS DISTINCT FROM $5::bigint`,
        [p, nodeId, extensionId, type, exceptId ?? null],
      ),
    countOfClass: (nodeId, extensionId, type, exceptId) =>
      count(
        `SELECT COUNT(*)::int AS n FROM state_findings WHERE project_id = $1 AND node_id = $2 AND extension_id = $3
          AND type = $4 AND id IS DISTINCT FROM $5::bigint`,
        [p, nodeId, extensionId, type, exceptId ?? null],
      ),
    pruneStale: () =>
      pg.query(
        `DELETE FROM state_findings WHERE id IN (SELECT f.id FROM state_findings f LEFT JOIN scan_nodes n
          ON n.project_id = f.project_id AND n.path = f.node_id WHERE f.project_id = $1 AND ${STALE})`,
        [p],
      ).rowCount,
  };
}

/** The write-through of `session`'s project; the caller holds the transaction, as in SQLite. */
export function createPgFindingsWriteThrough(session: PgSession): FindingsWriteThrough {
  const { pg, projectId: p } = session;
  const insert = (
    nodeId: string,
    extensionId: string,
    origin: 'extension' | 'kernel',
    rows: readonly NewFinding[],
    v: FindingProvenance,
  ): number[] =>
    rows.length === 0
      ? []
      : pg
          .query<{ id: number }>(
            `INSERT INTO state_findings (project_id, node_id, extension_id, extension_version, origin, type, severity,
              message, detail, confidence, model, body_hash_at_generation, generated_at, job_id)
              SELECT $1, $2, $3, $4, $5, t, s, m, d, c, $6, $7, $8, $9
              FROM unnest($10::text[], $11::text[], $12::text[], $13::text[], $14::float8[]) WITH ORDINALITY
                AS x(t, s, m, d, c, o) ORDER BY o RETURNING id`,
            [
              p,
              nodeId,
              extensionId,
              v.extensionVersion,
              origin,
              v.model,
              v.bodyHash,
              v.generatedAt,
              v.jobId,
              rows.map((f) => f.type),
              rows.map((f) => f.severity),
              rows.map((f) => f.message),
              rows.map((f) => f.detail ?? null),
              rows.map((f) => f.confidence ?? null),
            ],
          )
          .rows.map((r) => r.id)
          .sort((a, b) => a - b);
  return {
    replaceForExtension(nodeId, extensionId, rows, v) {
      pg.write('DELETE FROM state_findings WHERE project_id = $1 AND node_id = $2 AND extension_id = $3', [
        p,
        nodeId,
        extensionId,
      ]);
      return insert(nodeId, extensionId, 'extension', rows, v);
    },
    replaceSafetyLane(nodeId, rows, v) {
      pg.write(
        `DELETE FROM state_findings WHERE project_id = $1 AND node_id = $2 AND extension_id = $3 AND origin = 'kernel'`,
        [p, nodeId, SAFETY_LANE_EXTENSION],
      );
      insert(nodeId, SAFETY_LANE_EXTENSION, 'kernel', rows, v);
    },
    stampFixerResolutions(nodeId, fixerId, analyzerIds, resolved, at) {
      if (analyzerIds.length === 0 || resolved.length === 0) return 0;
      let stamped = 0;
      for (const r of resolved) {
        stamped += pg.query(
          `UPDATE state_findings SET resolution = $3, resolution_actor = 'fixer', resolution_note = $4,
            resolution_by = $5, resolution_at = $6
            WHERE project_id = $1 AND id = $2 AND node_id = $7 AND origin = 'extension' AND resolution IS NULL
              AND extension_id = ANY($8::text[])`,
          [p, r.id, r.state, r.note ?? null, fixerId, at, nodeId, [...analyzerIds]],
        ).rowCount;
      }
      return stamped;
    },
    openFindings(nodeId, extensionIds, ids) {
      if (extensionIds.length === 0 || (ids !== undefined && ids.length === 0)) return [];
      return pg
        .query<FindingRowOut>(
          `SELECT * FROM state_findings WHERE project_id = $1 AND node_id = $2 AND origin = 'extension'
            AND resolution IS NULL AND extension_id = ANY($3::text[])
            ${ids === undefined ? '' : 'AND id = ANY($4::bigint[])'} ORDER BY id`,
          ids === undefined ? [p, nodeId, [...extensionIds]] : [p, nodeId, [...extensionIds], [...ids]],
        )
        .rows.map(toFindingRow);
    },
  };
}
