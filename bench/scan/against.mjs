#!/usr/bin/env node
// npm run bench:scan:against: this checkout's `sm scan` against another build of skill-map, on one generated
// 10,000-node project each (same seed), runs alternating so that both see the same load: a cold scan, a no-change
// scan and a one-file edit per kind of file (the same edit on both). Prints both medians and this build's ratio to the
// other; a ratio over 1.10 is a regression beyond the 10% an issue may allow.
//   BENCH_BASE=<root of the other checkout, built>  (e.g. git worktree add ../base <rev> && cd ../base && npm ci &&
//   npm run build); BENCH_SIZES (default 10000), BENCH_RUNS (warm runs per measure and build, default 9).
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, ms, table, verdict } from '../lib/stats.mjs';
import { generateProject } from './generate.mjs';

const HEAD = fileURLToPath(new URL('../../packages/skill-map/bin/sm.js', import.meta.url));
const BASE_ROOT = process.env.BENCH_BASE;
const SIZE = Number((process.env.BENCH_SIZES ?? '10000').split(',')[0]);
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const LIMIT = 1.1;

if (BASE_ROOT === undefined || !existsSync(join(BASE_ROOT, 'packages/skill-map/bin/sm.js'))) {
  console.error(
    'bench:scan:against needs BENCH_BASE, the root of another built checkout, e.g.\n' +
      '  git worktree add ../sm-base <rev> && (cd ../sm-base && npm ci && npm run build)\n' +
      '  BENCH_BASE=../sm-base npm run bench:scan:against',
  );
  process.exit(2);
}
const BINS = { base: resolve(BASE_ROOT, 'packages/skill-map/bin/sm.js'), head: HEAD };

function run(bin, root, argv) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [bin, ...argv], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    maxBuffer: 256 * 1024 * 1024,
  });
  const elapsed = performance.now() - t0;
  if (r.status !== 0 && r.status !== 1)
    throw new Error(`${bin} ${argv.join(' ')} exited ${r.status}: ${r.stderr}`);
  return elapsed;
}

const removeDb = (root) => {
  for (const suffix of ['', '-wal', '-shm'])
    rmSync(join(root, '.skill-map', `skill-map.db${suffix}`), { force: true });
};

/** `times` per build for `count` rounds of `step(build, round)`, the order of the two builds swapped every round. */
function alternate(count, step) {
  const times = { base: [], head: [] };
  for (let i = 0; i < count; i++)
    for (const build of i % 2 === 0 ? ['base', 'head'] : ['head', 'base']) times[build].push(step(build, i));
  return times;
}

console.log(`bench:scan:against  ${SIZE} nodes, ${RUNS} runs per measure and build`);
console.log(`  base ${BINS.base}\n  head ${BINS.head}`);
console.log(`  ${cpus().length} cores, load ${loadavg()[0].toFixed(1)}`);
const source = mkdtempSync(join(tmpdir(), 'sm-against-src-'));
const project = generateProject(source, SIZE);
const roots = {};
for (const build of Object.keys(BINS)) {
  roots[build] = mkdtempSync(join(tmpdir(), `sm-against-${build}-`));
  cpSync(source, roots[build], { recursive: true });
}
rmSync(source, { recursive: true, force: true });

const measures = [];
const cold = alternate(3, (build) => {
  removeDb(roots[build]);
  return run(BINS[build], roots[build], ['scan', '-q']);
});
measures.push(['cold scan', cold, false]);
measures.push(['no-change scan', alternate(RUNS, (b) => run(BINS[b], roots[b], ['scan', '-q'])), true]);
for (const [kind, list] of Object.entries(project.kinds)) {
  if (list.length === 0) continue;
  const times = alternate(RUNS, (build, i) => {
    appendFileSync(
      join(roots[build], list[(i * 7919) % list.length]),
      `\nOne more plain line (edit ${i}).\n`,
    );
    return run(BINS[build], roots[build], ['scan', '-q']);
  });
  measures.push([`one file edited: ${kind}`, times, true]);
}

let worst = 0;
const rows = measures.map(([label, times, warm]) => {
  const base = median(times.base);
  const head = median(times.head);
  const ratio = head / base;
  if (warm) worst = Math.max(worst, ratio);
  return [label, `${ms(base).padStart(8)} base  ${ms(head).padStart(8)} head  ${ratio.toFixed(3)}x`];
});
table(rows);
const coldRatio = median(cold.head) / median(cold.base);
console.log(
  `  target: head within ${LIMIT.toFixed(2)}x of base: cold ${coldRatio.toFixed(3)}x ${verdict(coldRatio <= LIMIT)}, ` +
    `worst warm measure ${worst.toFixed(3)}x ${verdict(worst <= LIMIT)}`,
);
if (process.env.BENCH_KEEP !== '1')
  for (const root of Object.values(roots)) rmSync(root, { recursive: true, force: true });
