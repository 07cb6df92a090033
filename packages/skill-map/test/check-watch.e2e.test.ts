// `sm check --watch` through the BUILT bin, as a person (text) and a program (--format json, one line per pass) use
// it: the first report, a save that breaks a link reported in the next pass, a save that mends it reported clean,
// an ignored file's edit starting no pass, and SIGINT ending it with exit 0. Refusals are exit 2 before any scan.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Issue } from '@skill-map/spec';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { follow, until } from './support/follow.js';
import { isBuilt, runSm, spawnSm } from './support/sm-bin.js';

const SKILL = (name: string, body: string): string =>
  `---\nname: ${name}\ndescription: Does ${name} work\n---\n# ${name}\n\n${body}\n`;

interface Pass {
  issues: Issue[];
  counts: { error: number; warn: number; info: number };
  failing: string | null;
}

let tree: TempTree;
let child: ChildProcessWithoutNullStreams | null = null;
afterEach(() => {
  if (child !== null && child.exitCode === null) child.kill('SIGKILL');
  child = null;
  tree?.remove();
});

function project(): TempTree {
  const t = createTempTree('sm-e2e-check-watch-');
  t.write({
    '.claude/skills/deploy/SKILL.md': SKILL('deploy', 'Follow the [runbook](../../../docs/runbook.md).'),
    'docs/runbook.md': '# Runbook\n',
    '.skillmapignore': 'drafts/\n',
    '.skill-map/settings.json': JSON.stringify({ scan: { watch: { debounceMs: 50 } } }),
  });
  return t;
}

const broken = (pass: Pass): string[] =>
  pass.issues.filter((i) => i.analyzerId === 'reference-broken').map((i) => String(i.data?.target));

describe.skipIf(!isBuilt())('sm check --watch through the built bin', () => {
  it('--format json: one report line per pass; a broken save is reported, a mend clears it; SIGINT exits 0', async () => {
    tree = project();
    child = spawnSm(['check', '--watch', '--format', 'json'], { cwd: tree.root });
    const run = follow(child);
    const first = JSON.parse(await run.next()) as Pass;
    expect(broken(first)).toEqual([]);
    expect(first.failing).toBeNull();
    await until(() => run.stderr().includes('watching'));

    // An ignored file first, then a real save well after the quiet period: the next line is the real save's pass.
    tree.write({ 'drafts/.claude/skills/x/SKILL.md': SKILL('x', 'See [gone](gone.md).') });
    await sleep(500);
    tree.write({
      '.claude/skills/deploy/SKILL.md': SKILL('deploy', 'Follow the [runbook](../../../docs/runbok.md).'),
    });
    const breaking = JSON.parse(await run.next()) as Pass;
    expect(broken(breaking)).toEqual(['docs/runbok.md']);
    expect(breaking.counts.error).toBeGreaterThan(0);
    expect(breaking.failing).not.toBeNull();

    tree.write({
      '.claude/skills/deploy/SKILL.md': SKILL('deploy', 'Follow the [runbook](../../../docs/runbook.md).'),
    });
    const mended = JSON.parse(await run.next()) as Pass;
    expect(broken(mended)).toEqual([]);
    expect(mended.failing).toBeNull();

    child.kill('SIGINT');
    expect(await run.exited).toBe(0);
    expect(run.stderr()).toContain('Change detected, checking again');
    expect(run.stderr()).not.toMatch(/scan failed|Error:/);
  });

  it('text: the report of each pass names the file and the broken target; SIGTERM exits 0', async () => {
    tree = project();
    child = spawnSm(['check', '--watch'], { cwd: tree.root });
    const run = follow(child);
    const seen: string[] = [];
    const reader = (async () => {
      for (;;) seen.push(await run.next());
    })();
    void reader;
    await until(() => run.stderr().includes('watching'));
    expect(seen.join('\n')).not.toContain('runbok');
    tree.write({
      '.claude/skills/deploy/SKILL.md': SKILL('deploy', 'Follow the [runbook](../../../docs/runbok.md).'),
    });
    await until(() => seen.join('\n').includes('docs/runbok.md'));
    expect(seen.join('\n')).toContain('.claude/skills/deploy/SKILL.md');
    child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('refuses what a loop cannot honour (exit 2) before scanning anything', () => {
    tree = project();
    for (const argv of [
      ['check', '--watch', '--format', 'sarif'],
      ['check', '--watch', '--format', 'github'],
      ['check', '--watch', '--stored'],
      ['check', '--watch', '--list-rules'],
    ]) {
      const run = runSm(argv, { cwd: tree.root });
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/--watch/);
    }
    expect(existsSync(tree.abs('.skill-map/skill-map.db'))).toBe(false);
  });
});
