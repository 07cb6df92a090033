import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkProject } from '../../adapters/fs/walk.js';
import { defaultDbPath } from '../../adapters/sqlite/open-database.js';
import { openScanStore } from '../../adapters/sqlite/store.js';
import { createTempTree } from '../../adapters/testing/temp-tree.js';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { isCandidatePath } from '../../kernel/index.js';
import { runScan } from './scan-engine.js';
import { createScanWarmState } from './warm-state.js';

// Opt-in: SM_PERF=1 npx vitest run packages/skill-map/src/engines/scan/scan-engine.perf.test.ts
const N = Number(process.env['SM_PERF_NODES'] ?? 10_000);
const here = dirname(fileURLToPath(import.meta.url));

function skill(i: number): string {
  const next = (i + 1) % N;
  const other = (i * 7 + 3) % N;
  return [
    '---',
    `name: skill-${i}`,
    `description: Skill number ${i} that does a small, well-defined thing for the harness.`,
    '---',
    `# Skill ${i}`,
    '',
    `Read [the next skill](../s${next}/SKILL.md) and [another](../s${other}/SKILL.md) before you start.`,
    i % 10 === 0
      ? `This one links to [a missing file](../missing-${i}/SKILL.md).`
      : 'Nothing is broken here.',
    '',
    'Some body text '.repeat(20),
  ].join('\n');
}

const ms = (v: number): string => `${v.toFixed(1)} ms`;

describe.runIf(process.env['SM_PERF'] === '1')(`scan engine at ${N} files`, () => {
  let tree: TempTree;
  const report: string[] = [];
  beforeAll(() => {
    tree = createTempTree('sm-perf-');
    const files: Record<string, string> = {};
    for (let i = 0; i < N; i += 1) files[`.claude/skills/s${i}/SKILL.md`] = skill(i);
    tree.write(files);
  });
  afterAll(() => {
    console.log(`\n${report.join('\n')}\n`);
    tree.remove();
  });

  it('measures walk, full scan, cache load, cold and warm one-file rescans', async () => {
    let t = performance.now();
    const walk = walkProject({ root: tree.root, isCandidate: isCandidatePath, shouldRead: () => false });
    report.push(`walk (stat only) of ${walk.files.length} files: ${ms(performance.now() - t)}`);

    const first = await runScan({ projectRoot: tree.root, racyWindowMs: -60_000 });
    report.push(
      `first full scan: ${ms(first.timings.total)} ${JSON.stringify(first.timings, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v) : v))}`,
    );
    report.push(
      `  nodes ${first.result.nodes.length}, links ${first.result.links.length}, issues ${first.result.issues.length}`,
    );

    const store = openScanStore({ path: defaultDbPath(tree.root), posture: 'write' });
    t = performance.now();
    const cache = store.loadFileCache();
    report.push(`load of the per-file cache (${cache.size} rows, one query): ${ms(performance.now() - t)}`);
    t = performance.now();
    const loaded = store.loadScan();
    report.push(`load of the full ScanResult: ${ms(performance.now() - t)}`);
    t = performance.now();
    store.findNode('.claude/skills/s5000/SKILL.md');
    report.push(`findNode bundle: ${ms(performance.now() - t)}`);
    t = performance.now();
    store.listIssues({ severity: ['error'], limit: 100 });
    report.push(`listIssues(severity=error, limit 100): ${ms(performance.now() - t)}`);
    store.close();

    const fresh = openScanStore({ path: `${defaultDbPath(tree.root)}.copy`, posture: 'write', create: true });
    t = performance.now();
    fresh.persistScan(loaded);
    report.push(`persist of a full ${N}-node scan into an empty DB: ${ms(performance.now() - t)}`);
    fresh.close();

    const cold = await runScan({ projectRoot: tree.root, racyWindowMs: -60_000 });
    report.push(
      `no-change rescan, cold (in-process, no warm state): ${ms(cold.timings.total)} ${JSON.stringify(cold.timings, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v) : v))}`,
    );

    writeFileSync(tree.abs('.claude/skills/s42/SKILL.md'), `${skill(42)}\nEdited.\n`);
    const edit = await runScan({ projectRoot: tree.root, mode: 'changed', racyWindowMs: -60_000 });
    report.push(
      `one-file edit, cold rescan: ${ms(edit.timings.total)}; persist phase ${ms(edit.timings.persist)}; rows ${JSON.stringify(edit.persisted?.nodes)}`,
    );

    const warm = createScanWarmState(defaultDbPath(tree.root));
    await runScan({ projectRoot: tree.root, warm, racyWindowMs: -60_000 });
    const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const full: number[] = [];
    const hinted: number[] = [];
    const persists: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      const rel = `.claude/skills/s${100 + i}/SKILL.md`;
      writeFileSync(tree.abs(rel), `${skill(100 + i)}\nEdited ${i}.\n`);
      const hint = i % 2 === 1;
      const w = await runScan({
        projectRoot: tree.root,
        warm,
        racyWindowMs: -60_000,
        ...(hint ? { changedPaths: [rel] } : {}),
      });
      expect(w.files.analyzed).toBe(1);
      (hint ? hinted : full).push(w.timings.total);
      persists.push(w.timings.persist);
      if (i === 8)
        report.push(
          `  last warm timings: ${JSON.stringify(w.timings, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v) : v))}`,
        );
    }
    report.push(
      `one-file edit, warm rescan (watcher, full walk): median ${ms(median(full))} of ${full.length}`,
    );
    report.push(
      `one-file edit, warm rescan (watcher, changedPaths hint): median ${ms(median(hinted))} of ${hinted.length}`,
    );
    report.push(`one-file diff persist (warm): median ${ms(median(persists))}`);

    const dist = resolve(here, '../../../dist/engines/scan/scan-engine.js');
    if (existsSync(dist)) {
      writeFileSync(tree.abs('.claude/skills/s44/SKILL.md'), `${skill(44)}\nEdited.\n`);
      const script = `import { runScan } from ${JSON.stringify(dist)}; const o = await runScan({ projectRoot: ${JSON.stringify(tree.root)}, mode: 'changed' }); console.log(JSON.stringify(o.timings));`;
      t = performance.now();
      const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
      report.push(
        `whole new process, \`scan --changed\` after a one-file edit: ${ms(performance.now() - t)} wall (engine ${child.stdout.trim()}) ${child.stderr.slice(0, 300)}`,
      );
    } else {
      report.push(
        `(build dist first for the new-process figure: ${join('dist', 'engines', 'scan-engine.js')})`,
      );
    }
  });
});
