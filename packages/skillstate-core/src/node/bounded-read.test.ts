// Issue 23, point 1: a committed symlink to /dev/zero (or a FIFO, a directory, a huge file) in place of a file
// skillstate reads must be refused at once, naming the path, instead of being read without end.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GENERIC_PROCEDURE_SPEC } from '../schemas/index.js';
import { isSkillstateError } from '../errors.js';
import { readBoundedFileSync, STATE_FILE_MAX_BYTES } from './bounded-read.js';
import { readDiffBaseline } from './baseline.js';
import { listCheckpoints, readCheckpoint } from './checkpoints.js';
import { acquireLock } from './lock.js';
import { readSessionMeta } from './session-meta.js';
import { resolveSpec } from './spec-file.js';
import { loadStateOrDefaults, readStateFile, writeStateFileSync } from './state-file.js';
import { preserveUnreadableFile } from './store.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillstate-bounded-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const zeroLink = (path: string): string => {
  symlinkSync('/dev/zero', path);
  return path;
};

function refusal(fn: () => unknown): { message: string; reason: unknown } {
  try {
    fn();
  } catch (err) {
    if (isSkillstateError(err, 'FILE_REFUSED')) return { message: err.message, reason: err.data?.['reason'] };
    throw err;
  }
  throw new Error('expected FILE_REFUSED');
}

describe('readBoundedFileSync refuses what is not a small regular file, naming it', () => {
  it('a symbolic link to /dev/zero', () => {
    const path = zeroLink(join(dir, 'zero.json'));
    expect(refusal(() => readBoundedFileSync(path, 1024))).toEqual({
      message: `${path} cannot be read: it is a symbolic link to a character device, not a regular file`,
      reason: 'not-regular',
    });
  });

  it('a FIFO, without blocking on it', () => {
    const path = join(dir, 'pipe.json');
    expect(spawnSync('mkfifo', [path]).status).toBe(0);
    expect(refusal(() => readBoundedFileSync(path, 1024)).message).toBe(
      `${path} cannot be read: it is a named pipe (FIFO), not a regular file`,
    );
  });

  it('a directory', () => {
    const path = join(dir, 'sub');
    mkdirSync(path);
    expect(refusal(() => readBoundedFileSync(path, 1024)).message).toBe(
      `${path} cannot be read: it is a directory, not a regular file`,
    );
  });

  it('a file over the limit (sparse: nothing is allocated or read)', () => {
    const path = join(dir, 'big.json');
    writeFileSync(path, '');
    truncateSync(path, STATE_FILE_MAX_BYTES + 1);
    expect(refusal(() => readBoundedFileSync(path, STATE_FILE_MAX_BYTES))).toEqual({
      message:
        `${path} cannot be read: it is ${STATE_FILE_MAX_BYTES + 1} bytes, ` +
        `over the ${STATE_FILE_MAX_BYTES}-byte limit for this file`,
      reason: 'too-large',
    });
  });

  it('reads a regular file (also through a link) up to exactly the limit; a missing one is ENOENT', () => {
    writeFileSync(join(dir, 'a.json'), 'abcd');
    symlinkSync('a.json', join(dir, 'b.json'));
    expect(readBoundedFileSync(join(dir, 'a.json'), 4).toString()).toBe('abcd');
    expect(readBoundedFileSync(join(dir, 'b.json'), 4).toString()).toBe('abcd');
    expect(refusal(() => readBoundedFileSync(join(dir, 'a.json'), 3)).reason).toBe('too-large');
    expect(() => readBoundedFileSync(join(dir, 'none.json'), 4)).toThrow(
      expect.objectContaining({ code: 'ENOENT' }),
    );
  });
});

describe('every file the core reads goes through it', () => {
  it('a state file linked to /dev/zero is unusable, named, and never overwritten', () => {
    const path = zeroLink(join(dir, 'skillstate.json'));
    expect(readStateFile(path)).toEqual({
      kind: 'unreadable',
      reason: 'it is a symbolic link to a character device, not a regular file',
    });
    expect(() => loadStateOrDefaults(path, GENERIC_PROCEDURE_SPEC.schema)).toThrow(
      `state file ${path} cannot be used: it is a symbolic link to a character device, not a regular file.`,
    );
  });

  it('recovery moves the link itself aside, never reading it', () => {
    const path = zeroLink(join(dir, 'skillstate.json'));
    const aside = preserveUnreadableFile(path, new Date('2026-01-02T03:04:05.678Z'));
    expect(aside).toBe(`${path}.corrupt-2026-01-02T03-04-05-678Z`);
    expect(lstatSync(aside).isSymbolicLink()).toBe(true);
    expect(existsSync(path)).toBe(false);
  });

  it('the spec file, the session sidecar, the diff baseline and checkpoints are refused by name', () => {
    const spec = zeroLink(join(dir, 'skill-spec.json'));
    expect(() => resolveSpec({ env: {}, projectDir: dir })).toThrow(
      `spec file ${spec} cannot be read: it is a symbolic link to a character device, not a regular file`,
    );
    const meta = zeroLink(join(dir, '.session-meta.json'));
    expect(refusal(() => readSessionMeta(dir)).message).toContain(meta);
    const baseline = zeroLink(join(dir, '.diff-baseline.json'));
    expect(refusal(() => readDiffBaseline(dir)).message).toContain(baseline);
    mkdirSync(join(dir, 'checkpoints'));
    const checkpoint = zeroLink(join(dir, 'checkpoints', '1-x.json'));
    expect(refusal(() => listCheckpoints(dir)).message).toContain(checkpoint);
    expect(refusal(() => readCheckpoint(dir, '1-x')).message).toContain(checkpoint);
  });

  it('a lock file linked to /dev/zero reads as a pid-less lock instead of hanging', () => {
    const lock = zeroLink(join(dir, 'skillstate.json.lock'));
    // A fresh pid-less lock counts as held (its creator may be writing its pid): the answer is "busy", at once.
    expect(acquireLock(lock)).toBeNull();
  });

  it('refuses to write a state it could not read back, writing nothing', () => {
    const path = join(dir, 'skillstate.json');
    writeFileSync(path, '{"version":1,"state":{}}');
    const huge = { notes: 'x'.repeat(STATE_FILE_MAX_BYTES) };
    expect(() => writeStateFileSync(path, huge)).toThrow(
      expect.objectContaining({
        code: 'STATE_TOO_LARGE',
        message: expect.stringContaining(`${path} was not written`),
      }),
    );
    expect(readFileSync(path, 'utf8')).toBe('{"version":1,"state":{}}');
  });
});
