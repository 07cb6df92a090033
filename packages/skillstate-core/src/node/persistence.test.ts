import {
  closeSync,
  existsSync,
  linkSync,
  openSync,
  statSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isSkillstateError } from '../errors.js';
import { GENERIC_PROCEDURE_SPEC } from '../schemas/index.js';
import {
  atomicWriteFileSync,
  atomicWriteFile,
  ORPHAN_TEMP_AGE_MS,
  removeOrphanTemps,
} from './atomic-write.js';
import { readDiffBaseline, writeDiffBaseline } from './baseline.js';
import { listCheckpoints, readCheckpoint, writeCheckpoint } from './checkpoints.js';
import { resolveHostStateForCwd, resolveStatePath } from './paths.js';
import { readSessionMeta, writeSessionMeta } from './session-meta.js';
import { loadStateOrDefaults, readStateFile, writeStateFileSync } from './state-file.js';
import { FileStore, MemoryStore, preserveUnreadableFile } from './store.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillstate-core-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('atomic writes', () => {
  it('creates parents, replaces the target and leaves no temp file', async () => {
    const target = join(dir, 'a', 'b', 'file.json');
    atomicWriteFileSync(target, 'one');
    await atomicWriteFile(target, 'two');
    expect(readFileSync(target, 'utf8')).toBe('two');
    expect(readdirSync(join(dir, 'a', 'b'))).toEqual(['file.json']);
  });

  it('renames a new file over the target: a hard link or an open descriptor keeps the old bytes', async () => {
    const target = join(dir, 'state.json');
    writeFileSync(target, 'old');
    for (const write of [
      (path: string, text: string) => Promise.resolve(atomicWriteFileSync(path, text)),
      (path: string, text: string) => atomicWriteFile(path, text),
    ]) {
      writeFileSync(target, 'old');
      const alias = join(dir, 'alias.json');
      rmSync(alias, { force: true });
      linkSync(target, alias);
      const inode = statSync(target).ino;
      const fd = openSync(target, 'r');
      try {
        await write(target, 'new content');
        // A copy in place would write through the link and the descriptor; a rename swaps the entry.
        expect(readFileSync(target, 'utf8')).toBe('new content');
        expect(readFileSync(alias, 'utf8')).toBe('old');
        expect(readFileSync(fd, 'utf8')).toBe('old');
        expect(statSync(target).ino).not.toBe(inode);
      } finally {
        closeSync(fd);
      }
      expect(readdirSync(dir).sort()).toEqual(['alias.json', 'state.json']);
    }
  });

  it('cleans its temp file when the rename fails', () => {
    const target = join(dir, 'is-a-dir');
    mkdirSync(join(target, 'child'), { recursive: true });
    expect(() => atomicWriteFileSync(target, 'x')).toThrow();
    expect(readdirSync(dir)).toEqual(['is-a-dir']);
  });
});

describe('paths', () => {
  it('confines names to the root', () => {
    expect(resolveStatePath(dir, 'agents/x/skillstate.json')).toBe(
      join(dir, 'agents', 'x', 'skillstate.json'),
    );
    expect(() => resolveStatePath(dir, '../escape.json')).toThrow('Path traversal blocked: ../escape.json');
    expect(() => resolveStatePath(dir, '/etc/passwd')).toThrow('Path traversal blocked');
  });

  it('uses the project folder, or the global bucket in the home directory, and scopes agents', () => {
    expect(resolveHostStateForCwd('/p/q', '/home/u')).toEqual({
      root: '/p/q/.skillstate',
      name: 'skillstate.json',
      statePath: '/p/q/.skillstate/skillstate.json',
    });
    expect(resolveHostStateForCwd('/home/u', '/home/u', 'w/1').statePath).toBe(
      '/home/u/.skillstate/global/agents/w-1/skillstate.json',
    );
  });
});

describe('state files', () => {
  it('reads missing, valid and unusable files without throwing', () => {
    const path = join(dir, 'skillstate.json');
    expect(readStateFile(path)).toEqual({ kind: 'missing' });
    writeStateFileSync(path, { goal: 'x' });
    expect(readFileSync(path, 'utf8')).toBe('{\n  "version": 1,\n  "state": {\n    "goal": "x"\n  }\n}');
    expect(readStateFile(path)).toEqual({ kind: 'ok', envelope: { version: 1, state: { goal: 'x' } } });
    writeFileSync(path, '{"version": 7, "state": {}}');
    expect(readStateFile(path)).toMatchObject({ kind: 'unreadable' });
  });

  it('never lets a write path past an unusable file, and names the recovery', () => {
    const path = join(dir, 'skillstate.json');
    writeFileSync(path, '{ truncated');
    let caught: unknown;
    try {
      loadStateOrDefaults(path, GENERIC_PROCEDURE_SPEC.schema);
    } catch (err) {
      caught = err;
    }
    expect(isSkillstateError(caught, 'STATE_UNREADABLE')).toBe(true);
    expect(String(caught)).toContain(path);
    expect(String(caught)).toContain('state.rollback');
    expect(readFileSync(path, 'utf8')).toBe('{ truncated');
  });

  it('gives defaults only when there is no file', () => {
    expect(loadStateOrDefaults(join(dir, 'none.json'), GENERIC_PROCEDURE_SPEC.schema)).toMatchObject({
      goal: '',
      next_steps: [],
    });
  });

  it('keeps an unusable file aside before a recovery write', () => {
    const path = join(dir, 'skillstate.json');
    writeFileSync(path, 'garbage');
    const aside = preserveUnreadableFile(path, new Date('2026-11-29T10:00:00.000Z'));
    expect(aside).toBe(`${path}.corrupt-2026-11-29T10-00-00-000Z`);
    expect(readFileSync(aside, 'utf8')).toBe('garbage');
  });
});

describe('stores', () => {
  it('FileStore refuses to overwrite an unusable file and snapshots the current bytes', async () => {
    const store = new FileStore(dir, 'skillstate.json');
    await store.save({ version: 1, state: { a: 1 } });
    await store.snapshot();
    expect(readFileSync(`${store.path}.snapshot`, 'utf8')).toBe('{"version":1,"state":{"a":1}}');
    expect(await store.load()).toEqual({ version: 1, state: { a: 1 } });
    writeFileSync(store.path, '[]');
    expect(await store.load()).toBeNull();
    await expect(store.save({ version: 1, state: {} })).rejects.toThrow('cannot be used');
    expect(readFileSync(store.path, 'utf8')).toBe('[]');
  });

  it('MemoryStore copies on the way in and out', async () => {
    const store = new MemoryStore();
    const state = { version: 1 as const, state: { list: [1] } };
    await store.save(state);
    state.state.list.push(2);
    await store.snapshot();
    expect(await store.load()).toEqual({ version: 1, state: { list: [1] } });
    expect(store.snapshots).toHaveLength(1);
  });
});

describe('diff baseline', () => {
  it('round-trips and treats corrupt files as absent', () => {
    expect(readDiffBaseline(dir)).toBeNull();
    writeDiffBaseline(dir, { a: 1 });
    expect(readDiffBaseline(dir)).toEqual({ a: 1 });
    writeFileSync(join(dir, '.diff-baseline.json'), '[1]');
    expect(readDiffBaseline(dir)).toBeNull();
  });
});

describe('checkpoints', () => {
  it('numbers from what is on disk, sanitises labels and skips malformed sidecars', () => {
    const now = new Date('2026-11-29T10:00:00Z');
    expect(writeCheckpoint(dir, 'before risk!', { a: 1 }, now).checkpointId).toBe('1-before-risk');
    writeFileSync(join(dir, 'checkpoints', 'junk.json'), '{"seq": "x"}');
    writeFileSync(join(dir, 'checkpoints', 'notes.txt'), 'ignored');
    expect(writeCheckpoint(dir, '', { a: 2 }, now).checkpointId).toBe('2-checkpoint');
    expect(listCheckpoints(dir).map((c) => c.checkpointId)).toEqual(['1-before-risk', '2-checkpoint']);
    expect(readCheckpoint(dir, '2-checkpoint').state).toEqual({ a: 2 });
  });

  it('never reuses a sequence number after a checkpoint was deleted', () => {
    const now = new Date('2026-11-29T10:00:00Z');
    expect(writeCheckpoint(dir, 'a', { n: 1 }, now).seq).toBe(1);
    expect(writeCheckpoint(dir, 'b', { n: 2 }, now).seq).toBe(2);
    expect(writeCheckpoint(dir, 'b', { n: 3 }, now).checkpointId).toBe('3-b');
    rmSync(join(dir, 'checkpoints', '1-a.json'));
    // Two left on disk, the highest is 3: the next is 4 (a count + 1 would be 3 and overwrite `3-b`).
    const next = writeCheckpoint(dir, 'b', { n: 4 }, now);
    expect(next).toMatchObject({ seq: 4, checkpointId: '4-b' });
    expect(readCheckpoint(dir, '3-b').state).toEqual({ n: 3 });
    rmSync(join(dir, 'checkpoints', '2-b.json'));
    rmSync(join(dir, 'checkpoints', '3-b.json'));
    expect(writeCheckpoint(dir, 'c', { n: 5 }, now).seq).toBe(5);
    expect(listCheckpoints(dir).map((c) => c.seq)).toEqual([4, 5]);
  });

  it('fails each way with its own message', () => {
    expect(() => readCheckpoint(dir, '../x')).toThrow('Checkpoint not found: ../x');
    expect(() => readCheckpoint(dir, '..')).toThrow('Checkpoint not found: ..');
    expect(() => readCheckpoint(dir, '9-none')).toThrow('Checkpoint not found or unreadable: 9-none');
    mkdirSync(join(dir, 'checkpoints'), { recursive: true });
    writeFileSync(join(dir, 'checkpoints', '3-x.json'), '{"checkpointId":"3-x"}');
    expect(() => readCheckpoint(dir, '3-x')).toThrow('Checkpoint is corrupted (no state): 3-x');
  });
});

describe('session sidecar', () => {
  it('merges shallowly, preserves unknown fields and tolerates corruption', async () => {
    expect(readSessionMeta(dir)).toBeNull();
    await writeSessionMeta(dir, { status: 'running', custom: 1 } as never);
    const merged = await writeSessionMeta(dir, { lastActivityAt: 't' });
    expect(merged).toEqual({ status: 'running', custom: 1, lastActivityAt: 't' });
    expect(readFileSync(join(dir, '.session-meta.json'), 'utf8').endsWith('}\n')).toBe(true);
    expect(existsSync(join(dir, '.session-meta.json.lock'))).toBe(false);
    writeFileSync(join(dir, '.session-meta.json'), 'nope');
    expect(readSessionMeta(dir)).toBeNull();
    expect(await writeSessionMeta(dir, { status: 'failed' })).toEqual({ status: 'failed' });
  });
});

describe('removeOrphanTemps', () => {
  it('removes a temp sibling of a live pid only once it is older than the safe age', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skillstate-orphans-'));
    try {
      const target = join(dir, 'state.json');
      const mine = join(dir, `state.json.tmp.${process.pid}.abc`);
      writeFileSync(mine, 'x');
      removeOrphanTemps(target);
      expect(existsSync(mine)).toBe(true);
      removeOrphanTemps(target, Date.now() + ORPHAN_TEMP_AGE_MS + 1000);
      expect(existsSync(mine)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
