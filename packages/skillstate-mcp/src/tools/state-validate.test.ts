import { afterEach, describe, expect, it } from 'vitest';
import { harness } from '../../test/support/fixtures.js';
import type { Harness } from '../../test/support/fixtures.js';

let h: Harness;
afterEach(() => h.project.cleanup());

describe('state.validate', () => {
  it('returns the verdict as a normal result, valid or not', async () => {
    h = harness();
    expect(await h.tool('state.validate', { patch: { goal: 'x' } })).toEqual({
      text: '{"valid":true}',
      isError: false,
      json: { valid: true },
    });
    expect(await h.tool('state.validate', { patch: { nope: null } })).toEqual({
      text: '{"valid":false,"error":"Unknown key: nope","field":"nope"}',
      isError: false,
      json: { valid: false, error: 'Unknown key: nope', field: 'nope' },
    });
  });

  it('rejects inherited names as unknown schema types, and non-finite numbers', async () => {
    h = harness();
    expect((await h.tool('state.validate', { patch: JSON.parse('{"constructor":1}') })).json.error).toBe(
      "Unknown schema type for field 'constructor'",
    );
    const raw = await h.server.handleLine(
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"state.validate","arguments":{"patch":{"meta":{"n":1e999}}}}}',
    );
    expect(JSON.parse(JSON.parse(raw!).result.content[0].text).error).toBe(
      "Invalid number at 'meta.n': NaN or Infinity rejected",
    );
  });

  it('refuses a patch that is not an object, and writes nothing in any case', async () => {
    h = harness();
    const before = h.project.files();
    expect(await h.tool('state.validate', { patch: [1] })).toMatchObject({
      text: 'Error: patch must be an object',
      isError: true,
    });
    await h.tool('state.validate', { patch: { goal: 'x' } });
    expect(h.project.files()).toEqual(before);
  });
});
