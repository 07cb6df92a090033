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

  it('honours per-call root, name and a sanitised agent (an empty agent string means the default)', () => {
    const a = access('boss');
    expect(a.target({ root: '/q', name: 'x.json', agent: 'w/.././x' }).statePath).toBe(
      join(resolve('/q'), 'agents', 'w-x', 'x.json'),
    );
    expect(a.target({ agent: '' }).agent).toBe('boss');
    expect(a.target({ agent: 7, root: 3 }).statePath).toBe(
      resolve('/p/.skillstate/agents/boss/skillstate.json'),
    );
  });

  it('refuses ids that sanitise to nothing and names that escape the root', () => {
    expect(() => resolveAgentId('///')).toThrow('Invalid agent id: ///');
    expect(resolveAgentId('a'.repeat(80))).toHaveLength(64);
    expect(() => access().target({ name: '../../etc/passwd' })).toThrow(
      'Path traversal blocked: ../../etc/passwd',
    );
  });
});
