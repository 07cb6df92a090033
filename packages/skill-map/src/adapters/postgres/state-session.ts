// The state session (adapters/sqlite/state-session.ts's interface) on PostgreSQL, for one project: the job zone, the
// findings, the activity capture's last-seen record and the scan zone's narrow node view, all on one connection,
// so a transaction spans them as it does in SQLite. The engines cannot tell it from the SQLite session.
import type { LastSeen, LastSeenStore } from '../../engines/activity/last-seen-port.js';
import type { Node } from '../domain.js';
import { withAnnotations } from '../sqlite/annotations.js';
import type { SuppressionKey } from '../sqlite/annotations.js';
import type { NodeStore } from '../sqlite/nodes/node-store.js';
import type { StateSession } from '../sqlite/state-session.js';
import { createPgFindingsLifecycle, createPgFindingsWriteThrough } from './findings.js';
import { createPgJobStore } from './job-store.js';
import { openPgSession } from './pg-session.js';
import { ReadAhead } from './read-ahead.js';
import { BUMP_GENERATION } from './scan-zone.js';
import type { PgSession } from './pg-session.js';

/** The scan zone's node view of the project (the stored scan's nodes; issues a suppression covers). */
function createPgNodeStore(session: PgSession, ahead: ReadAhead): NodeStore {
  const { pg, projectId: p } = session;
  return {
    get(path) {
      const early = ReadAhead.take(ahead.nodes, path);
      if (early !== undefined) return early === null ? null : (JSON.parse(early) as Node);
      const json = pg.query<{ node_json: string }>(
        'SELECT node_json FROM scan_nodes WHERE project_id = $1 AND path = $2',
        [p, path],
      ).rows[0]?.node_json;
      return json === undefined ? null : (JSON.parse(json) as Node);
    },
    listAnnotated() {
      return pg
        .query<{ path: string; a: string }>(
          `SELECT path, (node_json::jsonb -> 'sidecar' -> 'annotations')::text AS a FROM scan_nodes
            WHERE project_id = $1 AND jsonb_typeof(node_json::jsonb -> 'sidecar' -> 'annotations') = 'object'
            ORDER BY path`,
          [p],
        )
        .rows.map((r) => ({ path: r.path, annotations: JSON.parse(r.a) as Record<string, unknown> }));
    },
    refreshAnnotations(path, annotations) {
      ahead.clear();
      const json = pg.query<{ node_json: string }>(
        'SELECT node_json FROM scan_nodes WHERE project_id = $1 AND path = $2 FOR UPDATE',
        [p, path],
      ).rows[0]?.node_json;
      if (json === undefined) return false;
      pg.query('UPDATE scan_nodes SET node_json = $3 WHERE project_id = $1 AND path = $2', [
        p,
        path,
        withAnnotations(json, annotations),
      ]);
      pg.write(BUMP_GENERATION, [p]);
      return true;
    },
    deleteSuppressedIssues(key: SuppressionKey) {
      const short = key.analyzer.includes('/')
        ? key.analyzer.slice(key.analyzer.lastIndexOf('/') + 1)
        : key.analyzer;
      const deleted = pg.query(
        `DELETE FROM scan_issues WHERE project_id = $1 AND $2 = ANY(node_ids)
          AND (issue_json::jsonb -> 'data' ->> 'target') = $3
          AND (analyzer_id = $4 OR analyzer_id = $5 OR right(analyzer_id, length($4) + 1) = '/' || $4)`,
        [p, key.nodePath, key.value, key.analyzer, short],
      ).rowCount;
      if (deleted > 0) pg.write(BUMP_GENERATION, [p]);
      return deleted;
    },
  };
}

/** The activity capture's last-seen record of the project. */
function createPgLastSeenStore(session: PgSession): LastSeenStore {
  const { pg, projectId: p } = session;
  return {
    record(sightings) {
      if (sightings.length === 0) return;
      session.transaction(() => {
        for (const s of sightings) {
          pg.query(
            `INSERT INTO state_activity_seen (project_id, node_path, host, last_seen_at, count) VALUES ($1, $2, $3, $4, 1)
              ON CONFLICT (project_id, node_path, host) DO UPDATE SET count = state_activity_seen.count + 1,
              last_seen_at = GREATEST(state_activity_seen.last_seen_at, excluded.last_seen_at)`,
            [p, s.path, s.host, s.at],
          );
        }
      });
    },
    seenSince(since) {
      return pg
        .query<{ node_path: string; host: string; last_seen_at: number; count: number }>(
          `SELECT node_path, host, last_seen_at, count FROM state_activity_seen
            WHERE project_id = $1 AND last_seen_at >= $2 ORDER BY node_path, host`,
          [p, since],
        )
        .rows.map((r): LastSeen => ({
          path: r.node_path,
          host: r.host,
          lastSeenAt: r.last_seen_at,
          count: r.count,
        }));
    },
  };
}

/** Opens `projectId`'s state session on the database at `url` (the schema brought up to date first). */
export function openPgStateSession(url: string, projectId: string, posture: 'read' | 'write'): StateSession {
  const session = openPgSession(url, projectId);
  return pgStateSession(session, posture, () => session.close());
}

/**
 * A state session over an open connection; `release` is what its `close` does (a kept connection is handed back,
 * not closed: adapters/postgres/kept-session.ts).
 */
export function pgStateSession(
  session: PgSession,
  posture: 'read' | 'write',
  release: () => void,
): StateSession {
  const ahead = new ReadAhead();
  return {
    posture,
    advisory: null,
    schemaReady: true,
    nodes: createPgNodeStore(session, ahead),
    jobs: () => createPgJobStore(session, ahead),
    findings: () => createPgFindingsLifecycle(session),
    findingsWriteThrough: () => createPgFindingsWriteThrough(session),
    lastSeen: () => createPgLastSeenStore(session),
    transaction: (fn) => {
      ahead.clear();
      return session.transaction(fn);
    },
    close: release,
  };
}
