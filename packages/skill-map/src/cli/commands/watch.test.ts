// `sm watch` refusals in process (the live loop is driven through the built bin in test/cli-watch.e2e.test.ts).
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { runCli } from '../testing/run-cli.js';
import { bumpUserVersion, tempProject } from '../testing/projects.js';

let tree: TempTree;
afterEach(() => tree.remove());

const sm = (argv: string[]) => runCli(argv, { cwd: tree.root });

describe('sm watch', () => {
  it('refuses a root outside the project (exit 2) and a missing one (exit 5) before scanning', async () => {
    tree = tempProject();
    const outside = await sm(['watch', '..']);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain('.. is outside the project');
    const missing = await sm(['watch', 'nope']);
    expect(missing.code).toBe(5);
    expect(missing.stderr).toContain('nope is not a directory');
    expect(existsSync(tree.abs('.skill-map/skill-map.db'))).toBe(false);
  });

  it('sm scan --watch refuses the one-shot flags (exit 2)', async () => {
    tree = tempProject();
    for (const flag of ['--full', '--run-facts', '--explain']) {
      const run = await sm(['scan', '--watch', flag]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`--watch and ${flag} exclude each other`);
    }
  });

  it('a database of another build is refused without --yes (exit 2) and nothing is watched', async () => {
    tree = tempProject();
    expect((await sm(['scan'])).code).toBe(1);
    bumpUserVersion(tree.abs('.skill-map/skill-map.db'), 9999);
    const run = await sm(['watch']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
  });
});
