// `sm db`, `sm history`, `sm orphans` and `sm doctor` through the BUILT bin: a backup restored over a reset database brings the state back;
// the history of a project without executions is empty; every --json document is validated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { schemaErrors } from '../src/cli/testing/projects.js';
import { isBuilt, runSm } from './support/sm-bin.js';

let tree: TempTree;
beforeAll(() => {
  tree = createTempTree('sm-e2e-db-');
  tree.write({ '.claude/skills/a/SKILL.md': '---\nname: a\ndescription: A\n---\nBody.\n' });
});
afterAll(() => tree?.remove());

describe.skipIf(!isBuilt())('sm db through the built bin', () => {
  it('backup, reset, restore: the nodes come back; each --json document is valid', () => {
    const sm = (...argv: string[]) => runSm(argv, { cwd: tree.root });
    expect(sm('scan').code).toBe(0);
    const backup = sm('db', 'backup', '--out', 'saved.db', '--json');
    expect(backup.code, backup.stderr).toBe(0);
    expect(schemaErrors('dbBackup', [JSON.parse(backup.stdout)])).toEqual([]);
    const reset = sm('db', 'reset', '--json');
    expect(schemaErrors('dbReset', [JSON.parse(reset.stdout)])).toEqual([]);
    expect(sm('list').stdout).not.toContain('SKILL.md');
    const restore = sm('db', 'restore', 'saved.db', '--yes', '--json');
    expect(restore.code, restore.stderr).toBe(0);
    expect(schemaErrors('dbRestore', [JSON.parse(restore.stdout)])).toEqual([]);
    expect(restore.stderr).toMatch(/done in \d+/);
    expect(sm('list').stdout).toContain('.claude/skills/a/SKILL.md');
  });
});

describe.skipIf(!isBuilt())('sm history through the built bin', () => {
  it('an empty history: [] and zeroed stats, no orphans and a green doctor, valid against their schemas', () => {
    const sm = (...argv: string[]) => runSm(argv, { cwd: tree.root });
    expect(sm('scan').code).toBe(0);
    const list = sm('history', '--json');
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual([]);
    const stats = sm('history', 'stats', '--json');
    expect(stats.code, stats.stderr).toBe(0);
    const doc = JSON.parse(stats.stdout) as { totals: { executionsCount: number } };
    expect(schemaErrors('historyStats', [doc])).toEqual([]);
    expect(doc.totals.executionsCount).toBe(0);
    const orphans = sm('orphans', '--json');
    expect(orphans.code, orphans.stderr).toBe(0);
    expect(schemaErrors('orphans', [JSON.parse(orphans.stdout)])).toEqual([]);
    const doctor = sm('doctor', '--json');
    expect(schemaErrors('doctor', [JSON.parse(doctor.stdout)])).toEqual([]);
    expect(doctor.code, doctor.stdout).toBe(0);
  });
});
