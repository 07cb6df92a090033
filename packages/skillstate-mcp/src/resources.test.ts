import { afterEach, describe, expect, it } from 'vitest';
import { harness, TEST_SPEC, writeRaw } from '../test/support/fixtures.js';
import type { Harness } from '../test/support/fixtures.js';
import { SPEC_ICONS, STATE_ICONS } from './icons.js';

let h: Harness;
afterEach(() => h.project.cleanup());
const read = async (uri: string) => h.rpc({ id: 1, method: 'resources/read', params: { uri } });

describe('resources', () => {
  it('lists the three resources', async () => {
    h = harness();
    expect((await h.rpc({ id: 1, method: 'resources/list' })).result.resources).toEqual([
      {
        uri: 'skillstate://state',
        name: 'Skill State',
        title: 'Skill State',
        description: 'The full versioned state envelope ({ version, state }).',
        mimeType: 'application/json',
        icons: STATE_ICONS,
      },
      {
        uri: 'skillstate://spec',
        name: 'Procedural Spec',
        title: 'Procedural Spec',
        description: 'The procedural spec: id, name, version, instructions, schema.',
        mimeType: 'application/json',
        icons: SPEC_ICONS,
      },
      {
        uri: 'skillstate://summary',
        name: 'State Summary',
        title: 'State Summary',
        description: 'Compact summary projection of the current state.',
        mimeType: 'application/json',
        icons: STATE_ICONS,
      },
    ]);
  });

  it('reads the envelope of the default scope, redacted', async () => {
    h = harness();
    h.project.init({ goal: 'token ghp_abcdef', notes: 'n' });
    expect((await read('skillstate://state')).result).toEqual({
      contents: [
        {
          uri: 'skillstate://state',
          mimeType: 'application/json',
          text: '{"version":1,"state":{"goal":"token [REDACTED]","notes":"n"}}',
        },
      ],
    });
  });

  it('reads the spec without the example patch, and the summary without the session', async () => {
    h = harness();
    const spec = JSON.parse((await read('skillstate://spec')).result.contents[0].text);
    expect(spec).toEqual({
      id: TEST_SPEC.id,
      name: TEST_SPEC.name,
      version: TEST_SPEC.version,
      instructions: TEST_SPEC.instructions,
      schema: TEST_SPEC.schema,
    });
    h.project.init({ goal: 'g' });
    expect(JSON.parse((await read('skillstate://summary')).result.contents[0].text)).toEqual({
      goal: 'g',
      size_bytes: 12,
    });
  });

  it('answers an unusable state with a -32000 error naming the file, never with defaults', async () => {
    h = harness();
    writeRaw(h.project.statePath, '{"version":"1"}');
    for (const uri of ['skillstate://state', 'skillstate://summary']) {
      const { error } = await read(uri);
      expect(error.code).toBe(-32000);
      expect(error.message).toMatch(new RegExp(`^state file ${h.project.statePath} cannot be used`));
    }
  });
});
