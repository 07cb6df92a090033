import type { Database as Db } from 'better-sqlite3';
import type { LastSeen, LastSeenStore } from '../../../engines/activity/last-seen-port.js';
import { cached } from '../statements.js';

const UPSERT = `INSERT INTO state_activity_seen (node_path, host, last_seen_at, count) VALUES (?, ?, ?, 1)
  ON CONFLICT (node_path, host) DO UPDATE SET count = count + 1, last_seen_at = max(last_seen_at, excluded.last_seen_at)`;

interface Row {
  node_path: string;
  host: string;
  last_seen_at: number;
  count: number;
}

/** The last-seen store over one open database (`schemaReady` false: reads are empty, writes a no-op). */
export function createLastSeenStore(db: Db, schemaReady = true): LastSeenStore {
  return {
    record(sightings) {
      if (!schemaReady || sightings.length === 0) return;
      const upsert = cached(db, UPSERT);
      const all = (): void => {
        for (const s of sightings) upsert.run(s.path, s.host, s.at);
      };
      if (db.inTransaction) all();
      else db.transaction(all).immediate();
    },
    seenSince(since) {
      if (!schemaReady) return [];
      const rows = cached(
        db,
        `SELECT node_path, host, last_seen_at, count FROM state_activity_seen WHERE last_seen_at >= ?
          ORDER BY node_path, host`,
      ).all(since) as Row[];
      return rows.map((r): LastSeen => ({
        path: r.node_path,
        host: r.host,
        lastSeenAt: r.last_seen_at,
        count: r.count,
      }));
    },
  };
}
