import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { openHandshakeGate } from './early-handshake.js';

function gate() {
  const input = new PassThrough();
  const output = new PassThrough();
  const relay = openHandshakeGate(input, output);
  const relayed: string[] = [];
  relay.on('data', (chunk: Buffer) => relayed.push(String(chunk)));
  const answered = () => String(output.read() ?? '');
  const tick = () => new Promise((r) => setImmediate(r));
  return { input, answered, relayed: () => relayed.join(''), tick, relay };
}

describe('openHandshakeGate', () => {
  it('answers leading initialize lines itself and relays everything from the first other line', async () => {
    const g = gate();
    g.input.write('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}\n{"jsonrpc":"2.0","id":2,"me');
    g.input.write('thod":"ping"}\n{"jsonrpc":"2.0","id":3,"method":"initialize"}\n');
    await g.tick();
    expect(g.answered()).toMatch(
      /^\{"jsonrpc":"2.0","id":1,"result":\{"protocolVersion":"2026-07-28",.*\}\n$/,
    );
    expect(g.relayed()).toBe(
      '{"jsonrpc":"2.0","id":2,"method":"ping"}\n{"jsonrpc":"2.0","id":3,"method":"initialize"}\n',
    );
  });

  it('relays a partial line at end of input and ends the relay', async () => {
    const g = gate();
    let ended = false;
    g.relay.on('end', () => (ended = true));
    g.input.end('{"jsonrpc":"2.0","id":1');
    await g.tick();
    await g.tick();
    expect(g.relayed()).toBe('{"jsonrpc":"2.0","id":1');
    expect(ended).toBe(true);
  });

  it('holds bytes until the server listens, then forwards them in order, and the end after them', async () => {
    const input = new PassThrough();
    const relay = openHandshakeGate(input, new PassThrough());
    input.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    input.end('tail');
    await new Promise((r) => setImmediate(r));
    const seen: string[] = [];
    relay.on('data', (chunk: Buffer) => seen.push(String(chunk)));
    relay.on('end', () => seen.push('<end>'));
    expect(seen).toEqual([]);
    await new Promise((r) => process.nextTick(r));
    expect(seen).toEqual(['{"jsonrpc":"2.0","id":1,"method":"ping"}\n', 'tail', '<end>']);
  });

  it('hands an overlong first line to the server instead of holding it', async () => {
    const g = gate();
    g.input.write('x'.repeat(70 * 1024));
    await g.tick();
    expect(g.relayed()).toHaveLength(70 * 1024);
    expect(g.answered()).toBe('');
  });
});

describe('openHandshakeGate with the tool catalog', () => {
  const tools = [{ name: 'a.tool', description: 'A', inputSchema: { type: 'object', properties: {} } }];
  const INIT = '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}\n';

  it('answers a leading tools/list, passing notifications/initialized on to the server', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const relay = openHandshakeGate(input, output, { tools });
    const relayed: string[] = [];
    relay.on('data', (chunk: Buffer) => relayed.push(String(chunk)));
    input.write(`${INIT}{"jsonrpc":"2.0","method":"notifications/initialized"}\n`);
    input.write('{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}\n');
    await new Promise((r) => setImmediate(r));
    const lines = String(output.read()).trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[1] ?? '')).toEqual({ jsonrpc: '2.0', id: 2, result: { tools } });
    expect(relayed.join('')).toBe('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    expect(relay.protocolVersion).toBe('2025-06-18');
  });

  it('leaves a modern-era tools/list, and any tools/list without a catalog, to the server', async () => {
    const modern =
      '{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}\n';
    for (const [options, line] of [
      [{ tools }, modern],
      [{}, '{"jsonrpc":"2.0","id":2,"method":"tools/list"}\n'],
    ] as const) {
      const input = new PassThrough();
      const output = new PassThrough();
      const relay = openHandshakeGate(input, output, options);
      const relayed: string[] = [];
      relay.on('data', (chunk: Buffer) => relayed.push(String(chunk)));
      input.write(line);
      await new Promise((r) => setImmediate(r));
      expect(output.read()).toBeNull();
      expect(relayed.join('')).toBe(line);
    }
  });
});
