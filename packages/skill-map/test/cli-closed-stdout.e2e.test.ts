// The BUILT `sm` bin writing into a pipe whose reader leaves early (`sm list | head`): no EPIPE crash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { isBuilt, runSm, spawnSm } from './support/sm-bin.js';

let tree: TempTree;

/**
 * Enough nodes with long paths, each with broken links (so issues too), that every listing is well over a
 * megabyte: far more than a pipe buffer can absorb after the reader left, so the bin must meet EPIPE.
 */
beforeAll(() => {
  if (!isBuilt()) return;
  tree = createTempTree('sm-e2e-epipe-');
  const files: Record<string, string> = {};
  const deep = 'a-folder-with-a-rather-long-name-to-make-every-path-long/'.repeat(3);
  for (let i = 0; i < 2000; i += 1) {
    const links = [1, 2, 3].map((k) => `[gone ${k}](missing-target-with-a-long-name-${i}-${k}.md)`).join(' ');
    files[`docs/${deep}section-${i % 10}/note-number-${i}.md`] = `# Note ${i}\nSee ${links}.\n`;
  }
  tree.write(files);
  expect(runSm(['scan', '-q'], { cwd: tree.root }).code).toBe(1); // the broken links are errors
});
afterAll(() => tree?.remove());

/** Runs the bin, reads one chunk of its stdout, then closes the reading end as `head` does. */
function readFirstChunkThenClose(
  argv: string[],
): Promise<{ code: number | null; stderr: string; first: string }> {
  const child = spawnSm(argv, { cwd: tree.root });
  let stderr = '';
  let first = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  child.stdout.once('data', (d: Buffer) => {
    first = d.toString('utf8');
    child.stdout.destroy();
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stderr, first })));
}

describe.skipIf(!isBuilt())('a closed stdout ends the run quietly (built bin)', () => {
  for (const argv of [
    ['list'],
    ['list', '--json'],
    ['export'],
    ['export', '--format', 'md'],
    ['graph'],
    ['check', '--stored'],
  ]) {
    it(`sm ${argv.join(' ')} | head: exit 0, no EPIPE stack trace on stderr`, async () => {
      const run = await readFirstChunkThenClose(argv);
      expect(run.first.length).toBeGreaterThan(0);
      expect(run.stderr).not.toMatch(/EPIPE|Error|node:events|at /);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
    });
  }
});
