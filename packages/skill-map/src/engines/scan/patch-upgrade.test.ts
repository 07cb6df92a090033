import { appendFileSync, utimesSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { MIGRATIONS } from '../../adapters/sqlite/migrations/index.js';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { RICH_PROJECT } from '../../kernel/testing/rich-project.js';
import { patchScan, stableTree } from './testing/patch-tree.js';
import { fullScanRows, rowFacts } from './testing/row-facts.js';

// A database a schema-3 build wrote (the resolution index's JSON beside its generation, no patch-read indexes, no
// trigger text beside the cached records) is upgraded by migrations 004 to 006 with its index intact. 005 empties the
// per-file cache (its rows have no trigger text), so the first scan after the upgrade analyses every file again; the
// next one-file edit patches in place again.

let tree: TempTree;
beforeEach(() => {
  tree = stableTree('sm-patch-upgrade-', RICH_PROJECT);
});
afterEach(() => tree.remove());

const scan = () => patchScan(tree);

/** Puts the scan zone back in the layout of schema 3, as a schema-3 build left it. */
function downgradeToSchema3(): void {
  const db = new Database(`${tree.root}/.skill-map/skill-map.db`);
  try {
    const json = db.prepare(`SELECT index_json FROM scan_resolution_json`).pluck().get() as string;
    db.exec(`DROP INDEX scan_issues_group; DROP INDEX scan_file_cache_mentions;
             ALTER TABLE scan_file_cache DROP COLUMN mentions;
             DROP INDEX scan_file_cache_stat; DROP INDEX scan_links_whole; DROP TABLE scan_resolution_json;
             ALTER TABLE scan_resolution_index ADD COLUMN index_json TEXT NOT NULL DEFAULT '';
             DROP TABLE state_activity_seen`);
    db.prepare(`UPDATE scan_resolution_index SET index_json = ?`).run(json);
    db.prepare(`DELETE FROM config_schema_versions WHERE version > 3`).run();
    db.pragma('user_version = 3');
  } finally {
    db.close();
  }
}

const edit = (n: number): void => {
  appendFileSync(tree.abs('.claude/agents/triager.md'), `\nOne more line (${n}).\n`);
  utimesSync(tree.abs('.claude/agents/triager.md'), 1.7e9 + n, 1.7e9 + n);
};

it('upgrades a schema-3 database in place and keeps patching, row for row a full scan', async () => {
  expect(MIGRATIONS.at(-1)?.version).toBe(6);
  await scan();
  downgradeToSchema3();
  edit(1);
  const first = await scan();
  expect(first.patchedInPlace).toBe(false);
  expect(first.fullBuildReason).toMatch(/the per-file cache is empty/);
  expect(first.files.reusedByStat + first.files.reusedByHash).toBe(0);
  expect(first.files.analyzed).toBeGreaterThan(10);
  edit(2);
  const out = await scan();
  expect({ patched: out.patchedInPlace, reason: out.fullBuildReason }).toEqual({
    patched: true,
    reason: null,
  });
  expect(rowFacts(tree.root)).toEqual(await fullScanRows(tree.root));
  const db = new Database(`${tree.root}/.skill-map/skill-map.db`, { readonly: true });
  try {
    expect(db.pragma('user_version', { simple: true })).toBe(6);
    const columns = db.prepare(`SELECT name FROM pragma_table_info('scan_resolution_index')`).pluck().all();
    expect(columns).toEqual(['id', 'generation']);
  } finally {
    db.close();
  }
});
