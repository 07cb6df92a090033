import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { setImmediate as tick } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../../testing/temp-tree.js';
import type { TempTree } from '../../testing/temp-tree.js';
import { claimFileFor, inspectLock } from '../lock-file.js';
import { lockFileFor, STALE_LOCK_MS, withPathLock } from './path-lock.js';

let tree: TempTree;
let lockDir: string;
const target = '/project/docs/a.sm';
beforeEach(() => {
  tree = createTempTree('sm-lock-');
  lockDir = tree.abs('locks');
});
afterEach(() => tree.remove());

describe('withPathLock', () => {
  it('holds the lock file while fn runs and removes it afterwards, also when fn throws', async () => {
    const file = lockFileFor(lockDir, target);
    expect(await withPathLock(lockDir, target, () => existsSync(file))).toBe(true);
    expect(existsSync(file)).toBe(false);
    await expect(
      withPathLock(lockDir, target, () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(existsSync(file)).toBe(false);
  });

  it('waits for a lock held by a live process, then runs', async () => {
    mkdirSync(lockDir, { recursive: true });
    const file = lockFileFor(lockDir, target);
    writeFileSync(file, `${process.pid}\n`); // a live owner (this process, as another process would be)
    let ran = false;
    const pending = withPathLock(lockDir, target, () => {
      ran = true;
    });
    for (let i = 0; i < 20; i += 1) await tick();
    expect(ran).toBe(false);
    rmSync(file);
    await pending;
    expect(ran).toBe(true);
  });

  it('breaks a lock left behind by a dead process', async () => {
    mkdirSync(lockDir, { recursive: true });
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(lockFileFor(lockDir, target), `${dead}\n`);
    expect(await withPathLock(lockDir, target, () => 'ran')).toBe('ran');
  });

  it('runs callers of one path in arrival order, and other paths independently', async () => {
    const order: string[] = [];
    await Promise.all([
      withPathLock(lockDir, target, async () => {
        await tick();
        order.push('first');
      }),
      withPathLock(lockDir, target, () => order.push('second')),
      withPathLock(lockDir, '/project/b.sm', () => order.push('other')),
    ]);
    expect(order.indexOf('first')).toBeLessThan(order.indexOf('second'));
    expect(order).toHaveLength(3);
  });

  it('writes its own pid and a random nonce into the lock file it holds', async () => {
    const file = lockFileFor(lockDir, target);
    const text = await withPathLock(lockDir, target, () => readFileSync(file, 'utf8'));
    expect(text).toMatch(new RegExp(`^${process.pid} [0-9a-f]{16}\\n$`));
    expect(await withPathLock(lockDir, target, () => readFileSync(file, 'utf8'))).not.toBe(text);
  });

  it('releases only its own lock: one another writer put in place meanwhile is left', async () => {
    const file = lockFileFor(lockDir, target);
    await withPathLock(lockDir, target, () => {
      rmSync(file); // broken by another process (its owner looked stale), which then took the lock itself
      writeFileSync(file, `${process.pid} 00ff\n`);
    });
    expect(readFileSync(file, 'utf8')).toBe(`${process.pid} 00ff\n`);
  });

  it("clears dead writers' locks and claims of other paths once it holds its own, never a live writer's", async () => {
    mkdirSync(lockDir, { recursive: true });
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    const deadLock = lockFileFor(lockDir, '/project/dead.sm');
    const liveOld = lockFileFor(lockDir, '/project/live.sm');
    writeFileSync(deadLock, `${dead} abcd\n`);
    writeFileSync(`${deadLock}.0123456789abcdef.claim`, `${dead} ef01\n`);
    writeFileSync(liveOld, `${process.pid} abcd\n`);
    const old = (Date.now() - STALE_LOCK_MS - 5_000) / 1000;
    utimesSync(liveOld, old, old); // old, but its owner is alive: only a writer of that path may break it
    await withPathLock(lockDir, target, () => undefined);
    expect(readdirSync(lockDir).sort()).toEqual(['.gitignore', basename(liveOld)]);
  });

  it('takes over a dead lock even when a remover died holding its claim', async () => {
    mkdirSync(lockDir, { recursive: true });
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    const file = lockFileFor(lockDir, target);
    writeFileSync(file, `${dead} abcd\n`);
    const seen = inspectLock(file);
    if (typeof seen === 'string') throw new Error(seen);
    writeFileSync(claimFileFor(file, seen.identity), `${dead} ef01\n`);
    expect(await withPathLock(lockDir, target, () => 'ran')).toBe('ran');
    expect(readdirSync(lockDir)).toEqual(['.gitignore']);
  });

  it('keeps the lock folder out of git with its own .gitignore, never replacing one that exists', async () => {
    await withPathLock(lockDir, target, () => undefined);
    expect(readFileSync(join(lockDir, '.gitignore'), 'utf8')).toContain('*\n');
    writeFileSync(join(lockDir, '.gitignore'), 'mine\n');
    await withPathLock(lockDir, target, () => undefined);
    expect(readFileSync(join(lockDir, '.gitignore'), 'utf8')).toBe('mine\n');
  });

  it('breaks a lock older than STALE_LOCK_MS even when its owner looks alive', async () => {
    mkdirSync(lockDir, { recursive: true });
    const file = lockFileFor(lockDir, target);
    writeFileSync(file, `${process.pid}\n`);
    const old = (Date.now() - STALE_LOCK_MS - 5_000) / 1000;
    utimesSync(file, old, old);
    expect(await withPathLock(lockDir, target, () => 'ran')).toBe('ran');
    expect(existsSync(file)).toBe(false);
  });

  it('waits on a fresh lock whose pid is not written yet (or is not a pid), never breaking it', async () => {
    mkdirSync(lockDir, { recursive: true });
    const file = lockFileFor(lockDir, target);
    for (const text of ['', 'x\n', '0\n', '-5\n']) {
      writeFileSync(file, text);
      let ran = false;
      const pending = withPathLock(lockDir, target, () => {
        ran = true;
      });
      await new Promise((r) => setTimeout(r, 60)); // several retry rounds (the back-off tops out at 25 ms)
      expect(ran).toBe(false);
      expect(readFileSync(file, 'utf8')).toBe(text);
      rmSync(file);
      await pending;
      expect(ran).toBe(true);
    }
  });

  it('names one lock file per absolute path: 32 hex of its sha256, under the lock folder', () => {
    const a = lockFileFor(lockDir, '/p/a.sm');
    expect(dirname(a)).toBe(lockDir);
    expect(basename(a)).toMatch(/^[0-9a-f]{32}\.lock$/);
    expect(lockFileFor(lockDir, '/p/a.sm')).toBe(a);
    expect(lockFileFor(lockDir, '/p/b.sm')).not.toBe(a);
  });

  it('returns what fn returned even when another process broke the lock file meanwhile', async () => {
    const file = lockFileFor(lockDir, target);
    expect(
      await withPathLock(lockDir, target, () => {
        rmSync(file);
        return 'kept';
      }),
    ).toBe('kept');
  });

  it('closes the lock file it wrote (no descriptor left open per write)', async () => {
    const open = (): number => readdirSync('/proc/self/fd').length;
    await withPathLock(lockDir, target, () => undefined);
    const before = open();
    for (let i = 0; i < 20; i += 1) await withPathLock(lockDir, target, () => undefined);
    expect(open()).toBe(before);
  });
});
