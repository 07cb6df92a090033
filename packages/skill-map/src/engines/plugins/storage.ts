// Plugins' dedicated storage (`plugin.json` `storage: { mode: 'dedicated', tables, migrations }`): the migrations of
// every enabled (so trusted) drop-in plugin, in manifest order, each checked against the plugin's namespace before
// anything runs. One migration reaching outside refuses the whole run; the kernel never rewrites a name.
import { readFileSync, realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import type { PluginMigration } from '../../adapters/sqlite/plugin-migrations.js';
import { EngineError } from '../errors.js';
import { listPlugins, type PluginScope } from './manage.js';
import { namespaceProblems, storagePrefix } from './storage-namespace.js';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The migrations `sm db migrate` runs for the plugins; throws `invalid-input` naming the first one outside. */
export async function pluginMigrationPlan(scope: PluginScope): Promise<PluginMigration[]> {
  const plan: PluginMigration[] = [];
  for (const p of await listPlugins(scope)) {
    const storage: unknown = p.manifest?.storage;
    if (p.source === 'built-in' || p.status !== 'enabled' || p.path === null) continue;
    if (!isRecord(storage) || storage['mode'] !== 'dedicated' || !Array.isArray(storage['migrations']))
      continue;
    const prefix = storagePrefix(p.id);
    for (const name of storage['migrations'] as unknown[]) {
      if (typeof name !== 'string') continue;
      let sql: string;
      try {
        const file = realpathSync(resolve(p.path, name));
        const rel = relative(realpathSync(p.path), file);
        if (rel.startsWith('..') || isAbsolute(rel)) throw new Error('outside the plugin folder');
        sql = readFileSync(file, 'utf8');
      } catch (err) {
        throw new EngineError(
          'invalid-input',
          `plugin ${p.id}: migration ${name} cannot be read: ${(err as Error).message}`,
        );
      }
      const problems = namespaceProblems(sql, prefix);
      if (problems.length > 0)
        throw new EngineError(
          'invalid-input',
          `plugin ${p.id}: migration ${name} ${problems.join('; ')}: outside the plugin's namespace (${prefix}*); nothing was applied`,
          {
            details: {
              hint: `name every object ${prefix}<name> in ${name} (the kernel does not rewrite names)`,
            },
          },
        );
      plan.push({ pluginId: p.id, name, sql });
    }
  }
  return plan;
}
