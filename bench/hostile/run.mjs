#!/usr/bin/env node
// npm run bench:hostile: `sm scan` of a realistic project, clean, then with ONE hostile input at a time, as child
// processes. The inputs: a YAML alias bomb, a 50 MB markdown file, a file whose analysis throws (issue 8); one long
// string aliased thousands of times in a 60 KB and a 64 KB frontmatter and in a 57 KB `.sm` sidecar, and a committed
// symlink to /dev/zero as every file a scan reads (ignore files, settings layers, a markdown candidate, a sidecar)
// (issue 23). Targets (acceptance 3): each costs under 2 s over the clean project, peaks under 300 MB RSS, gives one
// issue per bad file (a settings layer: one error naming it), and leaves a database under 2x the clean one. Every
// figure is printed next to the clean project's, measured in the same run; a missed target says so and exits 1.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, ms } from '../lib/stats.mjs';
import { generateProject } from '../scan/generate.mjs';
import { aliasBomb, aliasedStringFile, aliasedStringSidecar, hugeMarkdown } from './files.mjs';

const BIN = fileURLToPath(new URL('../../packages/skill-map/bin/sm.js', import.meta.url));
const Database = createRequire(import.meta.url)('better-sqlite3');
const NODES = Number(process.env.BENCH_NODES ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const MAX_EXTRA_MS = 2000;
const MAX_RSS_MB = 300;
const MAX_DB_RATIO = 2;
/** A run still going past this (a read without end) is killed and counted as a miss. */
const GIVE_UP_MS = 60_000;

const MARKER = '<!-- sm-bench: analysis throws -->';
const data = (source) => `data:text/javascript,${encodeURIComponent(source)}`;
// Peak RSS of the child (KiB) on stderr at exit, and the injected throw for the file that starts with MARKER (no
// input is known to make the kernel throw, so the failure is injected where the kernel first reads a node's text).
const HOOKS = [
  '--import',
  data(
    "import { writeSync } from 'node:fs'; process.on('exit', () => writeSync(2, `\\nBENCH_MAXRSS ${process.resourceUsage().maxRSS}\\n`));",
  ),
  '--import',
  data(`const real = String.prototype.indexOf;
    String.prototype.indexOf = function (s, ...rest) {
      if (s === '\\u0000' && this.startsWith(${JSON.stringify(MARKER)})) throw new TypeError('injected analysis failure');
      return real.call(this, s, ...rest);
    };`),
];

/** One hostile input: files to write, paths to make symlinks to /dev/zero, the bad files, and how they are reported. */
const zero = (rel, report = 'issue') => ({
  name: `/dev/zero as ${rel}`,
  files: {},
  zeros: [rel],
  bad: [rel],
  report,
});
const CASES = [
  { name: 'YAML alias bomb', files: { '.claude/skills/bomb/SKILL.md': aliasBomb() } },
  { name: '50 MB markdown', files: { 'docs/huge.md': hugeMarkdown() } },
  {
    name: 'analysis throws',
    files: { '.claude/agents/boom.md': `${MARKER}\n# Boom\nIts analysis throws.\n` },
  },
  { name: '60 KB aliased string', files: { 'docs/aliased.md': aliasedStringFile(60, 'flat') } },
  { name: '64 KB aliased string', files: { 'docs/aliased.md': aliasedStringFile(64, 'nested') } },
  {
    name: '57 KB aliased .sm',
    files: { 'docs/aliased.md': '# Aliased\n', 'docs/aliased.sm': aliasedStringSidecar(57) },
    bad: ['docs/aliased.sm'],
  },
  zero('docs/.gitignore'),
  zero('.gitignore'),
  zero('.skillmapignore'),
  zero('.skill-map/settings.json', 'error'),
  zero('.skill-map/settings.local.json', 'error'),
  zero('docs/zero.md'),
  { ...zero('docs/annotated.sm'), files: { 'docs/annotated.md': '# Annotated\n' } },
].map((c) => ({ zeros: [], report: 'issue', bad: Object.keys(c.files), ...c }));

// Not part of acceptance 3, measured beside it: 1 MB of markdown whose shapes made the prose scanners quadratic or
// worse (unclosed `<!--`, `[a[` runs, unclosed `[a](<` and `[a](b (`, inline code between tags).
const PATHOLOGICAL = {
  name: '1 MB pathological markdown',
  files: {
    'docs/pathological.md': ['<!--', '[a[', '[a](<', '[a](b (', '`a` <b> ']
      .map((unit) => unit.repeat(Math.floor(200_000 / unit.length)))
      .join('\n\n'),
  },
  zeros: [],
  bad: [],
  report: 'none',
};

function prepare(root, c) {
  generateProject(root, NODES);
  for (const [rel, text] of Object.entries(c.files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  for (const rel of c.zeros) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    rmSync(join(root, rel), { force: true });
    symlinkSync('/dev/zero', join(root, rel));
  }
}

const dbPath = (root) => join(root, '.skill-map', 'skill-map.db');

function scanOnce(root) {
  // A fresh database each run; the rest of .skill-map/ (a settings layer under test) stays.
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbPath(root)}${suffix}`, { force: true });
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [...HOOKS, BIN, 'scan', '-q'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: GIVE_UP_MS,
    maxBuffer: 64 * 1024 * 1024,
  });
  const elapsed = performance.now() - t0;
  const rss = Number(/BENCH_MAXRSS (\d+)/.exec(r.stderr ?? '')?.[1] ?? NaN) / 1024;
  return { ms: elapsed, rssMb: rss, code: r.status, stderr: r.stderr ?? '', killed: r.signal !== null };
}

/** Issues per bad file: rows naming it among their nodes, or (a sidecar) in their message. */
function issuesOf(root, paths) {
  if (!existsSync(dbPath(root))) return paths.map((p) => [p, []]);
  const db = new Database(dbPath(root), { readonly: true });
  try {
    const rows = db.prepare('SELECT analyzer_id, node_ids_json, message FROM scan_issues').all();
    return paths.map((p) => [
      p,
      rows
        .filter((r) => JSON.parse(r.node_ids_json).includes(p) || r.message.includes(`'${p}'`))
        .map((r) => r.analyzer_id),
    ]);
  } finally {
    db.close();
  }
}

/** The figures of one project from its runs (the last run's database and output). */
function measure(root, c, runs) {
  const last = runs[runs.length - 1];
  const db = existsSync(dbPath(root)) ? statSync(dbPath(root)).size : 0;
  return {
    ms: median(runs.map((r) => r.ms)),
    rssMb: Math.max(...runs.map((r) => r.rssMb)),
    killed: runs.some((r) => r.killed),
    code: last.code,
    dbBytes: db,
    reports:
      c.report === 'error'
        ? c.bad.map((p) => [
            p,
            last.code === 2 && last.stderr.includes(join(root, p)) ? ['error naming it'] : [],
          ])
        : issuesOf(root, c.bad),
  };
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');

function verdicts(c, m, clean) {
  const extra = m.ms - clean.ms;
  const misses = [];
  if (m.killed) misses.push(`did not end within ${GIVE_UP_MS / 1000} s`);
  if (!(extra < MAX_EXTRA_MS))
    misses.push(`costs ${ms(extra)} over the clean scan (target < ${MAX_EXTRA_MS} ms)`);
  if (!(m.rssMb < MAX_RSS_MB))
    misses.push(`peaks at ${m.rssMb.toFixed(0)} MB RSS (target < ${MAX_RSS_MB} MB)`);
  if (c.report !== 'none' && !m.reports.every(([, ids]) => ids.length === 1))
    misses.push('not exactly one issue (or error) per bad file');
  if (c.report !== 'error' && !(m.dbBytes < MAX_DB_RATIO * clean.dbBytes))
    misses.push(`database ${ratio(m.dbBytes, clean.dbBytes)} the clean one (target < ${MAX_DB_RATIO}x)`);
  return misses;
}

function row(cells, widths) {
  return cells.map((cell, i) => String(cell).padEnd(widths[i])).join('  ');
}

function report(clean, results) {
  const head = [
    'project',
    'scan',
    'extra',
    'x clean',
    'peak RSS',
    'x clean',
    'database',
    'x clean',
    'reported',
  ];
  const lines = [
    [
      'clean (floor)',
      ms(clean.ms),
      '-',
      '1.00x',
      `${clean.rssMb.toFixed(0)} MB`,
      '1.00x',
      mb(clean.dbBytes),
      '1.00x',
      '-',
    ],
    ...results.map(({ c, m }) => [
      c.name,
      m.killed ? `> ${GIVE_UP_MS / 1000} s` : ms(m.ms),
      ms(m.ms - clean.ms),
      ratio(m.ms, clean.ms),
      `${m.rssMb.toFixed(0)} MB`,
      ratio(m.rssMb, clean.rssMb),
      m.dbBytes === 0 ? '(none)' : mb(m.dbBytes),
      m.dbBytes === 0 ? '-' : ratio(m.dbBytes, clean.dbBytes),
      m.reports.map(([, ids]) => ids.join('+') || '(nothing)').join('; ') || '-',
    ]),
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => String(l[i]).length)));
  console.log(
    `sm scan, ${NODES}-node project, fresh database, median of ${RUNS} round-robin runs, ` +
      'one hostile input per project:',
  );
  console.log(`  ${row(head, widths)}`);
  for (const l of lines) console.log(`  ${row(l, widths)}`);
}

const base = mkdtempSync(join(tmpdir(), 'sm-bench-hostile-'));
try {
  const CLEAN = { name: 'clean', files: {}, zeros: [], bad: [], report: 'none' };
  const all = [CLEAN, ...CASES, PATHOLOGICAL].map((c, i) => ({ c, root: join(base, `p${i}`), runs: [] }));
  for (const p of all) prepare(p.root, p.c);
  scanOnce(all[0].root); // warm-up (file cache, module compile cache), not counted
  // Round robin: a load spike on this shared machine lands on every project alike, not on one.
  for (let i = 0; i < RUNS; i++) for (const p of all) p.runs.push(scanOnce(p.root));
  const [clean, ...results] = all.map((p) => ({ c: p.c, m: measure(p.root, p.c, p.runs) }));
  report(clean.m, results);
  console.log(
    `targets per hostile input: < ${MAX_EXTRA_MS} ms over the clean scan, < ${MAX_RSS_MB} MB peak RSS, ` +
      `one issue (or error) per bad file, database < ${MAX_DB_RATIO}x the clean one`,
  );
  let missed = 0;
  for (const { c, m } of results) {
    const misses = verdicts(c, m, clean.m);
    missed += misses.length === 0 ? 0 : 1;
    console.log(misses.length === 0 ? `PASS    ${c.name}` : `MISSED  ${c.name}: ${misses.join('; ')}`);
  }
  console.log(
    missed === 0 ? 'every target met' : `${missed} of ${results.length} hostile inputs MISSED a target`,
  );
  process.exitCode = missed === 0 ? 0 : 1;
} finally {
  rmSync(base, { recursive: true, force: true });
}
