import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { tempProject } from '../testing/projects.js';
import type { EngineContext } from '../context.js';
import { EngineError } from '../errors.js';
import { createEngineContext } from '../operable/create-context.js';
import { consentFromFlags, decideConsent, persistGrant } from './consent.js';
import type { ConsentGrant } from './consent.js';

let tree: TempTree;
beforeEach(() => {
  tree = tempProject();
  mkdirSync(tree.abs('.skill-map'), { recursive: true });
});
afterEach(() => tree.remove());

/** A fresh context over the temp project, with the given team and local settings on disk. */
function context(team: Record<string, unknown> = {}, local?: Record<string, unknown>): EngineContext {
  writeFileSync(tree.abs('.skill-map/settings.json'), JSON.stringify(team));
  const localFile = tree.abs('.skill-map/settings.local.json');
  if (local !== undefined) writeFileSync(localFile, JSON.stringify(local));
  else rmSync(localFile, { force: true });
  return createEngineContext({
    scopeRoot: tree.root,
    dbPath: join(tree.root, '.skill-map', 'skill-map.db'),
    channel: 'cli',
  });
}

function refusalOf(fn: () => unknown): EngineError {
  try {
    fn();
  } catch (err) {
    if (err instanceof EngineError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

const localSettings = (): unknown =>
  existsSync(tree.abs('.skill-map/settings.local.json'))
    ? JSON.parse(readFileSync(tree.abs('.skill-map/settings.local.json'), 'utf8'))
    : null;

describe('decideConsent', () => {
  it('names the grant: standing beats always beats confirm', () => {
    expect(decideConsent(context({}, { allowEditSmFiles: true }), {})).toBe('standing');
    expect(decideConsent(context({}, { allowEditSmFiles: true }), { always: true, confirm: true })).toBe(
      'standing',
    );
    expect(decideConsent(context(), { always: true, confirm: true })).toBe('always');
    expect(decideConsent(context(), { confirm: true })).toBe('confirm');
  });

  it('takes only a literal true: a truthy string or 1 is no consent', () => {
    const ctx = context({}, { allowEditSmFiles: 'yes' });
    const loose = { always: 1, confirm: 'true' } as unknown as { always: boolean; confirm: boolean };
    expect(refusalOf(() => decideConsent(ctx, loose)).code).toBe('consent-required');
  });

  it('refuses without consent, telling the user which setting grants it and that confirm/always would do', () => {
    const err = refusalOf(() => decideConsent(context(), { always: false, confirm: false }));
    expect(err.code).toBe('consent-required');
    expect(err.details).toEqual({ key: 'allowEditSmFiles' });
    expect(err.message).toMatch(/allowEditSmFiles/);
    expect(err.message).toMatch(/confirm/);
    expect(err.message).toMatch(/always/);
  });

  it('the team hard block names its setting and says confirm and always do not override it', () => {
    const ctx = context({ allowSidecarWriters: false }, { allowEditSmFiles: true });
    const err = refusalOf(() => decideConsent(ctx, { always: true, confirm: true }));
    expect(err.code).toBe('sidecar-writers-forbidden');
    expect(err.details).toEqual({ key: 'allowSidecarWriters' });
    expect(err.message).toMatch(/allowSidecarWriters: false/);
    expect(err.message).toMatch(/do not override/);
  });

  it('allowSidecarWriters: true (or unset) is no block: the usual order applies', () => {
    expect(decideConsent(context({ allowSidecarWriters: true }), { confirm: true })).toBe('confirm');
    expect(decideConsent(context({ allowSidecarWriters: 'no' }), { confirm: true })).toBe('confirm');
  });
});

describe('consentFromFlags', () => {
  it('reads a request body or tool arguments: only a literal true is consent, and absent stays absent', () => {
    expect(consentFromFlags({ confirm: true })).toEqual({ confirm: true });
    expect(consentFromFlags({ always: true, confirm: false })).toEqual({ always: true });
    expect(consentFromFlags({ confirm: 'true', always: 1 })).toEqual({});
    expect(consentFromFlags({})).toEqual({});
  });
});

describe('persistGrant', () => {
  it('writes allowEditSmFiles: true for always, and nothing for standing or confirm', () => {
    const grants: ConsentGrant[] = ['standing', 'confirm'];
    for (const grant of grants) {
      persistGrant(context(), grant);
      expect(localSettings()).toBeNull();
    }
    persistGrant(context(), 'always');
    expect(localSettings()).toEqual({ allowEditSmFiles: true });
  });
});
