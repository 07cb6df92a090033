import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdapterError } from '../../adapters/errors.js';
import { isServerError } from '../errors.js';
import type { ScanPort, ScanProgress, ScanSummary } from '../ports.js';
import { createMemoryMapReader } from '../read/memory-map-reader.js';
import { createBroadcaster } from '../ws/broadcaster.js';
import type { BroadcastEvent } from '../ws/broadcaster.js';
import { createScanRunner } from './scan-runner.js';
import type { ScanRunner } from './scan-runner.js';

type ScanOptions = Parameters<ScanPort['scanAndPersist']>[0];

const SUMMARY: ScanSummary = { nodes: 2, links: 1, issues: 0, durationMs: 3, roots: ['.'] };

/** A runner over `scan` with a recording broadcaster; `paths` is what the map reader lists each time. */
function harness(
  scan: (options: ScanOptions) => Promise<ScanSummary>,
  paths: () => string[] = () => [],
): { runner: ScanRunner; events: BroadcastEvent[]; reads: () => number; done: () => void } {
  const broadcaster = createBroadcaster();
  const events: BroadcastEvent[] = [];
  broadcaster.addSink((e) => void events.push(e));
  let reads = 0;
  const reader = createMemoryMapReader(() => null, { scopeRoot: '/tmp' });
  const runner = createScanRunner(
    { scanAndPersist: scan },
    {
      ...reader,
      nodePaths: () => {
        reads++;
        return paths();
      },
    },
    broadcaster,
  );
  return { runner, events, reads: () => reads, done: () => broadcaster.close() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('scan runner narration', () => {
  it('narrates started → completed under one runId, with the mode, trigger and the summary counts', async () => {
    const seen: ScanOptions[] = [];
    const h = harness((o) => {
      seen.push(o);
      return Promise.resolve({ ...SUMMARY, nodesAdded: 2, nodesRemoved: 0 });
    });
    const out = await h.runner.run('full', 'rest');
    h.done();
    expect(out).toEqual({ ...SUMMARY, nodesAdded: 2, nodesRemoved: 0, mode: 'full', trigger: 'rest' });
    expect(h.events.map((e) => e.type)).toEqual(['scan.started', 'scan.completed']);
    const [started, completed] = h.events;
    expect(started?.data).toEqual({ mode: 'full', trigger: 'rest' });
    expect(completed?.data).toEqual(out);
    expect(started?.runId).toMatch(/^r-scan-[0-9a-z]+$/);
    expect(completed?.runId).toBe(started?.runId);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.mode).toBe('full');
    expect(seen[0]?.channel).toBe('ui');
    expect('changedPaths' in (seen[0] ?? {})).toBe(false);
  });

  it('passes the watcher channel and its changed paths to the scan port', async () => {
    const seen: ScanOptions[] = [];
    const h = harness((o) => {
      seen.push(o);
      return Promise.resolve({ ...SUMMARY, nodesAdded: 0, nodesRemoved: 0 });
    });
    await h.runner.run('changed', 'watcher', ['a.md', 'b/c.md']);
    await h.runner.run('changed', 'boot');
    h.done();
    expect(seen.map((o) => [o.mode, o.channel, o.changedPaths])).toEqual([
      ['changed', 'watcher', ['a.md', 'b/c.md']],
      ['changed', 'ui', undefined],
    ]);
  });

  it('publishes scan.failed with the message and rejects as scan-failed, then accepts the next scan', async () => {
    let fail = true;
    const h = harness(() =>
      fail ? Promise.reject(new Error('disk on fire')) : Promise.resolve({ ...SUMMARY, nodesAdded: 0 }),
    );
    const err: unknown = await h.runner.run('full', 'rest').catch((e: unknown) => e);
    expect(isServerError(err, 'scan-failed')).toBe(true);
    expect((err as Error).message).toBe('scan failed: disk on fire');
    expect(((err as Error).cause as Error).message).toBe('disk on fire');
    expect(h.runner.busy()).toBe(false);
    const failed = h.events.find((e) => e.type === 'scan.failed');
    expect(failed?.data).toEqual({ mode: 'full', message: 'disk on fire' });
    expect(failed?.runId).toBe(h.events[0]?.runId);
    expect(h.events.some((e) => e.type === 'scan.completed')).toBe(false);
    fail = false;
    await expect(h.runner.run('full', 'rest')).resolves.toMatchObject({ mode: 'full' });
    h.done();
  });

  it('says a thrown non-Error as text, and a damaged database as db-damaged (the user repairs it)', async () => {
    let thrown: unknown = 'plain words';
    // A port may reject with anything (a string from a plugin): the runner still says it.
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    const h = harness(() => Promise.reject(thrown));
    const first: unknown = await h.runner.run('changed', 'rest').catch((e: unknown) => e);
    expect(isServerError(first, 'scan-failed')).toBe(true);
    expect((first as Error).message).toBe('scan failed: plain words');
    expect(h.events.find((e) => e.type === 'scan.failed')?.data['message']).toBe('plain words');
    thrown = new AdapterError('DB_DAMAGED', 'database disk image is malformed');
    const second: unknown = await h.runner.run('changed', 'rest').catch((e: unknown) => e);
    h.done();
    expect(isServerError(second, 'db-damaged')).toBe(true);
  });

  it('refuses a second scan while one runs (scan-busy), is busy until it settles, and idle waits for it', async () => {
    let release: (s: ScanSummary) => void = () => undefined;
    const h = harness(
      () =>
        new Promise<ScanSummary>((resolve) => {
          release = resolve;
        }),
    );
    expect(h.runner.busy()).toBe(false);
    await h.runner.idle();
    const first = h.runner.run('full', 'rest');
    expect(h.runner.busy()).toBe(true);
    const busy: unknown = await h.runner.run('full', 'rest').catch((e: unknown) => e);
    expect(isServerError(busy, 'scan-busy')).toBe(true);
    expect((busy as Error).message).toMatch(/already running/);
    let idle = false;
    const waiting = h.runner.idle().then(() => {
      idle = true;
    });
    await Promise.resolve();
    expect(idle).toBe(false);
    release({ ...SUMMARY, nodesAdded: 0, nodesRemoved: 0 });
    await waiting;
    expect(idle).toBe(true);
    await first;
    expect(h.runner.busy()).toBe(false);
    h.done();
  });

  it('idle resolves (does not reject) when the running scan fails', async () => {
    let fail: (e: Error) => void = () => undefined;
    const h = harness(
      () =>
        new Promise<ScanSummary>((_resolve, reject) => {
          fail = reject;
        }),
    );
    const run = h.runner.run('full', 'rest').catch(() => 'rejected');
    const idle = h.runner.idle();
    fail(new Error('boom'));
    await expect(idle).resolves.toBeUndefined();
    await expect(run).resolves.toBe('rejected');
    h.done();
  });
});

describe('node-set delta bookkeeping', () => {
  it('after a scan that reported its diff, reads no path list before the next scan', async () => {
    const summaries: ScanSummary[] = [{ ...SUMMARY, nodesAdded: 1, nodesRemoved: 0 }, { ...SUMMARY }];
    const readsAtScan: number[] = [];
    let reads = (): number => 0;
    const h = harness(
      () => {
        readsAtScan.push(reads());
        return Promise.resolve(summaries.shift() ?? SUMMARY);
      },
      () => ['a.md'],
    );
    reads = h.reads;
    await h.runner.run('full', 'rest');
    await h.runner.run('full', 'rest');
    h.done();
    expect(readsAtScan).toEqual([1, 1]);
  });

  it('trusts the port diff and reads no path list; falls back to reading both lists once it stops', async () => {
    let paths = ['a.md'];
    const summaries: ScanSummary[] = [
      { ...SUMMARY, nodesAdded: 5, nodesRemoved: 4 },
      { ...SUMMARY, nodesAdded: 1 },
      { ...SUMMARY },
    ];
    const h = harness(
      () => Promise.resolve(summaries.shift() ?? SUMMARY),
      () => [...paths],
    );
    const first = await h.runner.run('full', 'rest');
    expect([first.nodesAdded, first.nodesRemoved]).toEqual([5, 4]);
    // The first scan read the list before (nothing known yet) but not after: the port reported its diff.
    expect(h.reads()).toBe(1);
    paths = ['a.md', 'b.md'];
    const second = await h.runner.run('full', 'rest');
    // nodesAdded alone is not a diff: the lists are compared (the port diff left nothing cached).
    expect([second.nodesAdded, second.nodesRemoved]).toEqual([0, 0]);
    const afterSecond = h.reads();
    paths = ['b.md', 'c.md', 'd.md'];
    const third = await h.runner.run('full', 'rest');
    h.done();
    expect([third.nodesAdded, third.nodesRemoved]).toEqual([2, 1]);
    // The list from after the second scan is reused as "before": only one read for the third.
    expect(h.reads() - afterSecond).toBe(1);
  });
});

describe('progress thinning', () => {
  it('publishes cached files at most every 50 ms, always the last one, and every analysed one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000);
    // [time, cached, index, total]
    const steps: Array<[number, boolean, number, number | undefined]> = [
      [1_000, true, 0, 9], // first cached: published
      [1_049, true, 1, 9], // 49 ms later: thinned
      [1_050, true, 2, 9], // exactly 50 ms: published
      [1_051, false, 3, 9], // analysed: published
      [1_060, true, 4, 9], // 9 ms after the analysed one: thinned
      [1_070, true, 5, undefined], // no total: never taken for the last one
      [1_075, true, 8, 9], // the last file: published though 24 ms passed
    ];
    const h = harness((o) => {
      for (const [t, cached, index, total] of steps) {
        vi.setSystemTime(t);
        const p: ScanProgress = { index, path: `f${index}.md`, kind: 'markdown', cached };
        if (total !== undefined) p.total = total;
        o.onProgress?.(p);
      }
      return Promise.resolve({ ...SUMMARY, nodesAdded: 0, nodesRemoved: 0 });
    });
    await h.runner.run('changed', 'watcher');
    h.done();
    const progress = h.events.filter((e) => e.type === 'scan.progress');
    expect(progress.map((e) => e.data['index'])).toEqual([0, 2, 3, 8]);
    expect(progress[1]?.data).toEqual({ index: 2, total: 9, path: 'f2.md', kind: 'markdown', cached: true });
    expect(new Set(progress.map((e) => e.runId)).size).toBe(1);
    expect(progress[0]?.runId).toBe(h.events[0]?.runId);
  });

  it('takes index + 1 = total as the last file, not index = total - 2', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(5_000);
    const h = harness((o) => {
      for (let index = 0; index < 4; index++)
        o.onProgress?.({ index, total: 4, path: `f${index}.md`, kind: 'markdown', cached: true });
      return Promise.resolve({ ...SUMMARY, nodesAdded: 0, nodesRemoved: 0 });
    });
    await h.runner.run('changed', 'watcher');
    h.done();
    const progress = h.events.filter((e) => e.type === 'scan.progress');
    expect(progress.map((e) => e.data['index'])).toEqual([0, 3]);
  });
});
