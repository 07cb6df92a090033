import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_SPEC } from '../test/support/fixtures.js';
import { resolveAgentId, StateAccess } from './state-access.js';

const access = (agent = '') =>
  new StateAccess({ root: '/p/.skillstate', name: 'skillstate.json', agent, schema: TEST_SPEC.schema });

describe('target resolution', () => {
  it('defaults to the launch root, name and agent', () => {
    expect(access().defaultTarget()).toEqual({
      root: '/p/.skillstate',
      name: 'skillstate.json',
      agent: '',
      statePath: resolve('/p/.skillstate/skillstate.json'),
      stateDir: resolve('/p/.skillstate'),
    });
    expect(access('boss').defaultTarget().statePath).toBe(
      resolve('/p/.skillstate/agents/boss/skillstate.json'),
    );
  });

  it('keeps the launch root and name, scoping only by a sanitised agent (an empty agent means the default)', () => {
    const a = access('boss');
    expect(a.target({ agent: 'w/.././x' }).statePath).toBe(
      join(resolve('/p/.skillstate'), 'agents', 'w-x', 'skillstate.json'),
    );
    expect(a.target({ agent: '' }).agent).toBe('boss');
  });

  it('refuses ids that sanitise to nothing', () => {
    expect(() => resolveAgentId('///')).toThrow('Invalid agent id: ///');
    expect(resolveAgentId('a'.repeat(80))).toHaveLength(64);
  });
});
