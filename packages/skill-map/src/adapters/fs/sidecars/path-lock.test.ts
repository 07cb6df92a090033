import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { setImmediate as tick } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../../testing/temp-tree.js';
import type { TempTree } from '../../testing/temp-tree.js';
import { lockFileFor, withPathLock } from './path-lock.js';

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
});
