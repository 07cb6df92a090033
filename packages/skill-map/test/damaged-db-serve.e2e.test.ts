// Issue 23 point 8: a damaged database under a running `sm serve` (the BUILT bin, a real SQLite file). A rescan
// that found no file changed answered 200 "scan ok" over a damaged file (the warm scan never read it), and after
// the file was emptied `/api/health` said `present` while every read answered 503. Now a rescan over a damaged
// file fails as `db-damaged` (503), and health says `damaged` whenever the reads would.
import { readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { isBuilt, runSm } from './support/sm-bin.js';
import { spawnServe } from './support/sm-process.js';
import type { ServeProcess } from './support/sm-process.js';

let tree: TempTree | undefined;
let server: ServeProcess | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
  tree?.remove();
  tree = undefined;
});

/** A scanned project of many pages (so damage lands inside the file), served with its watcher off. */
async function served(): Promise<{ db: string; base: string }> {
  const t = createTempTree('sm-e2e-damaged-serve-');
  tree = t;
  const files: Record<string, string> = { 'docs/guide.md': '# Guide\n' };
  for (let i = 0; i < 150; i++)
    files[`docs/topic-${i}.md`] = `# Topic ${i}\nSee [the guide](guide.md) and [next](topic-${i + 1}.md).\n`;
  t.write(files);
  expect(runSm(['scan', '-q'], { cwd: t.root }).code).toBe(1); // topic-150.md is a broken link
  server = await spawnServe(t.root, ['--no-watcher']);
  // The boot scan has run once a rescan on request is not refused as busy.
  while ((await fetch(`${server.baseUrl}/api/scan`, { method: 'POST' })).status === 409);
  return { db: join(t.root, '.skill-map', 'skill-map.db'), base: server.baseUrl };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely; shapes are asserted
type Json = Record<string, any>;

async function get(url: string, init?: RequestInit): Promise<{ status: number; body: Json }> {
  const res = await fetch(url, init);
  return { status: res.status, body: (await res.json()) as Json };
}

const DAMAGE: Record<string, (db: string) => void> = {
  'a garbage header': (db) => {
    const bytes = readFileSync(db);
    bytes.write('this is not a database, just garbage', 0, 'latin1');
    writeFileSync(db, bytes);
  },
  'truncated to half': (db) => truncateSync(db, Math.floor(statSync(db).size / 2)),
  emptied: (db) => truncateSync(db, 0),
};

describe.skipIf(!isBuilt())('sm serve over a database damaged under it', () => {
  it.each(Object.keys(DAMAGE))(
    '%s: a rescan with no file changed fails as db-damaged instead of answering scan ok',
    async (name) => {
      const { db, base } = await served();
      DAMAGE[name]!(db);
      const rescan = await get(`${base}/api/scan`, { method: 'POST' });
      expect(rescan.status).toBe(503);
      expect(rescan.body['error']).toMatchObject({ code: 'db-damaged' });
      expect(rescan.body['error'].message).toContain(`the skill-map database ${db} is damaged`);
      expect(rescan.body['error'].message).toContain('sm scan --full');
    },
  );

  it.each(Object.keys(DAMAGE))(
    '%s: /api/health says damaged, as the reads do, in any order',
    async (name) => {
      const { db, base } = await served();
      DAMAGE[name]!(db);
      const nodes = await get(`${base}/api/nodes`);
      const health = await get(`${base}/api/health`);
      const again = await get(`${base}/api/nodes`);
      const seen = { nodes: nodes.status, health: health.body['db'], again: again.status };
      expect(seen).toEqual({ nodes: 503, health: 'damaged', again: 503 });
      expect(health.body['dbProblem']).toContain('sm scan --full');
      expect(nodes.body['error'].code).toBe('db-damaged');
    },
  );
});
