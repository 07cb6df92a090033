import { describe, expect, it } from 'vitest';
import { createInitialState, migrate } from './envelope.js';
import { INTERCODE_CTF_SPEC } from './schemas/index.js';

describe('migrate', () => {
  it('keeps version 1 and re-envelopes version 0 and bare states', () => {
    expect(migrate({ version: 1, state: { a: 1 } })).toEqual({ version: 1, state: { a: 1 } });
    expect(migrate({ version: 0, state: { a: 1 } })).toEqual({ version: 1, state: { a: 1 } });
    expect(migrate({ a: 1 })).toEqual({ version: 1, state: { a: 1 } });
    expect(migrate({ state: { a: 1 } })).toEqual({ version: 1, state: { state: { a: 1 } } });
  });

  it('returns a deep copy', () => {
    const raw = { version: 1, state: { nested: { a: 1 } } };
    const out = migrate(raw);
    out.state['nested'] = null;
    expect(raw.state.nested).toEqual({ a: 1 });
  });

  it('refuses every other shape', () => {
    for (const raw of [
      { version: 2, state: {} },
      { version: '1', state: {} },
      { version: 1, state: [] },
      [],
      'x',
      null,
      { version: 1 },
    ]) {
      expect(() => migrate(raw)).toThrow('Unrecognized state format: cannot migrate to version 1');
    }
  });
});

describe('createInitialState', () => {
  it('fills every schema default, then applies overrides', () => {
    expect(createInitialState(INTERCODE_CTF_SPEC.schema, { working_dir: '/tmp' })).toEqual({
      discovered_flags: [],
      tested_hypotheses: [],
      active_files: [],
      working_dir: '/tmp',
      cmd_summary: '',
    });
  });
});
