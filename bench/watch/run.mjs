#!/usr/bin/env node
// npm run bench:watch: `sm check --watch` on a generated 10,000-node project. The figure is what a person waits for:
// from an editor's save of one file to the next report line (the watcher's quiet period, scan.watch.debounceMs,
// default 300 ms, included), median and p95 over a series of saves that break and mend a link in turn. Next to it,
// measured in the same run: the same report from a fresh `sm check --stored` process (what one would run by hand
// after a save, without the scan), the floor a watch loop has to beat. Target: under 1 s from save to report.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { BIN, scannedProject } from '../lib/scanned-project.mjs';
import { median, ms, quantile, table, verdict } from '../lib/stats.mjs';

const NODES = Number(process.env.BENCH_NODES ?? 10000);
const SAVES = Number(process.env.BENCH_SAVES ?? 20);
const TARGET_MS = 1000;

const { root, scan, env, remove } = scannedProject('watch', NODES);
try {
  const nodes = scan.nodes;
  const skill = nodes.find((n) => n.kind === 'skill').path;
  const original = readFileSync(join(root, skill), 'utf8');

  // The floor: a fresh `sm check --stored --format json` process, as a person would run it after each save.
  const floor = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [BIN, 'check', '--stored', '--format', 'json'], {
      cwd: root,
      env,
      maxBuffer: 1 << 30,
    });
    floor.push(performance.now() - t0);
    if (r.status !== 0 && r.status !== 1)
      throw new Error(`sm check --stored exited ${r.status}: ${r.stderr}`);
  }

  const child = spawn(process.execPath, [BIN, 'check', '--watch', '--format', 'json'], { cwd: root, env });
  const lines = [];
  const waiting = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    const w = waiting.shift();
    if (w === undefined) lines.push(line);
    else w(line);
  });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  const next = () =>
    lines.length > 0 ? Promise.resolve(lines.shift()) : new Promise((d) => waiting.push(d));
  await next();
  while (!stderr.includes('watching')) await sleep(25);

  const latencies = [];
  let wrong = 0;
  for (let i = 0; i < SAVES; i++) {
    const breaking = i % 2 === 0;
    const text = breaking ? `${original}\nSee [the plan](plan-${i}.md).\n` : original;
    const t0 = performance.now();
    writeFileSync(join(root, skill), text);
    const pass = JSON.parse(await next());
    latencies.push(performance.now() - t0);
    const hit = pass.issues.some(
      (x) =>
        x.analyzerId === 'reference-broken' &&
        x.nodeIds.includes(skill) &&
        String(x.data?.target).includes(`plan-${i}`),
    );
    if (hit !== breaking) wrong++;
    await sleep(400); // past the quiet period, so each save is its own batch
  }
  child.kill('SIGINT');
  await new Promise((d) => child.once('exit', d));

  const med = median(latencies);
  const p95 = quantile(latencies, 0.95);
  console.log(
    `bench:watch: sm check --watch, ${nodes.length} nodes, ${SAVES} saves (load ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`,
  );
  table([
    ['save to report, median', `${ms(med)}  ${verdict(med < TARGET_MS)} (target < ${TARGET_MS} ms)`],
    ['save to report, p95', ms(p95)],
    ['of which the quiet period', '300 ms (scan.watch.debounceMs default)'],
    [
      'floor: fresh sm check --stored',
      `${ms(median(floor))}  (watch median is ${(med / median(floor)).toFixed(2)}x it)`,
    ],
    ['reports that missed the save', `${wrong} of ${SAVES}`],
  ]);
  if (wrong > 0) process.exitCode = 1;
} finally {
  remove();
}
