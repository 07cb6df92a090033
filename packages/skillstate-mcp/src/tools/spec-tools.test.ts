import { INTERCODE_CTF_SPEC, validatePatchDeep } from '@skillstate/core';
import { afterEach, describe, expect, it } from 'vitest';
import { harness, TEST_SPEC } from '../../test/support/fixtures.js';
import type { Harness } from '../../test/support/fixtures.js';

let h: Harness;
afterEach(() => h.project.cleanup());

describe('spec.get', () => {
  it('returns the spec with a ready-made valid example patch', async () => {
    h = harness();
    const { json } = await h.tool('spec.get');
    expect(json).toEqual({
      id: TEST_SPEC.id,
      name: TEST_SPEC.name,
      version: TEST_SPEC.version,
      instructions: TEST_SPEC.instructions,
      schema: TEST_SPEC.schema,
      example_state_patch: {
        goal: 'Describe what the procedure is trying to achieve',
        progress: ['Completed milestone'],
        next_steps: ['Next action to take'],
        artifacts: ['path/to/artifact'],
        blockers: [],
        notes: 'Working notes persisted between steps',
        meta: {},
      },
    });
    expect(validatePatchDeep(TEST_SPEC.schema, json.example_state_patch)).toEqual({ valid: true });
  });

  it('uses type defaults, not schema defaults, for other specs', async () => {
    h = harness({ spec: INTERCODE_CTF_SPEC });
    expect((await h.tool('spec.get')).json.example_state_patch).toEqual({
      discovered_flags: [],
      tested_hypotheses: [],
      active_files: [],
      working_dir: '',
      cmd_summary: '',
    });
  });
});

describe('spec.next', () => {
  it('suggests setting next_steps on an empty state', async () => {
    h = harness();
    expect((await h.tool('spec.next')).json).toEqual({
      goal: null,
      completed: 0,
      next: [],
      blockers: [],
      suggestion: 'set next_steps via state.patch',
    });
  });

  it('derives the guidance from the state', async () => {
    h = harness();
    await h.tool('state.patch', {
      patch: { goal: 'g', progress: ['p'], next_steps: ['a', 'b', 'c', 'd'], blockers: ['x'] },
    });
    expect((await h.tool('spec.next')).json).toEqual({
      goal: 'g',
      completed: 1,
      next: ['a', 'b', 'c'],
      blockers: ['x'],
      suggestion: 'a',
    });
  });
});
