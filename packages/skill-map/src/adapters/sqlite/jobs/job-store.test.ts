import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../../testing/temp-tree.js';
import type { TempTree } from '../../testing/temp-tree.js';
import { openDatabase } from '../open-database.js';
import { openStateSession } from '../state-session.js';
import type { StateSession } from '../state-session.js';
import { createJobStore } from './job-store.js';
import type { JobStore, NewJob } from './port.js';

let tree: TempTree;
let session: StateSession;
let store: JobStore;
beforeEach(() => {
  tree = createTempTree('sm-job-store-');
  const path = join(tree.root, '.skill-map', 'skill-map.db');
  openDatabase({ path, posture: 'write', create: true }).close();
  session = openStateSession(path, 'write')!;
  store = createJobStore(session);
});
afterEach(() => {
  session.close();
  tree.remove();
});

let seq = 0;
function job(extra: Partial<NewJob> = {}): NewJob {
  seq += 1;
  return {
    id: `d-20260101-000000-${seq.toString(16).padStart(4, '0')}`,
    extensionId: 'core/ai-a',
    extensionVersion: '1.0.0',
    extensionKind: 'action',
    nodeId: `n${seq}.md`,
    contentHash: `h${seq}`,
    promptTemplateHash: 'p',
    nonce: `nonce-${seq}`,
    priority: 0,
    ttlSeconds: null,
    findingIds: null,
    autoFix: false,
    submittedBy: 'cli',
    createdAt: 1000 + seq,
    ...extra,
  };
}

describe('JobStore (SQLite)', () => {
  it('refuses a second live job for the same work, but not once the first is terminal', () => {
    const a = job();
    expect(store.insert(a, 'content')).toBe('inserted');
    expect(store.insert(job({ nodeId: a.nodeId, contentHash: a.contentHash }), 'content')).toBe(
      'live-duplicate',
    );
    expect(store.transition(a.id, ['queued', 'running'], { status: 'cancelled', finishedAt: 2 })).toBe(true);
    expect(store.insert(job({ nodeId: a.nodeId, contentHash: a.contentHash }), 'content')).toBe('inserted');
    expect(session.db.prepare(`SELECT COUNT(*) FROM state_job_contents`).pluck().get()).toBe(1);
  });

  it('claims by priority then age, with an exact or whole-segment suffix filter, never selecting the nonce for reads', () => {
    const old = job({ createdAt: 1 });
    const urgent = job({ priority: 3, extensionId: 'core/ai-b' });
    const young = job({ createdAt: 5000 });
    for (const j of [old, urgent, young]) store.insert(j, j.contentHash);
    expect(store.claim(10, 'agent', 'ai-a')?.job.id).toBe(old.id);
    expect(store.claim(10, 'agent', 'i-b')).toBeNull();
    expect(store.claim(10, 'agent', '%')).toBeNull(); // literal, not a LIKE wildcard
    expect(store.claim(10, 'agent', 'ai_b')).toBeNull();
    expect(store.list({ extension: '%' })).toEqual([]);
    expect(store.list({ extension: 'ai-b' }).map((j) => j.id)).toEqual([urgent.id]);
    const c = store.claim(10, 'in-process');
    expect(c).toMatchObject({
      nonce: urgent.nonce,
      job: { id: urgent.id, status: 'running', runner: 'in-process' },
    });
    expect(store.claim(10, 'agent')?.job.id).toBe(young.id);
    expect(store.claim(10, 'agent')).toBeNull();
    expect(JSON.stringify(store.list({}))).not.toContain('nonce');
    expect(store.nonceOf(urgent.id)).toBe(urgent.nonce);
  });

  it('reaps only running jobs past expiry and prunes by retention plus orphan contents', () => {
    const a = job({ ttlSeconds: 1 });
    const b = job({ ttlSeconds: null });
    store.insert(a, 'A');
    store.insert(b, 'B');
    store.claim(100, 'agent');
    store.claim(100, 'agent');
    const reap = (now: number, maxAttempts: number) =>
      store.reap(now, { executionId: () => `e-${now}`, nonce: () => `n-${now}`, maxAttempts });
    expect(reap(1100, 2)).toEqual({ requeued: [], failed: [] }); // expiresAt = 1100 is not < 1100
    const first = reap(1101, 2); // the first lost claim: back to the queue with a new nonce
    expect(first.requeued.map((j) => [j.id, j.status, j.claimedAt, j.expiresAt])).toEqual([
      [a.id, 'queued', null, null],
    ]);
    expect(first.failed).toEqual([]);
    expect(store.nonceOf(a.id)).toBe('n-1101');
    expect(store.claim(2000, 'agent')?.job.id).toBe(a.id);
    const second = reap(3001, 2); // the second (of two allowed): failed as abandoned
    expect(second.failed.map((j) => [j.id, j.status, j.failureReason])).toEqual([
      [a.id, 'failed', 'abandoned'],
    ]);
    expect(second.requeued).toEqual([]);
    expect(store.transition(a.id, ['running'], { status: 'completed', finishedAt: 1 })).toBe(false);
    expect(store.prune({ failed: 3100 })).toEqual({ jobs: 1, contents: 1 });
    expect(store.prune({ failed: 3100, completed: 1e12 })).toEqual({ jobs: 0, contents: 0 });
    expect(store.list({}).map((j) => j.id)).toEqual([b.id]);
  });
});
