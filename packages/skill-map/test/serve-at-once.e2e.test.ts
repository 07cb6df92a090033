// Issue 23 point 6: `sm serve` started several times at the same moment on one project all ran (2 rounds of 18):
// each checked for a live server before any had written its serve.json. Now each claims the project before it
// listens. Real `sm serve` processes (the BUILT bin) are spawned together, and each is held at its first `listen`
// (an `--import` hook) until every one has got that far or exited, the worst case of starting at the same moment:
// exactly one serves, and every other one exits 7 with a message naming the one that serves (its pid, and its URL
// once it has one).
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { projectRoot } from './support/project-root.js';
import { importFlag, runSm, spawnSm } from './support/sm-bin.js';

const SERVERS = 6;
const ROUNDS = 2;
const FILES = { 'docs/guide.md': '# Guide\nSee [the notes](notes.md).\n', 'docs/notes.md': '# Notes\n' };

/** Node flags that hold the process at its first `listen` until the file `barrier` exists (saying so on stderr). */
function holdAtListen(barrier: string): string[] {
  return importFlag(
    `import net from 'node:net'; import fs from 'node:fs';
     const listen = net.Server.prototype.listen;
     let held = false;
     net.Server.prototype.listen = function (...args) {
       if (!held) {
         held = true;
         fs.writeSync(2, 'AT-LISTEN\\n');
         const nap = new Int32Array(new SharedArrayBuffer(4));
         while (!fs.existsSync(${JSON.stringify(barrier)})) Atomics.wait(nap, 0, 0, 10);
       }
       return listen.apply(this, args);
     };`,
  );
}

interface Started {
  child: ChildProcessWithoutNullStreams;
  stderr: () => string;
  /** Resolves with the exit code, or with `serving` once the banner says so. */
  outcome: Promise<number | 'serving'>;
}

const children: ChildProcessWithoutNullStreams[] = [];
const roots: string[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) {
    if (c.exitCode !== null || c.signalCode !== null) continue;
    const gone = new Promise((r) => c.once('close', r));
    c.kill('SIGKILL');
    await gone;
  }
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

function start(root: string, barrier: string): Started {
  const child = spawnSm(['serve', '--port', '0', '--no-open', '--no-watcher'], {
    cwd: root,
    nodeArgs: holdAtListen(barrier),
  });
  children.push(child);
  let err = '';
  const outcome = new Promise<number | 'serving'>((resolve) => {
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString('utf8');
      if (err.includes(' is serving ')) resolve('serving');
    });
    child.on('close', (code) => resolve(code ?? -1));
  });
  return { child, stderr: () => err, outcome };
}

describe('sm serve started several times at once on one project', () => {
  it('one serves; every other exits 7 naming it', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const root = projectRoot('sm-serve-once-', FILES);
      roots.push(root);
      const barrier = join(root, 'go');
      const started = Array.from({ length: SERVERS }, () => start(root, barrier));
      while (!started.every((s) => s.child.exitCode !== null || s.stderr().includes('AT-LISTEN')))
        await sleep(20);
      writeFileSync(barrier, '');
      const outcomes = await Promise.all(started.map((s) => s.outcome));
      expect(
        outcomes.filter((o) => o === 'serving'),
        `round ${round}`,
      ).toHaveLength(1);
      expect(outcomes.filter((o) => o !== 'serving')).toEqual(Array(SERVERS - 1).fill(7));
      const winner = started[outcomes.indexOf('serving')] as Started;
      const pid = winner.child.pid as number;
      const named = new RegExp(
        `already serving .* at http://127\\.0\\.0\\.1:\\d+ \\(pid ${pid}\\)|\\(pid ${pid}\\) is starting`,
      );
      for (const loser of started.filter((s) => s !== winner)) expect(loser.stderr()).toMatch(named);
      console.log(
        started
          .filter((s) => s !== winner)
          .map((s) => s.stderr())
          .join('---\n'),
      );
      const info = JSON.parse(readFileSync(join(root, '.skill-map', 'serve.json'), 'utf8')) as {
        pid: number;
      };
      expect(info.pid).toBe(winner.child.pid);
      winner.child.kill('SIGTERM');
      while (winner.child.exitCode === null) await sleep(20);
    }
  });

  it('a claim path holding no lock file (a committed symlink to /dev/zero) is refused by name, unread', () => {
    const root = projectRoot('sm-serve-claim-', FILES);
    roots.push(root);
    mkdirSync(join(root, '.skill-map', 'locks'), { recursive: true });
    symlinkSync('/dev/zero', join(root, '.skill-map', 'locks', 'serve.lock'));
    const r = runSm(['serve', '--port', '0', '--no-open', '--no-watcher'], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${join(root, '.skill-map', 'locks', 'serve.lock')} is not a regular file`);
    expect(r.stderr).toContain('remove that file');
  });
});
