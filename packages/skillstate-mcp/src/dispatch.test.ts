import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { harness } from '../test/support/fixtures.js';
import type { Harness } from '../test/support/fixtures.js';

let h: Harness;
afterEach(() => h.project.cleanup());

async function line(text: string): Promise<string | null> {
  return h.server.handleLine(text);
}

describe('JSON-RPC dispatch (spec table 4.3)', () => {
  it('answers invalid JSON with -32700 and id null', async () => {
    h = harness();
    expect(await line('{not json')).toBe(
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}',
    );
  });

  it('answers a batch, a scalar and null with -32600 and id null (batches are not supported)', async () => {
    h = harness();
    const invalid = '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request"}}';
    expect(await line('[{"jsonrpc":"2.0","id":1,"method":"ping"}]')).toBe(invalid);
    expect(await line('42')).toBe(invalid);
    expect(await line('null')).toBe(invalid);
  });

  it('echoes the id of a request whose method is missing, not a string, or empty', async () => {
    h = harness();
    expect(await line('{"jsonrpc":"2.0","id":9,"method":42}')).toBe(
      '{"jsonrpc":"2.0","id":9,"error":{"code":-32600,"message":"Invalid Request"}}',
    );
    expect(await line('{"jsonrpc":"2.0","id":"a","method":""}')).toContain('"id":"a","error":{"code":-32600');
    expect(await line('{"jsonrpc":"2.0"}')).toBe(
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request"}}',
    );
  });

  it('refuses an id that JSON-RPC does not allow, answering with id null', async () => {
    h = harness();
    expect(await line('{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}')).toBe(
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request"}}',
    );
  });

  it('refuses a boolean or array id with -32600 and id null, never running the method', async () => {
    h = harness();
    const before = readFileSync(h.project.statePath, 'utf8');
    const invalid = '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request"}}';
    for (const id of ['true', 'false', '[1]', '[]']) {
      expect(await line(`{"jsonrpc":"2.0","id":${id},"method":"ping"}`), id).toBe(invalid);
    }
    expect(
      await line(
        '{"jsonrpc":"2.0","id":true,"method":"tools/call","params":{"name":"state.patch","arguments":{"patch":{"goal":"x"}}}}',
      ),
    ).toBe(invalid);
    expect(readFileSync(h.project.statePath, 'utf8')).toBe(before);
    // The ids JSON-RPC allows are answered with themselves.
    expect(await line('{"jsonrpc":"2.0","id":0,"method":"ping"}')).toBe(
      '{"jsonrpc":"2.0","id":0,"result":{}}',
    );
    expect(await line('{"jsonrpc":"2.0","id":"","method":"ping"}')).toBe(
      '{"jsonrpc":"2.0","id":"","result":{}}',
    );
    expect(await line('{"jsonrpc":"2.0","id":null,"method":"ping"}')).toBe(
      '{"jsonrpc":"2.0","id":null,"result":{}}',
    );
  });

  it('never answers a notification, and refuses one that carries an id', async () => {
    h = harness();
    expect(await line('{"jsonrpc":"2.0","method":"notifications/initialized"}')).toBeNull();
    expect(await line('{"jsonrpc":"2.0","id":10,"method":"notifications/initialized"}')).toBe(
      '{"jsonrpc":"2.0","id":10,"error":{"code":-32600,"message":"Invalid Request: notifications must not include an id"}}',
    );
  });

  it('never answers (nor runs) a request without an id, even for an unknown method', async () => {
    h = harness();
    expect(await line('{"jsonrpc":"2.0","method":"foo/bar"}')).toBeNull();
    expect(
      await line(
        '{"jsonrpc":"2.0","method":"tools/call","params":{"name":"state.patch","arguments":{"patch":{"goal":"x"}}}}',
      ),
    ).toBeNull();
    expect((await h.tool('state.get')).json).toEqual({});
  });

  it('answers id null like any other id', async () => {
    h = harness();
    expect(await line('{"jsonrpc":"2.0","id":null,"method":"ping"}')).toBe(
      '{"jsonrpc":"2.0","id":null,"result":{}}',
    );
  });

  it('answers an unknown method with -32601 naming it', async () => {
    h = harness();
    expect(await line('{"jsonrpc":"2.0","id":3,"method":"foo/bar"}')).toBe(
      '{"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"Method not found: foo/bar"}}',
    );
    expect((await h.rpc({ id: 4, method: 'resources/templates/list' })).error.code).toBe(-32601);
    expect((await h.rpc({ id: 5, method: 'constructor' })).error.message).toBe(
      'Method not found: constructor',
    );
  });

  it('checks tools/call params: an object with a non-empty name', async () => {
    h = harness();
    expect(await line('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":"x"}')).toBe(
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params: expected an object"}}',
    );
    expect(await line('{"jsonrpc":"2.0","id":2,"method":"tools/call"}')).toContain(
      '"Invalid params: expected an object"',
    );
    expect(await line('{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"arguments":{}}}')).toBe(
      '{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"Invalid params: name required"}}',
    );
    expect(await line('{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":""}}')).toContain(
      'name required',
    );
  });

  it('treats tools/call arguments that are not an object as {}', async () => {
    h = harness();
    h.project.init({ goal: 'g' });
    const reply = await h.rpc({
      id: 1,
      method: 'tools/call',
      params: { name: 'state.get', arguments: [1, 2] },
    });
    expect(reply.result.content[0].text).toBe('{"goal":"g"}');
  });

  it('checks resources/read params', async () => {
    h = harness();
    expect((await h.rpc({ id: 1, method: 'resources/read', params: {} })).error).toEqual({
      code: -32602,
      message: 'Invalid params: uri required',
    });
    expect(
      (await h.rpc({ id: 2, method: 'resources/read', params: { uri: 'skillstate://nope' } })).error,
    ).toEqual({
      code: -32602,
      message: 'Unknown resource: skillstate://nope',
      data: { uri: 'skillstate://nope' },
    });
  });

  it('serves ping, prompts/list and logging/setLevel', async () => {
    h = harness();
    expect((await h.rpc({ id: 1, method: 'ping' })).result).toEqual({});
    expect((await h.rpc({ id: 2, method: 'prompts/list' })).result).toEqual({ prompts: [] });
    expect((await h.rpc({ id: 3, method: 'logging/setLevel', params: { level: 'debug' } })).result).toEqual(
      {},
    );
  });

  it('does not check the jsonrpc member', async () => {
    h = harness();
    expect(await line('{"id":7,"method":"ping"}')).toBe('{"jsonrpc":"2.0","id":7,"result":{}}');
  });

  it('skips blank lines and trims CR', async () => {
    h = harness();
    expect(await line('   ')).toBeNull();
    expect(await line('{"jsonrpc":"2.0","id":1,"method":"ping"}\r')).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{}}',
    );
  });
});

describe('framing through feed()', () => {
  it('buffers partial lines and answers in arrival order, CRLF included', async () => {
    h = harness();
    expect(
      await h.server.feed('{"jsonrpc":"2.0","id":1,"method":"ping"}\r\n{"jsonrpc":"2.0","id":2,'),
    ).toEqual(['{"jsonrpc":"2.0","id":1,"result":{}}\n']);
    expect(await h.server.feed('"method":"ping"}\n\n{"jsonrpc":"2.0","id":3,"method":"ping"}\n')).toEqual([
      '{"jsonrpc":"2.0","id":2,"result":{}}\n',
      '{"jsonrpc":"2.0","id":3,"result":{}}\n',
    ]);
  });

  it('answers each Content-Length header line with -32700 but still serves a body on its own line', async () => {
    h = harness();
    const out = await h.server.feed('Content-Length: 40\r\n\r\n{"jsonrpc":"2.0","id":77,"method":"ping"}\n');
    expect(out).toEqual([
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}\n',
      '{"jsonrpc":"2.0","id":77,"result":{}}\n',
    ]);
  });

  it('answers an oversized line once, drops it up to the newline, then serves the next line', async () => {
    h = harness({ maxLineBytes: 64 });
    const first = await h.server.feed(
      `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(100)}`,
    );
    expect(first).toEqual([
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: message exceeds 64 bytes without a newline; discarded up to the next newline"}}\n',
    ]);
    expect(await h.server.feed('x'.repeat(500))).toEqual([]);
    expect(await h.server.feed('"}}\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n')).toEqual([
      '{"jsonrpc":"2.0","id":2,"result":{}}\n',
    ]);
  });
});
