import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { findingsProject, LINT, TEST } from '../../../engines/findings/testing/findings-project.js';
import type { FindingsProject } from '../../../engines/findings/testing/findings-project.js';
import { createFindingsLifecycle } from './lifecycle.js';

let p: FindingsProject;
let db: Database.Database;

beforeEach(async () => {
  p = await findingsProject();
  db = new Database(p.dbPath);
});
afterEach(() => {
  db.close();
  p.remove();
});

describe('FindingsLifecycle over a scanned database', () => {
  it('setResolution is guarded: false when the row is gone or already in that state', () => {
    const store = createFindingsLifecycle(db);
    const id = p.insert({ node: LINT });
    expect(store.setResolution(id, 'fixed', 'human', 'n', 5)).toBe(true);
    expect(store.setResolution(id, 'fixed', 'human', 'other', 6)).toBe(false);
    expect(store.get(id)).toMatchObject({ resolution: 'fixed', resolutionNote: 'n', resolutionAt: 5 });
    expect(store.setResolution(id, null, null, null, null)).toBe(true);
    expect(store.setResolution(id, null, null, null, null)).toBe(false);
    expect(store.setResolution(999, 'dismissed', 'human', null, 1)).toBe(false);
    expect(store.get(999)).toBeNull();
  });

  it('counts a class (any state, or dismissed only), excluding one id', () => {
    const store = createFindingsLifecycle(db);
    const a = p.insert({ node: LINT, resolution: 'dismissed' });
    p.insert({ node: LINT, resolution: 'dismissed' });
    p.insert({ node: LINT });
    p.insert({ node: LINT, type: 'other' });
    p.insert({ node: TEST, resolution: 'dismissed' });
    expect(store.countOfClass(LINT, 'core/lint-finder', 'vague-step')).toBe(3);
    expect(store.countOfClass(LINT, 'core/lint-finder', 'vague-step', a)).toBe(2);
    expect(store.countDismissedOfClass(LINT, 'core/lint-finder', 'vague-step')).toBe(2);
    expect(store.countDismissedOfClass(LINT, 'core/lint-finder', 'vague-step', a)).toBe(1);
  });

  it('a finding judged without a body hash is stale once its node has one; delete is by id', () => {
    const store = createFindingsLifecycle(db);
    const id = p.insert({ node: LINT, bodyHash: null });
    expect(store.get(id)?.stale).toBe(true);
    expect(store.delete(id)).toBe(true);
    expect(store.delete(id)).toBe(false);
  });

  it('a database without the current schema reads empty and writes nothing', () => {
    const store = createFindingsLifecycle(db, false);
    p.insert({ node: LINT });
    expect(store.list({})).toEqual([]);
    expect(store.pruneStale()).toBe(0);
    expect(store.delete(1)).toBe(false);
  });
});
