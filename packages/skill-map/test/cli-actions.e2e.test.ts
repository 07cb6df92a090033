// `sm actions` and `sm bump` through the BUILT bin: the action list validates; four `sm bump` PROCESSES started at
// once on one node all land (versions 1..4, the first creating the sidecar; no update lost, no temp file left); a refusal without consent is exit 2.
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { schemaErrors } from '../src/cli/testing/projects.js';
import { isBuilt, runSm, spawnSm } from './support/sm-bin.js';

const NODE = '.claude/skills/a/SKILL.md';
let tree: TempTree;
beforeAll(() => {
  tree = createTempTree('sm-e2e-actions-');
  tree.write({ [NODE]: '---\nname: a\ndescription: A\n---\nBody.\n' });
});
afterAll(() => tree?.remove());

/** One `sm bump` process, resolved with its exit code and stdout. */
function bump(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawnSm(['bump', NODE, '--yes', '--json'], { cwd: tree.root });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.skipIf(!isBuilt())('sm actions and sm bump through the built bin', () => {
  it('lists valid actions; refuses without consent; parallel bump processes lose no update', async () => {
    const sm = (...argv: string[]) => runSm(argv, { cwd: tree.root });
    expect(sm('scan').code).toBe(0);
    const list = sm('actions', 'list', '--json');
    expect(list.code, list.stderr).toBe(0);
    expect(schemaErrors('actionsList', [JSON.parse(list.stdout)])).toEqual([]);
    expect(list.stderr).toMatch(/done in \d+/);
    const refused = sm('bump', NODE);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    const runs = await Promise.all([bump(), bump(), bump(), bump()]);
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const docs = runs.map(
      (r) => JSON.parse(r.stdout) as { ok: boolean; version: number; createdSidecar: boolean },
    );
    expect(schemaErrors('bumpReport', docs)).toEqual([]);
    expect(docs.map((d) => d.version).sort()).toEqual([1, 2, 3, 4]);
    expect(docs.filter((d) => d.createdSidecar)).toHaveLength(1);
    expect(readFileSync(tree.abs('.claude/skills/a/SKILL.sm'), 'utf8')).toContain('version: 4');
    expect(readdirSync(tree.abs('.claude/skills/a')).sort()).toEqual(['SKILL.md', 'SKILL.sm']);
  });
});
