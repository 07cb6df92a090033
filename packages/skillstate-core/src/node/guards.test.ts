// Tests that close the gaps mutation testing found in the node layer (issue 14): lock parsing and takeover,
// temp-file hygiene, checkpoint sidecar validation, descriptors never leaked.
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isSkillstateError } from '../errors.js';
import {
  atomicWriteFile,
  atomicWriteFileSync,
  ORPHAN_TEMP_AGE_MS,
  removeOrphanTemps,
} from './atomic-write.js';
import { listCheckpoints, readCheckpoint, writeCheckpoint } from './checkpoints.js';
import { acquireLock, withStateLock } from './lock.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillstate-guards-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid ?? 999_999;
}

/** Sets a file's mtime `seconds` in the past. */
function age(path: string, seconds: number): void {
  const t = (Date.now() - seconds * 1000) / 1000;
  utimesSync(path, t, t);
}

const openFds = (): number => readdirSync('/proc/self/fd').length;

describe('lock file contents and takeover', () => {
  it('reads a pid written with a trailing newline: a live holder keeps its lock past the empty-lock grace', () => {
    const lockPath = join(dir, 's.lock');
    writeFileSync(lockPath, `${process.pid}\n`);
    age(lockPath, 3);
    expect(acquireLock(lockPath)).toBeNull();
    expect(readFileSync(lockPath, 'utf8')).toBe(`${process.pid}\n`);
  });

  it('treats a lock holding anything but digits as pid-less: taken over once the grace has passed', () => {
    for (const text of [`x${process.pid}`, `${process.pid}x`, 'garbage', '']) {
      const lockPath = join(dir, 's.lock');
      writeFileSync(lockPath, text);
      age(lockPath, 3);
      const handle = acquireLock(lockPath);
      expect(handle, JSON.stringify(text)).not.toBeNull();
      expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
      handle?.release();
    }
  });

  it('creates missing parent folders, and throws on a path it cannot create', () => {
    const nested = join(dir, 'a', 'b', 's.lock');
    const handle = acquireLock(nested);
    expect(handle).not.toBeNull();
    handle?.release();
    writeFileSync(join(dir, 'file'), 'x');
    expect(() => acquireLock(join(dir, 'file', 's.lock'))).toThrow(/ENOTDIR/);
  });

  it('clears a takeover guard left by a killed process, then takes over the stale lock', async () => {
    const lockPath = join(dir, 's.lock');
    const dead = await deadPid();
    writeFileSync(lockPath, String(dead));
    writeFileSync(`${lockPath}.takeover`, String(dead));
    const handle = acquireLock(lockPath);
    expect(handle).not.toBeNull();
    expect(existsSync(`${lockPath}.takeover`)).toBe(false);
    handle?.release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('leaves the lock alone while a live takeover guard is held', async () => {
    const lockPath = join(dir, 's.lock');
    writeFileSync(lockPath, String(await deadPid()));
    writeFileSync(`${lockPath}.takeover`, String(process.pid));
    expect(acquireLock(lockPath)).toBeNull();
    expect(existsSync(lockPath)).toBe(true);
  });

  it('counts a takeover guard of a live pid stale after 2 s, even under a long ttl', async () => {
    const lockPath = join(dir, 's.lock');
    writeFileSync(lockPath, String(await deadPid()));
    writeFileSync(`${lockPath}.takeover`, String(process.pid));
    age(`${lockPath}.takeover`, 5);
    const handle = acquireLock(lockPath, 60_000);
    expect(handle).not.toBeNull();
    handle?.release();
  });

  it('names an unknown holder when the lock holds no pid', async () => {
    const statePath = join(dir, 'state.json');
    writeFileSync(`${statePath}.lock`, '');
    const err = await withStateLock(statePath, () => 1, { timeoutMs: 30 }).catch((e: unknown) => e);
    expect((err as Error).message).toContain('(held by pid unknown for 0s;');
  });

  it('applies the ttl it is given, and names the holder, its age and the lock in a timeout', async () => {
    const statePath = join(dir, 'state.json');
    writeFileSync(`${statePath}.lock`, String(process.pid));
    age(`${statePath}.lock`, 5);
    const err = await withStateLock(statePath, () => 1, { timeoutMs: 30, ttlMs: 60_000 }).catch(
      (e: unknown) => e,
    );
    expect(isSkillstateError(err) && err.code).toBe('LOCK_TIMEOUT');
    expect((err as Error).message).toContain(`held by pid ${process.pid} for 5s`);
    expect((err as { data?: unknown }).data).toEqual({ lockPath: `${statePath}.lock` });
    // A 1 s ttl makes the same 5 s old lock stale (the default 30 s would not).
    expect(await withStateLock(statePath, () => 'ran', { timeoutMs: 1_000, ttlMs: 1_000 })).toBe('ran');
  });

  it('leaks no descriptor: lock, release, atomic writes', async () => {
    const before = openFds();
    for (let i = 0; i < 5; i++) {
      acquireLock(join(dir, 's.lock'))?.release();
      atomicWriteFileSync(join(dir, 'f.json'), `${i}`);
      await atomicWriteFile(join(dir, 'g.json'), `${i}`);
      await withStateLock(join(dir, 'state.json'), () => undefined);
    }
    expect(openFds()).toBe(before);
  });
});

describe('atomic write failures and orphan temps', () => {
  it('the async write rejects and removes its temp file when the rename fails', async () => {
    const target = join(dir, 'is-a-dir');
    mkdirSync(join(target, 'child'), { recursive: true });
    await expect(atomicWriteFile(target, 'x')).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['is-a-dir']);
  });

  it('waits ten minutes before removing a temp file of a pid that may be alive', () => {
    expect(ORPHAN_TEMP_AGE_MS).toBe(600_000);
    const target = join(dir, 'state.json');
    const mine = join(dir, `state.json.tmp.${process.pid}.abc`);
    writeFileSync(mine, 'x');
    removeOrphanTemps(target, Date.now() + 9 * 60_000);
    expect(existsSync(mine)).toBe(true);
  });

  it('removes only its own names for this very file, and never a link or folder', async () => {
    const dead = await deadPid();
    const target = join(dir, 'state.json');
    const keep = [
      `other.json.tmp.${dead}.abc`,
      `state.json.tmp.x${dead}.abc`,
      `state.json.tmp.${dead}.abc.bak`,
      `state.json.tmp.${dead}`,
      `state.jsonx.tmp.${dead}.abc`,
    ];
    for (const name of keep) writeFileSync(join(dir, name), 'x');
    symlinkSync(join(dir, 'other.json.tmp.' + dead + '.abc'), join(dir, `state.json.tmp.${dead}.lnk`));
    writeFileSync(join(dir, `state.json.tmp.${dead}.zz9`), 'orphan');
    removeOrphanTemps(target);
    expect(readdirSync(dir).sort()).toEqual([...keep, `state.json.tmp.${dead}.lnk`].sort());
  });
});

describe('checkpoint sidecars', () => {
  const valid = { checkpointId: '1-a', seq: 1, label: 'a', createdAt: 't', state: {} };
  const write = (name: string, record: unknown): void => {
    mkdirSync(join(dir, 'checkpoints'), { recursive: true });
    writeFileSync(join(dir, 'checkpoints', name), JSON.stringify(record));
  };

  it('lists only records with string id, label and date and an integer seq, from .json files', () => {
    write('1-a.json', valid);
    write('2-b.json', { ...valid, checkpointId: 2 });
    write('3-c.json', { ...valid, label: null });
    write('4-d.json', { ...valid, createdAt: 5 });
    write('5-e.json', { ...valid, seq: 1.5 });
    write('6-f.json', { ...valid, seq: '6' });
    write('7-g.txt', { ...valid, seq: 7 });
    write('8-h.json', [valid]);
    expect(listCheckpoints(dir).map((c) => c.seq)).toEqual([1]);
    expect(writeCheckpoint(dir, 'n', {}, new Date(0)).seq).toBe(2);
  });

  it('lists in sequence order, not file-name order', () => {
    write('10-a.json', { ...valid, checkpointId: '10-a', seq: 10 });
    write('9-b.json', { ...valid, checkpointId: '9-b', seq: 9 });
    write('100-c.json', { ...valid, checkpointId: '100-c', seq: 100 });
    expect(listCheckpoints(dir).map((c) => c.seq)).toEqual([9, 10, 100]);
  });

  it('refuses `.` and `..` as ids, and every error names the id in its data', () => {
    for (const id of ['.', '..', 'a/b']) {
      const err = (() => {
        try {
          readCheckpoint(dir, id);
        } catch (e) {
          return e;
        }
      })();
      expect(isSkillstateError(err) && err.code, id).toBe('CHECKPOINT_NOT_FOUND');
      expect((err as Error).message).toBe(`Checkpoint not found: ${id}`);
      expect((err as { data?: unknown }).data).toEqual({ id });
    }
    const missing = (() => {
      try {
        readCheckpoint(dir, '9-none');
      } catch (e) {
        return e as { data?: unknown; code?: string };
      }
    })();
    expect(missing).toMatchObject({ code: 'CHECKPOINT_NOT_FOUND', data: { id: '9-none' } });
    write('3-x.json', { checkpointId: '3-x' });
    const corrupt = (() => {
      try {
        readCheckpoint(dir, '3-x');
      } catch (e) {
        return e as { data?: unknown; code?: string };
      }
    })();
    expect(corrupt).toMatchObject({ code: 'CHECKPOINT_CORRUPT', data: { id: '3-x' } });
  });
});
