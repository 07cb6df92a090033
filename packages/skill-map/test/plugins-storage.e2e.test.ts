// Plugins' dedicated storage through the BUILT bin: `sm db migrate` runs a trusted plugin's migrations once, under
// the names they wrote (`sm db dump` shows them); a migration naming anything outside `plugin_<id>_` is refused
// (exit 2) with nothing applied; an untrusted plugin's migrations never run.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSpecValidator } from '@skill-map/spec/testing';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { isBuilt, runSm } from './support/sm-bin.js';

const validator = createSpecValidator();
const DIR = '.skill-map/plugins/rule-book';
let tree: TempTree;
const sm = (...argv: string[]) => runSm(argv, { cwd: tree.root, env: { SKILL_MAP_USER_PLUGINS: 'none' } });

function plugin(sql: string): void {
  tree.write({
    'notes.md': '# Notes\n',
    [`${DIR}/plugin.json`]: JSON.stringify({
      version: '1.0.0',
      specCompat: '>=0.0.0',
      storage: { mode: 'dedicated', tables: ['rules'], migrations: ['migrations/001.sql'] },
    }),
    [`${DIR}/migrations/001.sql`]: sql,
  });
}

beforeEach(() => {
  tree = createTempTree('sm-e2e-plugin-storage-');
});
afterEach(() => tree.remove());

describe.skipIf(!isBuilt())('sm db migrate and a plugin with dedicated storage', () => {
  it('trusted: its migration runs once under the authored names; untrusted: never', () => {
    plugin('CREATE TABLE plugin_rule_book_rules (id INTEGER PRIMARY KEY, note TEXT);\n');
    expect(sm('scan').code).toBe(0);
    expect(sm('db', 'migrate').code).toBe(0);
    expect(sm('db', 'dump').stdout).not.toContain('plugin_rule_book_rules');
    expect(sm('plugins', 'trust', 'rule-book').code).toBe(0);
    const first = sm('db', 'migrate', '--json');
    expect(first.code, first.stderr).toBe(0);
    const doc = JSON.parse(first.stdout) as Record<string, unknown>;
    expect(validator.validate('dbMigrate', doc)).toEqual({ ok: true });
    expect(doc['pluginMigrationsApplied']).toEqual([{ pluginId: 'rule-book', name: 'migrations/001.sql' }]);
    expect(sm('db', 'dump').stdout).toContain('CREATE TABLE plugin_rule_book_rules (');
    const again = JSON.parse(sm('db', 'migrate', '--json').stdout) as Record<string, unknown>;
    expect(again['pluginMigrationsApplied']).toEqual([]);
  });

  it('a migration reaching outside the namespace is refused (exit 2), naming it; nothing is created', () => {
    plugin('CREATE TABLE plugin_rule_book_ok (id INTEGER);\nCREATE TABLE rules (id INTEGER);\n');
    expect(sm('scan').code).toBe(0);
    expect(sm('plugins', 'trust', 'rule-book').code).toBe(0);
    const run = sm('db', 'migrate');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      "migration migrations/001.sql creates table rules: outside the plugin's namespace (plugin_rule_book_*)",
    );
    expect(sm('db', 'dump').stdout).not.toContain('plugin_rule_book_ok');
  });
});
