// `npm run test:mutation [module...]`: runs Stryker once per module (all of scripts/mutation/modules.mjs by
// default, in table order), incrementally (reports/mutation/<module>/incremental.json, kept out of git), with
// MUTATION_CONCURRENCY workers (default 1: the machine is shared), then prints the score of each module.
// Score = (killed + timeout) / (killed + timeout + survived + no coverage); equivalent mutants are disabled in
// the source with a reason and never count, nor do mutants that do not compile. Exit code 1 below 85%.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { MODULES } from './modules.mjs';

const FLOOR = 85;
const args = process.argv.slice(2);
const unknown = args.filter((a) => !(a in MODULES));
if (unknown.length > 0) {
  console.error(`unknown module(s): ${unknown.join(', ')}; known: ${Object.keys(MODULES).join(', ')}`);
  process.exit(2);
}
const names = args.length > 0 ? args : Object.keys(MODULES);

/** Counts per status from a Stryker JSON report (mutation-testing-report-schema). */
function tally(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const n = {
    Killed: 0,
    Timeout: 0,
    Survived: 0,
    NoCoverage: 0,
    Ignored: 0,
    CompileError: 0,
    RuntimeError: 0,
  };
  for (const f of Object.values(report.files))
    for (const m of f.mutants) n[m.status] = (n[m.status] ?? 0) + 1;
  const detected = n.Killed + n.Timeout;
  const valid = detected + n.Survived + n.NoCoverage;
  return { ...n, valid, score: valid === 0 ? 100 : (100 * detected) / valid };
}

const rows = [];
for (const name of names) {
  const started = Date.now();
  const run = spawnSync('npx', ['stryker', 'run'], {
    stdio: 'inherit',
    env: { ...process.env, MUTATION_MODULE: name },
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  const file = `reports/mutation/${name}/mutation.json`;
  if (run.status !== 0 || !existsSync(file)) {
    rows.push({ name, error: `stryker exited ${run.status ?? run.signal}` });
    continue;
  }
  rows.push({ name, seconds, ...tally(file) });
}

const pad = (s, n) => String(s).padEnd(n);
const num = (s, n) => String(s).padStart(n);
console.log('\nmutation score per module (killed + timeout over valid mutants; floor 85%)');
console.log(
  `${pad('module', 18)}${num('score', 8)}${num('killed', 8)}${num('timeout', 9)}${num('survived', 10)}` +
    `${num('no cov', 8)}${num('ignored', 9)}${num('no compile', 12)}${num('time', 8)}`,
);
let low = false;
for (const r of rows) {
  if ('error' in r) {
    console.log(`${pad(r.name, 18)}  ${r.error}`);
    low = true;
    continue;
  }
  if (r.score < FLOOR) low = true;
  console.log(
    `${pad(r.name, 18)}${num(r.score.toFixed(1) + '%', 8)}${num(r.Killed, 8)}${num(r.Timeout, 9)}` +
      `${num(r.Survived, 10)}${num(r.NoCoverage, 8)}${num(r.Ignored, 9)}${num(r.CompileError, 12)}` +
      `${num(r.seconds + 's', 8)}`,
  );
}
console.log('reports: reports/mutation/<module>/index.html (survivors with their line and replacement)');
process.exit(low ? 1 : 0);
