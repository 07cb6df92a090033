#!/usr/bin/env node
// The SQLite write floor of a scan: the rows a cold scan left in <db> (scan zone and per-file cache), written again
// into a fresh database with the same schema from precomputed values (batched inserts, indexes built after, one
// transaction, page size and pragmas as the store uses). No parsing, no graph, no row encoding: what storing the
// scan costs by itself. Prints the median of 3 runs in ms, and that run's CPU time (user + system).
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(new URL('../../packages/skill-map/package.json', import.meta.url));
const Database = require('better-sqlite3');
const TABLES = [
  'scan_nodes',
  'scan_links',
  'scan_issues',
  'scan_issue_nodes',
  'scan_file_cache',
  'scan_meta',
];

const src = new Database(process.argv[2], { readonly: true });
const data = new Map(TABLES.map((t) => [t, src.prepare(`SELECT * FROM ${t}`).raw().all()]));
const ddl = src
  .prepare(
    `SELECT type, sql FROM sqlite_master WHERE sql IS NOT NULL AND tbl_name IN (${TABLES.map(() => '?').join(', ')})`,
  )
  .all(...TABLES);
src.close();

function writeOnce() {
  const path = join(tmpdir(), `sm-sqlite-floor-${process.pid}.db`);
  for (const s of ['', '-journal', '-wal', '-shm']) rmSync(`${path}${s}`, { force: true });
  const db = new Database(path);
  db.pragma('page_size = 8192');
  db.pragma('synchronous = NORMAL');
  for (const d of ddl) if (d.type === 'table') db.exec(d.sql);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  db.transaction(() => {
    for (const [table, rows] of data) {
      if (rows.length === 0) continue;
      const width = rows[0].length;
      const per = Math.max(1, Math.floor(999 / width));
      const one = `(${new Array(width).fill('?').join(', ')})`;
      const batch = db.prepare(`INSERT INTO ${table} VALUES ${new Array(per).fill(one).join(', ')}`);
      const single = db.prepare(`INSERT INTO ${table} VALUES ${one}`);
      let i = 0;
      for (; i + per <= rows.length; i += per) batch.run(rows.slice(i, i + per).flat());
      for (; i < rows.length; i += 1) single.run(rows[i]);
    }
    for (const d of ddl) if (d.type === 'index') db.exec(d.sql);
  }).immediate();
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  db.close();
  for (const s of ['', '-journal']) rmSync(`${path}${s}`, { force: true });
  return { ms, cpuMs: (c.user + c.system) / 1000 };
}

const runs = [writeOnce(), writeOnce(), writeOnce()].sort((a, b) => a.ms - b.ms);
process.stdout.write(`${JSON.stringify(runs[1])}\n`);
