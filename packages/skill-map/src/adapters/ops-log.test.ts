import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOpsLog, formatOpsLine } from './ops-log.js';
import { createTempTree } from './testing/temp-tree.js';
import type { TempTree } from './testing/temp-tree.js';

let tree: TempTree;
beforeEach(() => {
  tree = createTempTree('sm-opslog-');
});
afterEach(() => tree.remove());

const at = new Date('2026-08-20T10:00:00.000Z');
const lines = (file: string): unknown[] =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as unknown);

describe('operations log', () => {
  it('formats `at` first, then fields in the writer order, omitting absent ones', () => {
    expect(
      formatOpsLine(
        {
          op: 'jobs.submit',
          target: 'a.md',
          extension: 'core/x',
          channel: 'mcp',
          outcome: 'queued',
          id: 'd-1',
        },
        at,
      ),
    ).toBe(
      '{"at":"2026-08-20T10:00:00.000Z","op":"jobs.submit","target":"a.md","extension":"core/x","channel":"mcp","outcome":"queued","id":"d-1"}\n',
    );
    expect(
      formatOpsLine({ op: 'scan', target: '*', channel: 'cli', outcome: 'ok', detail: 'nodes=3' }, at),
    ).toBe(
      '{"at":"2026-08-20T10:00:00.000Z","op":"scan","target":"*","channel":"cli","outcome":"ok","detail":"nodes=3"}\n',
    );
  });

  it('appends one JSONL line per operation, in order', async () => {
    mkdirSync(join(tree.root, '.skill-map'));
    const log = createOpsLog({ projectRoot: tree.root, now: () => at });
    for (let i = 0; i < 20; i += 1)
      log.append({
        op: 'findings.resolve',
        target: 'a.md',
        channel: 'cli',
        outcome: 'ok',
        detail: `id=${i}`,
      });
    await log.flush();
    const written = lines(log.path) as Array<{ detail: string }>;
    expect(written.map((l) => l.detail)).toEqual(Array.from({ length: 20 }, (_, i) => `id=${i}`));
  });

  it('writes nothing when .skill-map/ does not exist', async () => {
    const log = createOpsLog({ projectRoot: tree.root });
    log.append({ op: 'scan', target: '*', channel: 'cli', outcome: 'ok' });
    await log.flush();
    expect(existsSync(join(tree.root, '.skill-map'))).toBe(false);
  });

  it('never throws or waits, even when the write fails', async () => {
    mkdirSync(join(tree.root, '.skill-map', 'operations.log'), { recursive: true });
    const errors: unknown[] = [];
    const log = createOpsLog({ projectRoot: tree.root, onError: (e) => errors.push(e) });
    expect(() => log.append({ op: 'scan', target: '*', channel: 'cli', outcome: 'ok' })).not.toThrow();
    // The append returned before the write was tried: the failure is only reported once the queue runs.
    expect(errors).toHaveLength(0);
    await log.flush();
    expect(errors).toHaveLength(1);
  });

  it('rotates to operations.log.1 when a line would pass the size cap (one generation)', async () => {
    mkdirSync(join(tree.root, '.skill-map'));
    const log = createOpsLog({ projectRoot: tree.root, maxBytes: 1000, now: () => at });
    const entry = (i: number) => ({
      op: 'jobs.record',
      target: 'a.md',
      channel: 'mcp' as const,
      outcome: 'completed',
      id: `d-${i}`,
    });
    for (let i = 0; i < 30; i += 1) log.append(entry(i));
    await log.flush();
    expect(statSync(log.path).size).toBeLessThanOrEqual(1000);
    expect(statSync(`${log.path}.1`).size).toBeLessThanOrEqual(1000);
    expect(existsSync(`${log.path}.2`)).toBe(false);
    const ids = [...lines(`${log.path}.1`), ...lines(log.path)].map((l) => (l as { id: string }).id);
    expect(ids.at(-1)).toBe('d-29');
    expect(ids).toEqual([...ids].sort((a, b) => Number(a.slice(2)) - Number(b.slice(2))));
  });
});
