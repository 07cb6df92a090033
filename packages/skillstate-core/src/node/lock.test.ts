import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireLock, withStateLock } from './lock.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillstate-lock-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A pid that certainly belongs to no running process: a child that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid ?? 999_999;
}

describe('acquireLock', () => {
  it('holds the pid, refuses a second holder and releases only its own lock', () => {
    const lockPath = join(dir, 'state.json.lock');
    const first = acquireLock(lockPath);
    expect(first).not.toBeNull();
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    expect(acquireLock(lockPath)).toBeNull();
    first?.release();
    first?.release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('takes over a lock whose holder process is gone, at once', async () => {
    const lockPath = join(dir, 'state.json.lock');
    writeFileSync(lockPath, String(await deadPid()));
    const handle = acquireLock(lockPath);
    expect(handle).not.toBeNull();
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    handle?.release();
  });

  it('takes over an empty lock (its creator died before writing) once it is a second old, not before', () => {
    const lockPath = join(dir, 'state.json.lock');
    writeFileSync(lockPath, '');
    expect(acquireLock(lockPath)).toBeNull();
    const old = new Date(Date.now() - 5_000);
    utimesSync(lockPath, old, old);
    const handle = acquireLock(lockPath);
    expect(handle).not.toBeNull();
    handle?.release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('never removes a lock that replaced ours after a takeover', () => {
    const lockPath = join(dir, 'state.json.lock');
    const ours = acquireLock(lockPath);
    rmSync(lockPath);
    writeFileSync(lockPath, String(process.ppid));
    ours?.release();
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.ppid));
  });

  it('takes over a lock older than the TTL, but not a fresh one of a live process', () => {
    const lockPath = join(dir, 'state.json.lock');
    writeFileSync(lockPath, String(process.ppid));
    expect(acquireLock(lockPath, 30_000)).toBeNull();
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockPath, old, old);
    const handle = acquireLock(lockPath, 30_000);
    expect(handle).not.toBeNull();
    handle?.release();
    expect(existsSync(`${lockPath}.takeover`)).toBe(false);
  });
});

describe('withStateLock', () => {
  it('serialises concurrent critical sections and always releases', async () => {
    const statePath = join(dir, 'state.json');
    let inside = 0;
    let maxInside = 0;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        withStateLock(statePath, async () => {
          inside += 1;
          maxInside = Math.max(maxInside, inside);
          await new Promise((resolve) => setTimeout(resolve, 1));
          inside -= 1;
        }),
      ),
    );
    expect(maxInside).toBe(1);
    await expect(withStateLock(statePath, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(existsSync(`${statePath}.lock`)).toBe(false);
  });

  it('gives up after the timeout with an error naming the lock and its holder', async () => {
    const statePath = join(dir, 'state.json');
    writeFileSync(`${statePath}.lock`, String(process.ppid));
    await expect(withStateLock(statePath, () => 1, { timeoutMs: 50 })).rejects.toThrow(
      `could not acquire the state lock: ${statePath}.lock (held by pid ${process.ppid}`,
    );
  });

  it('loses no increment across processes', async () => {
    const counter = join(dir, 'counter.txt');
    writeFileSync(counter, '0');
    const lockModule = new URL('../../dist/node/lock.js', import.meta.url).href;
    const script = `
      const { withStateLock } = await import(${JSON.stringify(lockModule)});
      const fs = await import('node:fs');
      for (let i = 0; i < 50; i++) {
        await withStateLock(${JSON.stringify(counter)}, () => {
          const n = Number(fs.readFileSync(${JSON.stringify(counter)}, 'utf8'));
          fs.writeFileSync(${JSON.stringify(counter)}, String(n + 1));
        });
      }`;
    const runs = Array.from({ length: 4 }, () => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'inherit' });
      return new Promise<number | null>((resolve) => child.on('exit', resolve));
    });
    expect(await Promise.all(runs)).toEqual([0, 0, 0, 0]);
    expect(readFileSync(counter, 'utf8')).toBe('200');
    expect(existsSync(`${counter}.lock`)).toBe(false);
  });
});
