// `sm orphans [reconcile | undo-rename]` over real scans and state rows; --json validated against cli-orphans.
import { renameSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { runCli } from '../testing/run-cli.js';
import { CLEAN_PROJECT, execSql, schemaErrors, tempProject } from '../testing/projects.js';

let tree: TempTree;
afterEach(() => tree.remove());

const sm = (argv: string[]) => runCli(argv, { cwd: tree.root });
const execution = (id: string, node: string): string =>
  `INSERT INTO state_executions VALUES ('${id}', 'action', 'summarize', '1.0.0', '["${node}"]', NULL, 'completed', NULL, NULL, 'agent', 1, 2, 1, 1, 1, NULL, NULL, NULL, 'j-${id}')`;
const historyOf = async (node: string): Promise<string[]> =>
  (await sm(['history', '--json', '-n', node])).json<{ id: string }[]>().map((r) => r.id);

describe('sm orphans', () => {
  it('lists the state of a vanished node and reconciles it onto a scanned one', async () => {
    tree = tempProject(CLEAN_PROJECT);
    expect((await sm(['scan'])).code).toBe(0);
    execSql(tree.abs('.skill-map/skill-map.db'), execution('e1', 'docs/gone.md'));
    const list = await sm(['orphans', '--json']);
    expect(list.code).toBe(0);
    const orphans = list.json<unknown[]>();
    expect(schemaErrors('orphans', [orphans])).toEqual([]);
    expect(orphans).toEqual([{ path: 'docs/gone.md', rows: { state_executions: 1 }, total: 1 }]);

    expect((await sm(['orphans', 'reconcile', 'docs/gone.md', '--to', 'docs/nope.md'])).code).toBe(5);
    expect((await sm(['orphans', 'reconcile', 'docs/guide.md', '--to', 'docs/notes.md'])).code).toBe(5);
    expect((await sm(['orphans', 'reconcile', 'docs/gone.md'])).code).toBe(2);
    const run = await sm(['orphans', 'reconcile', 'docs/gone.md', '--to', 'docs/guide.md', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(schemaErrors('orphansReconcile', [run.json()])).toEqual([]);
    expect(await historyOf('docs/guide.md')).toEqual(['e1']);
    expect((await sm(['orphans', '--json'])).json()).toEqual([]);
  });

  it('undo-rename moves the state of a medium-confidence rename back and needs --force off a terminal', async () => {
    tree = tempProject(CLEAN_PROJECT);
    tree.write({ 'docs/a.md': '---\ntitle: A\n---\nfirst body\n' });
    expect((await sm(['scan'])).code).toBe(0);
    execSql(tree.abs('.skill-map/skill-map.db'), execution('e1', 'docs/a.md'));
    renameSync(tree.abs('docs/a.md'), tree.abs('docs/b.md'));
    tree.write({ 'docs/b.md': '---\ntitle: A\n---\nanother body\n' });
    expect((await sm(['scan'])).code).toBe(0);
    expect(await historyOf('docs/b.md')).toEqual(['e1']);

    expect((await sm(['orphans', 'undo-rename', 'docs/guide.md', '--force'])).code).toBe(5);
    expect((await sm(['orphans', 'undo-rename', 'docs/b.md', '--from', 'docs/x.md', '--force'])).code).toBe(
      5,
    );
    expect((await sm(['orphans', 'undo-rename', 'docs/b.md'])).code).toBe(2);
    expect(await historyOf('docs/b.md')).toEqual(['e1']);
    const run = await sm(['orphans', 'undo-rename', 'docs/b.md', '--force', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(schemaErrors('orphansUndoRename', [run.json()])).toEqual([]);
    expect(await historyOf('docs/a.md')).toEqual(['e1']);
    expect((await sm(['orphans', '--json'])).json()).toEqual([
      { path: 'docs/a.md', rows: { state_executions: 1 }, total: 1 },
    ]);
    expect((await sm(['orphans', 'undo-rename', 'docs/b.md', '--force'])).code).toBe(5);
  });
});
