#!/usr/bin/env node
// npm run bench:hostile: `sm scan` of a realistic project with and without three hostile files (a YAML alias bomb,
// a 50 MB markdown file, a file whose analysis throws), as child processes. Targets (issue 8, acceptance 3): the
// hostile project scans in under 2 s more than the clean one, with one issue per bad file, and peaks under 300 MB RSS.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, ms, table } from '../lib/stats.mjs';
import { generateProject } from '../scan/generate.mjs';

const BIN = fileURLToPath(new URL('../../packages/skill-map/bin/sm.js', import.meta.url));
const Database = createRequire(import.meta.url)('better-sqlite3');
const NODES = Number(process.env.BENCH_NODES ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const MAX_EXTRA_MS = 2000;
const MAX_RSS_MB = 300;

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

const HOSTILE = {
  '.claude/skills/bomb/SKILL.md': (() => {
    const lines = ['---', 'name: bomb', `a: &a [${Array(9).fill('"lol"').join(',')}]`];
    for (let i = 1; i < 9; i++)
      lines.push(
        `${'abcdefghi'[i]}: &${'abcdefghi'[i]} [${Array(9)
          .fill(`*${'abcdefghi'[i - 1]}`)
          .join(',')}]`,
      );
    return `${lines.join('\n')}\n---\nA skill that explodes.\n`;
  })(),
  'docs/huge.md':
    'Some prose about [the guide](guide.md) and `docs/other.md`, repeated to fill the file.\n'.repeat(
      Math.ceil((50 * 1024 * 1024) / 87),
    ),
  '.claude/agents/boom.md': `${MARKER}\n# Boom\nThis agent's analysis throws.\n`,
};

// Not part of acceptance 3, measured beside it: 1 MB of markdown whose shapes made the prose scanners quadratic or
// worse (unclosed `<!--`, `[a[` runs, unclosed `[a](<` and `[a](b (`, inline code between tags).
const PATHOLOGICAL = {
  'docs/pathological.md': ['<!--', '[a[', '[a](<', '[a](b (', '`a` <b> ']
    .map((unit) => unit.repeat(Math.floor(200_000 / unit.length)))
    .join('\n\n'),
};

function write(root, files) {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
}

function scanOnce(root) {
  rmSync(join(root, '.skill-map'), { recursive: true, force: true });
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [...HOOKS, BIN, 'scan', '-q'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  const elapsed = performance.now() - t0;
  if (r.status !== 0 && r.status !== 1) throw new Error(`sm scan exited ${r.status}: ${r.stderr}`);
  const rss = Number(/BENCH_MAXRSS (\d+)/.exec(r.stderr)?.[1] ?? NaN) / 1024;
  return { ms: elapsed, rssMb: rss, code: r.status };
}

function issuesOf(root, paths) {
  const db = new Database(join(root, '.skill-map', 'skill-map.db'), { readonly: true });
  try {
    const rows = db.prepare('SELECT analyzer_id, node_ids_json FROM scan_issues').all();
    return paths.map((p) => [
      p,
      rows.filter((r) => JSON.parse(r.node_ids_json).includes(p)).map((r) => r.analyzer_id),
    ]);
  } finally {
    db.close();
  }
}

const base = mkdtempSync(join(tmpdir(), 'sm-bench-hostile-'));
try {
  const clean = join(base, 'clean');
  const hostile = join(base, 'hostile');
  generateProject(clean, NODES);
  generateProject(hostile, NODES);
  write(hostile, HOSTILE);
  const pathological = join(base, 'pathological');
  generateProject(pathological, NODES);
  write(pathological, PATHOLOGICAL);
  const runs = { clean: [], hostile: [], pathological: [] };
  for (let i = 0; i < RUNS; i++) {
    runs.clean.push(scanOnce(clean));
    runs.hostile.push(scanOnce(hostile));
    runs.pathological.push(scanOnce(pathological));
  }
  const t = (k) => median(runs[k].map((r) => r.ms));
  const rss = (k) => Math.max(...runs[k].map((r) => r.rssMb));
  const extra = t('hostile') - t('clean');
  const issues = issuesOf(hostile, Object.keys(HOSTILE));
  const onePerFile = issues.every(([, ids]) => ids.length === 1);
  console.log(`sm scan, ${NODES}-node project, fresh database, median of ${RUNS} runs:`);
  table([
    ['clean', `${ms(t('clean'))}, peak RSS ${rss('clean').toFixed(0)} MB`],
    ['with hostile files', `${ms(t('hostile'))}, peak RSS ${rss('hostile').toFixed(0)} MB`],
    ...issues.map(([p, ids]) => [`  ${p}`, ids.join(', ') || '(no issue)']),
    [
      'with 1 MB of pathological markdown',
      `${ms(t('pathological'))}, peak RSS ${rss('pathological').toFixed(0)} MB`,
    ],
  ]);
  const slow = t('pathological') - t('clean');
  const checks = [
    [`extra time ${ms(extra)} < ${MAX_EXTRA_MS} ms`, extra < MAX_EXTRA_MS],
    [`peak RSS ${rss('hostile').toFixed(0)} MB < ${MAX_RSS_MB} MB`, rss('hostile') < MAX_RSS_MB],
    ['one issue per bad file', onePerFile],
    [`pathological markdown: extra time ${ms(slow)} < ${MAX_EXTRA_MS} ms`, slow < MAX_EXTRA_MS],
  ];
  for (const [what, ok] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${what}`);
  process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
} finally {
  rmSync(base, { recursive: true, force: true });
}
