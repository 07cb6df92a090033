// Applies plugins' dedicated-storage migrations (already checked against their namespace by the engine): each runs
// once, in its own transaction, and is recorded in the kernel's per-plugin key/value table (`state_plugin_kvs`,
// key `migration:<path>`) so a later `sm db migrate` skips it.
import { AdapterError } from '../errors.js';
import { Database } from './driver.js';

/** One migration file of one plugin, with its SQL. */
export interface PluginMigration {
  readonly pluginId: string;
  readonly name: string;
  readonly sql: string;
}

/** Runs the migrations not yet recorded, in order; returns the ones it ran. A failing one is rolled back. */
export function applyPluginMigrations(
  path: string,
  migrations: readonly PluginMigration[],
): { pluginId: string; name: string }[] {
  if (migrations.length === 0) return [];
  const db = new Database(path, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const seen = db.prepare(
      `SELECT 1 FROM state_plugin_kvs WHERE plugin_id = ? AND node_id = '' AND key = ?`,
    );
    const record = db.prepare(
      `INSERT INTO state_plugin_kvs (plugin_id, node_id, key, value_json, updated_at) VALUES (?, '', ?, ?, ?)`,
    );
    const ran: { pluginId: string; name: string }[] = [];
    for (const m of migrations) {
      const key = `migration:${m.name}`;
      if (seen.get(m.pluginId, key) !== undefined) continue;
      try {
        db.transaction(() => {
          db.exec(m.sql);
          record.run(m.pluginId, key, JSON.stringify({ appliedAt: Date.now() }), Date.now());
        })();
      } catch (err) {
        throw new AdapterError(
          'DB_QUERY_FAILED',
          `plugin ${m.pluginId}: migration ${m.name} failed and was rolled back: ${(err as Error).message}`,
          { cause: err, data: { path, plugin: m.pluginId, migration: m.name } },
        );
      }
      ran.push({ pluginId: m.pluginId, name: m.name });
    }
    return ran;
  } finally {
    db.close();
  }
}
