import { PassThrough } from 'node:stream';
import { GENERIC_PROCEDURE_SPEC } from '@skillstate/core';
import { afterEach, describe, expect, it } from 'vitest';
import { harness } from '../test/support/fixtures.js';
import type { Harness } from '../test/support/fixtures.js';
import { McpServer } from './server.js';

let h: Harness;
afterEach(() => h?.project.cleanup());

function collect(stream: PassThrough): () => string[] {
  const lines: string[] = [];
  let rest = '';
  stream.on('data', (chunk) => {
    const parts = (rest + String(chunk)).split('\n');
    rest = parts.pop() ?? '';
    lines.push(...parts);
  });
  return () => lines;
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
};

describe('McpServer', () => {
  it('refuses an agent id that sanitises to nothing', () => {
    expect(() => new McpServer({ spec: GENERIC_PROCEDURE_SPEC, root: '.', name: 'x', agent: '///' })).toThrow(
      'Invalid agent id: ///',
    );
  });

  it('reports the newest revision as protocolVersion', () => {
    h = harness();
    expect(h.server.protocolVersion).toBe('2026-07-28');
  });

  it('serves streams: chunks split anywhere, responses in arrival order, writes before reads', async () => {
    h = harness();
    const input = new PassThrough();
    const output = new PassThrough();
    const lines = collect(output);
    expect(h.server.isRunning).toBe(false);
    expect(await h.server.start(input, output)).toBe(h.server);
    expect(h.server.isRunning).toBe(true);
    const messages = [
      { id: 1, method: 'tools/call', params: { name: 'state.patch', arguments: { patch: { goal: 'a' } } } },
      { id: 2, method: 'tools/call', params: { name: 'state.get', arguments: {} } },
      { id: 3, method: 'ping' },
    ];
    const text = messages.map((m) => JSON.stringify({ jsonrpc: '2.0', ...m })).join('\n') + '\n';
    for (let i = 0; i < text.length; i += 7) input.write(text.slice(i, i + 7));
    await until(() => lines().length === 3);
    const replies = lines().map((l) => JSON.parse(l));
    expect(replies.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(replies[1].result.content[0].text).toBe('{"goal":"a"}');
    h.server.stop();
    expect(h.server.isRunning).toBe(false);
    input.write('{"jsonrpc":"2.0","id":4,"method":"ping"}\n');
    await new Promise((r) => setTimeout(r, 20));
    expect(lines()).toHaveLength(3);
  });

  it('starts once; a second start is a no-op', async () => {
    h = harness();
    const input = new PassThrough();
    const output = new PassThrough();
    const lines = collect(output);
    await h.server.start(input, output);
    await h.server.start(input, new PassThrough());
    input.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    await until(() => lines().length === 1);
    expect(lines()).toEqual(['{"jsonrpc":"2.0","id":1,"result":{}}']);
    h.server.stop();
  });

  it('stops reading when the output fails (the peer went away)', async () => {
    h = harness();
    const output = new PassThrough();
    await h.server.start(new PassThrough(), output);
    output.emit('error', new Error('EPIPE'));
    expect(h.server.isRunning).toBe(false);
  });
});
