// A trusted drop-in plugin's deterministic actions, in process through `sm actions`: they run in the plugin's
// worker under the time limit; a good one writes its namespace and annotations, and one that throws, hangs,
// answers junk or reaches outside what it may write is a clear exit 2 (action-failed) with nothing written.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { runCli } from '../testing/run-cli.js';
import { CLEAN_PROJECT, schemaErrors, tempProject } from '../testing/projects.js';

const NODE = '.claude/skills/deploy/SKILL.md';
const SIDECAR = '.claude/skills/deploy/SKILL.sm';

const action = (id: string, body: string, extra = ''): string =>
  `export default { kind: 'action', id: '${id}', version: '1.0.0', description: '${id}', ${extra}\n  run(args) { ${body} } };\n`;

const PLUGIN: Record<string, string> = {
  '.skill-map/plugins/acme/plugin.json': JSON.stringify({
    id: 'acme',
    version: '1.0.0',
    specCompat: '^1.0.0',
    extensions: ['./review.mjs', './throws.mjs', './hangs.mjs', './junk.mjs', './outside.mjs', './off.mjs'],
  }),
  '.skill-map/plugins/acme/review.mjs': action(
    'review',
    "return { patch: { annotations: { license: 'MIT' }, acme: { reviewedBy: args.input.by, kind: args.node.kind } }, report: { ok: true } };",
    "params: { by: { type: 'string', required: true, description: 'the reviewer' } },",
  ),
  '.skill-map/plugins/acme/throws.mjs': action('throws', "throw new Error('no reviewer today');"),
  '.skill-map/plugins/acme/hangs.mjs': action('hangs', 'for (;;) {}'),
  '.skill-map/plugins/acme/junk.mjs': action('junk', 'return 42;'),
  '.skill-map/plugins/acme/outside.mjs': action(
    'outside',
    "return { patch: { audit: { lastBumpedBy: 'me' } } };",
  ),
  '.skill-map/plugins/acme/off.mjs': action('off', 'return { patch: {} };', 'defaultEnabled: false,'),
};

let tree: TempTree;
const env = (): Record<string, string> => ({
  SKILL_MAP_USER_PLUGINS: join(tree.root, 'no-user-plugins'),
  SKILL_MAP_PLUGIN_TIMEOUT_MS: '500',
});
const sm = (argv: string[]) => runCli(argv, { cwd: tree.root, env: env() });
const sidecar = (): string | null =>
  existsSync(tree.abs(SIDECAR)) ? readFileSync(tree.abs(SIDECAR), 'utf8') : null;

beforeEach(async () => {
  tree = tempProject({ ...CLEAN_PROJECT, ...PLUGIN });
  expect((await sm(['scan', '-q'])).code).toBe(0);
});
afterEach(() => tree.remove());

describe("a drop-in plugin's actions", () => {
  it('untrusted: listed by nobody and not runnable; trusted: listed with its params and default', async () => {
    expect((await sm(['actions', 'run', 'acme/review', '-n', NODE, '--yes'])).code).toBe(5);
    expect((await sm(['plugins', 'trust', 'acme'])).code).toBe(0);
    const list = await sm(['actions', 'list', '--json']);
    expect(list.code, list.stderr).toBe(0);
    const doc = list.json<{
      actions: { id: string; enabled: boolean; defaultEnabled: boolean; params: object }[];
    }>();
    expect(schemaErrors('actionsList', [doc])).toEqual([]);
    expect(doc.actions.find((a) => a.id === 'acme/review')).toMatchObject({
      enabled: true,
      params: { by: { type: 'string', required: true } },
    });
    expect(doc.actions.find((a) => a.id === 'acme/off')).toMatchObject({
      enabled: false,
      defaultEnabled: false,
    });
    const off = await sm(['actions', 'run', 'acme/off', '-n', NODE, '--yes']);
    expect(off.code).toBe(5);
    expect(off.stderr).toContain('sm plugins enable acme/off');
    expect((await sm(['plugins', 'enable', 'acme/off'])).code).toBe(0);
    expect((await sm(['actions', 'run', 'acme/off', '-n', NODE, '--yes'])).code).toBe(0);
  });

  it('a good action writes its namespace and annotations through the gate', async () => {
    expect((await sm(['plugins', 'trust', 'acme'])).code).toBe(0);
    const run = await sm([
      'actions',
      'run',
      'acme/review',
      '-n',
      NODE,
      '--yes',
      '--input',
      '{"by":"ana"}',
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(schemaErrors('actionRun', [run.json()])).toEqual([]);
    expect(sidecar()).toContain('license: MIT');
    expect(sidecar()).toMatch(/acme:\n {2}kind: skill\n {2}reviewedBy: ana\n/);
  });

  it('a throw, a hang, junk, or a patch outside its keys: exit 2 action-failed, nothing written', async () => {
    expect((await sm(['plugins', 'trust', 'acme'])).code).toBe(0);
    const cases: [string, RegExp][] = [
      ['acme/throws', /no reviewer today/],
      ['acme/hangs', /did not answer within 500 ms/],
      ['acme/junk', /did not answer \{ patch/],
      ['acme/outside', /tried to write audit/],
    ];
    for (const [id, reason] of cases) {
      const run = await sm(['actions', 'run', id, '-n', NODE, '--yes']);
      expect(run.code, `${id}: ${run.stderr}`).toBe(2);
      expect(run.stderr).toContain(`action ${id}`);
      expect(run.stderr).toMatch(reason);
      expect(run.stderr).toContain('nothing was written');
    }
    expect(sidecar()).toBeNull();
  });
});
