// Per-node view-contribution data of the plugins' analyzers, kept in the state zone's plugin key-value table
// (`state_plugin_kvs`, key `view:<contribution>`): a scan in which a plugin's analyzer ran replaces that plugin's rows;
// a rename carries them to the new path with the node's other state.
import type { Database as Db } from 'better-sqlite3';
import type { ContributionPayload } from '../../kernel/index.js';
import { cached } from './statements.js';

const PREFIX = 'view:';

/** One stored payload of a node: the qualified contribution id and its data. */
export interface NodeContributionData {
  readonly id: string;
  readonly data: unknown;
}

/** Replaces every stored payload of `pluginId` with `payloads` (one transaction). */
export function replaceContributions(
  db: Db,
  pluginId: string,
  payloads: readonly ContributionPayload[],
): void {
  const now = Date.now();
  db.transaction(() => {
    cached(db, `DELETE FROM state_plugin_kvs WHERE plugin_id = ? AND key LIKE 'view:%'`).run(pluginId);
    const insert = cached(
      db,
      `INSERT OR REPLACE INTO state_plugin_kvs (plugin_id, node_id, key, value_json, updated_at) VALUES (?, ?, ?, ?, ?)`,
    );
    for (const p of payloads)
      insert.run(pluginId, p.nodeId, `${PREFIX}${p.contribution}`, JSON.stringify(p.data), now);
  })();
}

/** The stored payloads of one node, by contribution id. */
export function nodeContributions(db: Db, path: string): NodeContributionData[] {
  const rows = cached(
    db,
    `SELECT key, value_json FROM state_plugin_kvs WHERE node_id = ? AND key LIKE 'view:%' ORDER BY key`,
  ).all(path) as Array<{ key: string; value_json: string }>;
  return rows.map((r) => ({ id: r.key.slice(PREFIX.length), data: JSON.parse(r.value_json) as unknown }));
}

/** Drops the stored payloads of every plugin but `pluginIds` (those no longer loaded). */
export function keepContributionsOf(db: Db, pluginIds: readonly string[]): void {
  const keep = JSON.stringify(pluginIds);
  cached(
    db,
    `DELETE FROM state_plugin_kvs WHERE key LIKE 'view:%' AND plugin_id NOT IN (SELECT value FROM json_each(?))`,
  ).run(keep);
}
