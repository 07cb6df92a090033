// `sm watch --json` (and `sm scan --watch`) through the BUILT bin: an ndjson stream of ScanResults, one per batch;
// an edit of an ignored file starts no batch; SIGINT and SIGTERM end it cleanly with exit 0.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ScanResult } from '@skill-map/spec';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { schemaErrors } from '../src/cli/testing/projects.js';
import { follow, until } from './support/follow.js';
import { isBuilt, spawnSm } from './support/sm-bin.js';

const SKILL = (name: string): string => `---\nname: ${name}\ndescription: ${name}\n---\nBody of ${name}.\n`;

let tree: TempTree;
let child: ChildProcessWithoutNullStreams | null = null;
afterEach(() => {
  if (child !== null && child.exitCode === null) child.kill('SIGKILL');
  child = null;
  tree?.remove();
});

const paths = (r: ScanResult): string[] => r.nodes.map((n) => n.path).sort();

describe.skipIf(!isBuilt())('sm watch through the built bin', () => {
  for (const [argv, signal] of [
    [['watch', '--json'], 'SIGINT'],
    [['scan', '--watch', '--json'], 'SIGTERM'],
  ] as const) {
    it(`${argv.join(' ')}: one ScanResult line per batch, ignores respected, ${signal} exits 0`, async () => {
      tree = createTempTree('sm-e2e-watch-');
      tree.write({
        '.claude/skills/a/SKILL.md': SKILL('a'),
        '.skillmapignore': 'drafts/\n',
        '.skill-map/settings.json': JSON.stringify({ scan: { watch: { debounceMs: 50 } } }),
      });
      child = spawnSm(argv, { cwd: tree.root });
      const run = follow(child);
      const boot = JSON.parse(await run.next()) as ScanResult;
      expect(schemaErrors('scanResult', [boot])).toEqual([]);
      expect(paths(boot)).toEqual(['.claude/skills/a/SKILL.md']);
      await until(() => run.stderr().includes('watching'));

      // An ignored file first, a real one well after the quiet period: the next line must be the real one's batch.
      tree.write({ 'drafts/.claude/skills/x/SKILL.md': SKILL('x') });
      await sleep(600);
      tree.write({ '.claude/skills/b/SKILL.md': SKILL('b') });
      const batch = JSON.parse(await run.next()) as ScanResult;
      expect(schemaErrors('scanResult', [batch])).toEqual([]);
      expect(paths(batch)).toEqual(['.claude/skills/a/SKILL.md', '.claude/skills/b/SKILL.md']);

      child.kill(signal);
      expect(await run.exited).toBe(0);
      expect(run.stderr()).not.toMatch(/error/i);
    });
  }
});
