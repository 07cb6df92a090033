import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActivityTracker } from './activity.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillstate-activity-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const stamp = () => JSON.parse(readFileSync(join(dir, '.session-meta.json'), 'utf8')).lastActivityAt;

describe('ActivityTracker', () => {
  it('stamps on the first write, then at most once per 5 s per sidecar', async () => {
    let now = Date.parse('2026-11-01T12:00:00.000Z');
    const tracker = new ActivityTracker(() => now);
    await tracker.touch(dir);
    expect(stamp()).toBe('2026-11-01T12:00:00.000Z');
    now += 4999;
    await tracker.touch(dir);
    expect(stamp()).toBe('2026-11-01T12:00:00.000Z');
    now += 1;
    await tracker.touch(dir);
    expect(stamp()).toBe('2026-11-01T12:00:05.000Z');
  });

  it('debounces each sidecar separately', async () => {
    const now = Date.parse('2026-11-01T12:00:00.000Z');
    const tracker = new ActivityTracker(() => now);
    const other = join(dir, 'agents', 'w');
    await tracker.touch(dir);
    await tracker.touch(other);
    expect(JSON.parse(readFileSync(join(other, '.session-meta.json'), 'utf8')).lastActivityAt).toBe(
      '2026-11-01T12:00:00.000Z',
    );
  });

  it('never fails, even when the sidecar path is a directory', async () => {
    mkdirSync(join(dir, '.session-meta.json'));
    await expect(new ActivityTracker().touch(dir)).resolves.toBeUndefined();
  });
});
