import { describe, expect, it } from 'vitest';
import type { Server } from '@modelcontextprotocol/server';
import { createLivenessSweep } from './liveness.js';
import type { SweepTarget } from './liveness.js';

interface FakeTarget extends SweepTarget {
  name: string;
  answers: boolean;
  stream: boolean;
  pings: number;
}

function target(
  name: string,
  now: number,
  opts: { answers?: boolean; stream?: boolean; delayMs?: number } = {},
): FakeTarget {
  const t: FakeTarget = {
    name,
    answers: opts.answers ?? true,
    stream: opts.stream ?? true,
    pings: 0,
    lastSeen: now,
    missedSince: null,
    misses: 0,
    transport: { hasStandaloneStream: () => t.stream },
    handle: {
      server: {
        request: (_req: unknown, options: { timeout: number }) => {
          t.pings += 1;
          return new Promise((resolve, reject) => {
            const answer = (): void => (t.answers ? resolve({}) : reject(new Error('timeout')));
            setTimeout(answer, t.answers ? (opts.delayMs ?? 1) : options.timeout);
          });
        },
      } as unknown as Server,
    },
  };
  return t;
}

describe('liveness sweep', () => {
  it('counts only responders and never reaps on a single miss', async () => {
    let now = 1_000;
    const alive = target('alive', now);
    const gone = target('gone', now, { answers: false });
    const reaped: string[] = [];
    const sweep = createLivenessSweep(
      () => [alive, gone],
      (t) => reaped.push(t.name),
      { pingDeadlineMs: 20, graceMs: 0, sweepIntervalMs: 0, now: () => now },
    );
    const responders = await sweep.sweep();
    expect(responders.map((t) => t.name)).toEqual(['alive']);
    expect(reaped).toEqual([]); // grace 0, yet one miss is not enough
    now += 1;
    await sweep.sweep();
    expect(reaped).toEqual(['gone']);
  });

  it('reaps only after the whole grace window of misses AND silence', async () => {
    let now = 0;
    const quietButPosting = target('posting', now, { stream: false });
    const reaped: string[] = [];
    const sweep = createLivenessSweep(
      () => [quietButPosting],
      (t) => reaped.push(t.name),
      { pingDeadlineMs: 10, graceMs: 30_000, sweepIntervalMs: 0, now: () => now },
    );
    await sweep.sweep(); // first miss at t=0
    now = 20_000;
    quietButPosting.lastSeen = 19_000; // it keeps sending requests over POST
    await sweep.sweep();
    now = 40_000;
    await sweep.sweep(); // unreachable for 40 s, but a request was routed 21 s ago
    expect(reaped).toEqual([]);
    now = 50_000;
    await sweep.sweep(); // unreachable 50 s and silent 31 s
    expect(reaped).toEqual(['posting']);
    expect(quietButPosting.pings).toBe(0); // no GET stream: nothing could carry a ping
  });

  it('an answer resets the run of misses', async () => {
    let now = 0;
    const flaky = target('flaky', now, { answers: false });
    const reaped: string[] = [];
    const sweep = createLivenessSweep(
      () => [flaky],
      (t) => reaped.push(t.name),
      { pingDeadlineMs: 5, graceMs: 100, sweepIntervalMs: 0, now: () => now },
    );
    await sweep.sweep();
    now = 90;
    flaky.answers = true;
    await sweep.sweep();
    expect(flaky.misses).toBe(0);
    flaky.answers = false;
    now = 150;
    await sweep.sweep();
    now = 200;
    await sweep.sweep();
    expect(reaped).toEqual([]); // the new run started at 150
    now = 260;
    await sweep.sweep();
    expect(reaped).toEqual(['flaky']);
  });

  it('shares one in-flight pass between concurrent callers and is bounded by the deadline', async () => {
    const slow = target('slow', 0, { answers: false });
    const sweep = createLivenessSweep(
      () => [slow, target('a', 0), target('b', 0)],
      () => undefined,
      { pingDeadlineMs: 150, graceMs: 0, sweepIntervalMs: 0 },
    );
    const started = Date.now();
    const [a, b] = await Promise.all([sweep.sweep(), sweep.sweep()]);
    expect(a).toBe(b);
    expect(slow.pings).toBe(1);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(a.map((t) => t.name).sort()).toEqual(['a', 'b']);
  });

  it('runs unattended on its timer', async () => {
    const t = target('t', 0);
    const sweep = createLivenessSweep(
      () => [t],
      () => undefined,
      { pingDeadlineMs: 10, sweepIntervalMs: 20 },
    );
    await expect.poll(() => t.pings, { timeout: 2_000 }).toBeGreaterThanOrEqual(2);
    sweep.stop();
  });
});
