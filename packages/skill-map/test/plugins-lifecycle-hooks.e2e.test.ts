// The CLI process's boot and shutdown hook events through the BUILT bin, as the reference has them: a trusted drop-in
// hook is told `boot` ({ argv }) before the verb runs and `shutdown` ({ exitCode }) after its exit code is known; a
// failing one is a warning line and changes no exit code; `--no-plugins` and an untrusted plugin tell nobody. The
// plugin's module runs once per sm run, though the boot hooks and the verb each load the plugins.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { isBuilt, runSm } from './support/sm-bin.js';

const DIR = '.skill-map/plugins/life';
let tree: TempTree;
let log: string;

const sm = (...argv: string[]) => runSm(argv, { cwd: tree.root, env: { SKILL_MAP_USER_PLUGINS: 'none' } });
const told = (): string[] => (existsSync(log) ? readFileSync(log, 'utf8').trimEnd().split('\n') : []);

beforeAll(() => {
  tree = createTempTree('sm-e2e-lifecycle-');
  log = join(tree.root, 'told.log');
  const ext = JSON.stringify({ version: '1.0.0', description: 'Logs the process lifecycle.' });
  tree.write({
    'notes/a.md': '# A\n',
    [`${DIR}/plugin.json`]: JSON.stringify({ version: '1.0.0', specCompat: '>=0.0.0' }),
    [`${DIR}/hooks/log/extension.json`]: ext,
    [`${DIR}/hooks/log/index.js`]: [
      "import { appendFileSync } from 'node:fs';",
      // Once per sm run: the plugin worker imports a module once.
      `appendFileSync(${JSON.stringify(log)}, 'imported\\n');`,
      "export default { triggers: ['boot', 'shutdown'], on: ({ trigger, payload }) =>",
      `  appendFileSync(${JSON.stringify(log)}, trigger + ' ' + JSON.stringify(payload) + '\\n') };`,
    ].join('\n'),
    [`${DIR}/hooks/fail/extension.json`]: ext,
    [`${DIR}/hooks/fail/index.js`]:
      "export default { triggers: ['shutdown'], on() { throw new Error('cannot say goodbye'); } };\n",
  });
});
afterAll(() => tree?.remove());

describe.skipIf(!isBuilt())('boot and shutdown hooks of the sm process', () => {
  it('untrusted: nobody is told', () => {
    expect(sm('scan', '-q').code).toBe(0);
    expect(told()).toEqual([]);
  });

  it('trusted: boot with the argv before the verb, shutdown with its exit code; a failing hook is a warning', () => {
    expect(sm('plugins', 'trust', 'life').code).toBe(0);
    rmSync(log, { force: true });
    const ok = sm('scan', '-q');
    expect(ok.code, ok.stderr).toBe(0);
    expect(told()).toEqual(['imported', 'boot {"argv":["scan","-q"]}', 'shutdown {"exitCode":0}']);
    expect(ok.stderr).toContain("hook 'life/fail' failed on shutdown: threw Error: cannot say goodbye");
    rmSync(log, { force: true });
    const missing = sm('show', 'notes/nowhere.md');
    expect(missing.code).toBe(5);
    expect(told()).toEqual([
      'imported',
      'boot {"argv":["show","notes/nowhere.md"]}',
      'shutdown {"exitCode":5}',
    ]);
  });

  it('--no-plugins and a verb without a project (version) tell nobody', () => {
    rmSync(log, { force: true });
    expect(sm('graph', '--no-plugins').code).toBe(0);
    expect(sm('version').code).toBe(0);
    expect(told()).toEqual([]);
  });
});
