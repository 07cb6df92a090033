import { describe, expect, it } from 'vitest';
import type { PublicJob } from '../../api/types';
import { duration, timeAgo } from './format';
import { sectionJobs } from './jobs-model';

const job = (id: string, status: PublicJob['status'], extra: Partial<PublicJob> = {}): PublicJob => ({
  id,
  extensionId: 'core/x',
  extensionVersion: '1',
  extensionKind: 'analyzer',
  nodeId: 'a.md',
  contentHash: 'h',
  status,
  ttlSeconds: null,
  createdAt: 100,
  ...extra,
});

describe('jobs model', () => {
  it('sections jobs: queued in claim order, running by claim time, history newest first', () => {
    const s = sectionJobs([
      job('q-old', 'queued', { createdAt: 1 }),
      job('q-new', 'queued', { createdAt: 5 }),
      job('q-urgent', 'queued', { createdAt: 9, priority: 10 }),
      job('r2', 'running', { claimedAt: 20 }),
      job('r1', 'running', { claimedAt: 10 }),
      job('done', 'completed', { finishedAt: 50 }),
      job('failed', 'failed', { finishedAt: 70, failureReason: 'timeout' }),
      job('gone', 'cancelled', { finishedAt: 60 }),
    ]);
    expect(s.queued.map((j) => j.id)).toEqual(['q-urgent', 'q-old', 'q-new']);
    expect(s.running.map((j) => j.id)).toEqual(['r1', 'r2']);
    expect(s.history.map((j) => j.id)).toEqual(['failed', 'gone', 'done']);
  });

  it('says times ago and durations in short words', () => {
    const now = 10_000_000;
    expect(timeAgo(now - 1000, now)).toBe('just now');
    expect(timeAgo(now - 30_000, now)).toBe('30 s ago');
    expect(timeAgo(now - 5 * 60_000, now)).toBe('5 min ago');
    expect(timeAgo(now - 3 * 3_600_000, now)).toBe('3 h ago');
    expect(timeAgo(now - 3 * 86_400_000, now)).toBe('3 d ago');
    expect(duration(340)).toBe('340 ms');
    expect(duration(2400)).toBe('2.4 s');
    expect(duration(65_000)).toBe('1 min 5 s');
  });
});
