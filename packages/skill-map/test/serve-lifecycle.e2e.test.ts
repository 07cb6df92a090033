// `sm serve` as real child processes on fresh temp projects (runs against the BUILT bin): a second server on the
// same project never clobbers the first's discovery file (hardening point 13), a fresh `.skill-map/` gets its
// `.gitignore` whichever verb creates it (point 14), and `--no-watcher` still runs the boot scan (point 19).
import { spawnSync } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runSm, spawnSm } from './support/sm-bin.js';

const PROJECT: Record<string, string> = {
  'AGENTS.md': '# Agents\nSee [the guide](docs/guide.md).\n',
  '.claude/skills/lint/SKILL.md': '---\nname: lint\ndescription: Lints the code.\n---\nRun the linter.\n',
  'docs/guide.md': '# Guide\nBack to [agents](../AGENTS.md).\n',
};

interface Served {
  child: ChildProcessWithoutNullStreams;
  stderr: () => string;
  exit: Promise<number | null>;
}

const roots: string[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'sm-serve-life-'));
  roots.push(root);
  for (const [rel, text] of Object.entries(PROJECT)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

function serve(root: string, extra: string[] = []): Served {
  const child = spawnSm(['serve', '--port', '0', '--no-open', ...extra], { cwd: root });
  children.push(child);
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stderr: () => err, exit };
}

async function until<T>(
  probe: () => T | null | Promise<T | null>,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await Promise.resolve(probe()).catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Info {
  host: string;
  port: number;
  pid: number;
  token: string;
}
const infoPath = (root: string): string => join(root, '.skill-map', 'serve.json');
const readInfo = (root: string): Info | null =>
  existsSync(infoPath(root)) ? (JSON.parse(readFileSync(infoPath(root), 'utf8')) as Info) : null;

/** Waits until serve.json names this child and its server answers; returns the file. */
async function ready(root: string, s: Served): Promise<Info> {
  return until(async (): Promise<Info | null> => {
    const info = readInfo(root);
    if (info === null || info.pid !== s.child.pid) return null;
    const r = await fetch(`http://${info.host}:${info.port}/api/health`);
    return r.ok ? info : null;
  }, `sm serve (pid ${s.child.pid}) to answer; stderr:\n${s.stderr()}`);
}

const urlOf = (info: Info): string => `http://${info.host}:${info.port}`;

describe('a second sm serve on the same project (point 13)', () => {
  it('refuses to start while the first serves, naming its URL and pid, and leaves its serve.json alone', async () => {
    const root = project();
    const first = serve(root);
    const info = await ready(root, first);

    const second = serve(root);
    // It exits 7, or (the defect) writes its own serve.json over the first's and serves on.
    const outcome = await until(
      () =>
        second.child.exitCode !== null
          ? { exit: second.child.exitCode }
          : readInfo(root)?.pid === second.child.pid
            ? { clobbered: true }
            : null,
      'the second sm serve to exit',
    );
    expect(outcome).toEqual({ exit: 7 });
    expect(await second.exit).toBe(7);
    expect(second.stderr()).toContain(`already serving ${root} at ${urlOf(info)} (pid ${info.pid})`);
    // The first server's discovery file is untouched by the second's start AND exit, and it still serves.
    expect(readInfo(root)).toEqual(info);
    expect((await fetch(`${urlOf(info)}/api/health`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    expect(existsSync(infoPath(root))).toBe(false);
  });

  it('takes over a stale serve.json whose pid is gone', async () => {
    const root = project();
    const first = serve(root);
    const stale = await ready(root, first);
    first.child.kill('SIGKILL'); // no cleanup: serve.json stays behind, naming a dead pid
    await first.exit;
    expect(readInfo(root)?.pid).toBe(stale.pid);

    const next = serve(root);
    const info = await ready(root, next);
    expect(info.pid).not.toBe(stale.pid);
    expect(info.token).not.toBe(stale.token);
  });

  it('takes over a serve.json whose pid is alive but nothing listens on its port (a reused pid)', async () => {
    const root = project();
    mkdirSync(join(root, '.skill-map'));
    const closed = await new Promise<number>((resolve) => {
      // A port that was free a moment ago: nothing listens there.
      void import('node:net').then(({ createServer }) => {
        const probe = createServer().listen(0, '127.0.0.1', () => {
          const { port } = probe.address() as { port: number };
          probe.close(() => resolve(port));
        });
      });
    });
    writeFileSync(
      infoPath(root),
      JSON.stringify({ schemaVersion: 1, host: '127.0.0.1', port: closed, pid: process.pid, token: 'old' }),
    );
    const next = serve(root);
    const info = await ready(root, next);
    expect(info.token).not.toBe('old');
  });
});

const gitAvailable = spawnSync('git', ['--version']).status === 0;

function untracked(root: string): string[] {
  spawnSync('git', ['init', '-q'], { cwd: root });
  const r = spawnSync('git', ['status', '--porcelain', '--untracked-files=all'], {
    cwd: root,
    encoding: 'utf8',
  });
  return r.stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => l.slice(3));
}

describe('a fresh .skill-map/ gets its .gitignore whichever verb creates it (point 14)', () => {
  const expectIgnored = (root: string): void => {
    const text = readFileSync(join(root, '.skill-map', '.gitignore'), 'utf8').split('\n');
    expect(text).toEqual(expect.arrayContaining(['skill-map.db*', 'serve.json']));
    if (gitAvailable) {
      const shown = untracked(root).filter((p) => p.startsWith('.skill-map/'));
      expect(shown).toEqual(['.skill-map/.gitignore']);
    }
  };

  it('sm serve on a fresh project', async () => {
    const root = project();
    const s = serve(root);
    await ready(root, s);
    await until(() => existsSync(join(root, '.skill-map', 'skill-map.db')), 'the database');
    expectIgnored(root);
    s.child.kill('SIGTERM');
    expect(await s.exit).toBe(0);
  });

  it('sm scan on a fresh project', () => {
    const root = project();
    const r = runSm(['scan'], { cwd: root });
    expect(r.code, r.stderr).toBe(0);
    expectIgnored(root);
  });
});

describe('sm serve --no-watcher (point 19)', () => {
  it('still runs the boot scan: a never-scanned project is mapped without any request', async () => {
    const root = project();
    const s = serve(root, ['--no-watcher']);
    const info = await ready(root, s);
    const nodes = await until(async () => {
      const body = (await (await fetch(`${urlOf(info)}/api/nodes`)).json()) as { items?: { path: string }[] };
      return (body.items?.length ?? 0) > 0 ? body.items : null;
    }, `the boot scan; stderr:\n${s.stderr()}`);
    expect(nodes?.map((n) => n.path).sort()).toEqual([
      '.claude/skills/lint/SKILL.md',
      'AGENTS.md',
      'docs/guide.md',
    ]);
    expect(s.stderr()).toMatch(/mapped 3 nodes/);
    s.child.kill('SIGTERM');
    expect(await s.exit).toBe(0);
  });
});
