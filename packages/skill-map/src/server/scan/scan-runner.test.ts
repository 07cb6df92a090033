import { describe, expect, it } from 'vitest';
import { createMemoryMapReader } from '../read/memory-map-reader.js';
import type { ScanPort } from '../ports.js';
import { createBroadcaster } from '../ws/broadcaster.js';
import type { BroadcastEvent } from '../ws/broadcaster.js';
import { createScanRunner } from './scan-runner.js';

/** A scan port that reports `files` progress events, the first `analysed` of them not cached. */
function fakePort(files: number, analysed: number): ScanPort {
  return {
    scanAndPersist({ onProgress }) {
      for (let i = 0; i < files; i++)
        onProgress?.({ index: i, total: files, path: `f${i}.md`, kind: 'markdown', cached: i >= analysed });
      return Promise.resolve({
        nodes: files,
        links: 0,
        issues: 0,
        durationMs: 1,
        roots: ['.'],
        nodesAdded: 0,
        nodesRemoved: 0,
      });
    },
    scanFresh: () => Promise.reject(new Error('unused')),
  };
}

function progressEvents(port: ScanPort): Promise<BroadcastEvent[]> {
  const broadcaster = createBroadcaster();
  const events: BroadcastEvent[] = [];
  broadcaster.addSink((e) => void (e.type === 'scan.progress' && events.push(e)));
  const runner = createScanRunner(
    port,
    createMemoryMapReader(() => null, { scopeRoot: '/tmp' }),
    broadcaster,
  );
  return runner.run('changed', 'watcher').then(() => {
    broadcaster.close();
    return events;
  });
}

describe('scan progress on the broadcaster', () => {
  it('publishes every re-analysed file but thins cached ones, so a warm rescan sends a handful of frames', async () => {
    const events = await progressEvents(fakePort(10_000, 3));
    const analysed = events.filter((e) => e.data['cached'] === false);
    expect(analysed.map((e) => e.data['path'])).toEqual(['f0.md', 'f1.md', 'f2.md']);
    expect(events.length).toBeLessThan(20);
    expect(events.at(-1)?.data['index']).toBe(9_999);
  });
});

describe('node-set delta when the scan port reports no persist diff', () => {
  it('counts added and removed paths from the path lists before and after each scan', async () => {
    let paths: string[] = ['a.md', 'b.md', 'c.md'];
    const next: string[][] = [['a.md', 'b.md', 'c.md', 'd.md'], ['a.md'], ['x.md', 'y.md'], ['x.md', 'y.md']];
    const port: ScanPort = {
      scanAndPersist() {
        paths = next.shift() ?? paths;
        return Promise.resolve({ nodes: paths.length, links: 0, issues: 0, durationMs: 1, roots: ['.'] });
      },
      scanFresh: () => Promise.reject(new Error('unused')),
    };
    const reader = createMemoryMapReader(() => null, { scopeRoot: '/tmp' });
    const broadcaster = createBroadcaster();
    const completed: Array<Record<string, unknown>> = [];
    broadcaster.addSink((e) => void (e.type === 'scan.completed' && completed.push(e.data)));
    const runner = createScanRunner(port, { ...reader, nodePaths: () => [...paths] }, broadcaster);
    const deltas: Array<[number, number]> = [];
    for (let i = 0; i < 4; i++) {
      const out = await runner.run('changed', 'watcher');
      deltas.push([out.nodesAdded, out.nodesRemoved]);
    }
    broadcaster.close();
    expect(deltas).toEqual([
      [1, 0],
      [0, 3],
      [2, 1],
      [0, 0],
    ]);
    expect(completed.map((d) => [d['nodesAdded'], d['nodesRemoved']])).toEqual(deltas);
  });
});
