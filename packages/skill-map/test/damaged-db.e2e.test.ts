// Point 6 of the hardening issue: a damaged `.skill-map/skill-map.db` (truncated to half, to 1000 bytes, or with a
// garbage header) is reported as damaged with the one command that rebuilds it; that command keeps the damaged file
// as a backup; `sm serve` stays up (no SIGBUS from a memory-mapped file) and `/api/health` names the problem.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { isBuilt, runSm, spawnSm } from './support/sm-bin.js';

let tree: TempTree | undefined;
let child: ChildProcessWithoutNullStreams | undefined;
afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  child = undefined;
  tree?.remove();
  tree = undefined;
});

const DAMAGED_EXIT = 6;

function project(): { t: TempTree; db: string } {
  const t = createTempTree('sm-e2e-damaged-');
  tree = t;
  const files: Record<string, string> = {
    '.skill-map/settings.json': JSON.stringify({ scan: { watch: { debounceMs: 100 } } }),
    '.claude/skills/deploy/SKILL.md':
      '---\nname: deploy\ndescription: Deploys\n---\nRead [the guide](../../../docs/guide.md).\n',
    'docs/guide.md': '# Guide\n',
  };
  // Enough nodes that the database spans many pages.
  for (let i = 0; i < 150; i++)
    files[`docs/topic-${i}.md`] = `# Topic ${i}\nSee [the guide](guide.md) and [next](topic-${i + 1}.md).\n`;
  t.write(files);
  expect(runSm(['scan', '-q'], { cwd: t.root }).code).toBe(1);
  return { t, db: join(t.root, '.skill-map', 'skill-map.db') };
}

const DAMAGE: Record<string, (db: string) => void> = {
  'truncated to half': (db) => truncateSync(db, Math.floor(statSync(db).size / 2)),
  'truncated to 1000 bytes': (db) => truncateSync(db, 1000),
  'a garbage header': (db) => {
    const bytes = readFileSync(db);
    bytes.write('this is not a database, just garbage', 0, 'latin1');
    writeFileSync(db, bytes);
  },
};

function expectDamaged(run: { code: number | null; stderr: string }, db: string): void {
  expect(run.code).toBe(DAMAGED_EXIT);
  expect(run.stderr).toContain(`the skill-map database ${db} is damaged and cannot be read`);
  expect(run.stderr).toContain('run `sm scan --full` to rebuild it');
  expect(run.stderr).not.toContain('bug in skill-map');
}

describe.skipIf(!isBuilt())('a damaged project database', () => {
  for (const [name, damage] of Object.entries(DAMAGE)) {
    it(`${name}: read verbs and sm scan say so; sm scan --full keeps it as a backup and rebuilds`, () => {
      const { t, db } = project();
      damage(db);
      const damagedBytes = readFileSync(db);
      expectDamaged(runSm(['list'], { cwd: t.root }), db);
      expectDamaged(runSm(['show', 'docs/guide.md'], { cwd: t.root }), db);
      expectDamaged(runSm(['check', '--stored'], { cwd: t.root }), db);
      expectDamaged(runSm(['scan'], { cwd: t.root }), db);
      const rebuild = runSm(['scan', '--full'], { cwd: t.root });
      expect(rebuild.code).toBe(1); // the project's own broken link: the normal severity rule
      const backups = readdirSync(join(t.root, '.skill-map')).filter((f) =>
        /^skill-map\.db\.damaged-[\dT-]+Z$/.test(f),
      );
      expect(backups).toHaveLength(1);
      const backup = join(t.root, '.skill-map', backups[0]!);
      expect(rebuild.stderr).toContain(`was damaged: it was moved to ${backup}`);
      // The damaged file is kept byte for byte (the state zone is never deleted without a backup).
      expect(readFileSync(backup).equals(damagedBytes)).toBe(true);
      const list = runSm(['list'], { cwd: t.root });
      expect(list.code).toBe(0);
      expect(list.stdout).toContain('docs/guide.md');
    });
  }

  it('sm serve stays up when its database is truncated under it, and /api/health reports the damage', async () => {
    const { t, db } = project();
    child = spawnSm(['serve', '--port', '0', '--no-open'], { cwd: t.root });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    const info = join(t.root, '.skill-map', 'serve.json');
    await expect.poll(() => existsSync(info), { timeout: 20_000 }).toBe(true);
    const { host, port } = JSON.parse(readFileSync(info, 'utf8')) as { host: string; port: number };
    const base = `http://${host}:${port}`;
    const health = async () => (await (await fetch(`${base}/api/health`)).json()) as Record<string, unknown>;
    await expect.poll(async () => (await health())['db'], { timeout: 20_000 }).toBe('present');
    // The watcher armed before the damage, so the edit below reaches its rescan even on a loaded machine.
    const watcherState = async () => ((await health())['watcher'] as { state: string }).state;
    await expect.poll(watcherState, { timeout: 20_000 }).toBe('watching');
    await fetch(`${base}/api/nodes`);
    truncateSync(db, 1000);
    // A read and a watcher rescan over the truncated file: with a memory-mapped file this was SIGBUS.
    await fetch(`${base}/api/nodes`);
    writeFileSync(join(t.root, 'docs/guide.md'), '# Guide, edited\n');
    // A rescan on request takes the same path as the watcher's.
    const rescan = await fetch(`${base}/api/scan`, { method: 'POST' });
    expect([503, 409]).toContain(rescan.status);
    await expect.poll(() => stderr, { timeout: 20_000 }).toContain('is damaged and cannot be read');
    const now = await health();
    expect(child.exitCode).toBeNull();
    expect(now['ok']).toBe(true);
    expect(now['db']).toBe('damaged');
    expect(now['dbProblem']).toContain('is damaged and cannot be read');
    expect(now['dbProblem']).toContain('run `sm scan --full` to rebuild it');
  });

  it('sm serve boots on a damaged database and /api/health reports it', async () => {
    const { t, db } = project();
    DAMAGE['truncated to half']!(db);
    child = spawnSm(['serve', '--port', '0', '--no-open'], { cwd: t.root });
    const info = join(t.root, '.skill-map', 'serve.json');
    await expect.poll(() => existsSync(info), { timeout: 20_000 }).toBe(true);
    const { host, port } = JSON.parse(readFileSync(info, 'utf8')) as { host: string; port: number };
    const body = (await (await fetch(`http://${host}:${port}/api/health`)).json()) as Record<string, unknown>;
    expect(body['db']).toBe('damaged');
    expect(body['dbProblem']).toContain('the file is truncated');
    // A read over it is the user's problem to fix, said as such: not a generic 500.
    const nodes = await fetch(`http://${host}:${port}/api/nodes`);
    expect(nodes.status).toBe(503);
    const error = ((await nodes.json()) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe('db-damaged');
    expect(error.message).toContain('sm scan --full');
    expect(child.exitCode).toBeNull();
  });
});
