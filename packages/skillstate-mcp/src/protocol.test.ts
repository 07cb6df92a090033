import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { earlyInitializeResponse } from './early-handshake.js';
import { initializeResult } from './handshake.js';
import { negotiateProtocolVersion, PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from './protocol.js';
import { VERSION } from './version.js';
import { SERVER_ICONS } from './icons.js';

describe('protocol revisions', () => {
  it('supports five revisions, oldest first, newest 2026-07-28', () => {
    expect(SUPPORTED_PROTOCOL_VERSIONS).toEqual([
      '2024-11-05',
      '2025-03-26',
      '2025-06-18',
      '2025-11-25',
      '2026-07-28',
    ]);
    expect(PROTOCOL_VERSION).toBe('2026-07-28');
  });

  it('echoes a supported revision and answers the newest otherwise', () => {
    for (const v of SUPPORTED_PROTOCOL_VERSIONS) expect(negotiateProtocolVersion(v)).toBe(v);
    for (const v of ['2030-01-01', '2024-10-07', '', 20250618, undefined, null])
      expect(negotiateProtocolVersion(v)).toBe('2026-07-28');
  });

  it('reports the package version as serverInfo.version', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(VERSION).toBe(pkg.version);
    expect(initializeResult({})).toEqual({
      protocolVersion: '2026-07-28',
      capabilities: { tools: {}, resources: { subscribe: true }, prompts: {}, logging: {} },
      serverInfo: { name: 'skillstate', version: pkg.version, title: 'skillstate', icons: SERVER_ICONS },
    });
    expect(initializeResult('x')).toMatchObject({ protocolVersion: '2026-07-28' });
  });
});

describe('earlyInitializeResponse (the bin answers a leading initialize while loading)', () => {
  it('answers exactly what the full server answers', () => {
    expect(
      earlyInitializeResponse(
        '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}\r',
      ),
    ).toBe(
      JSON.stringify({ jsonrpc: '2.0', id: 1, result: initializeResult({ protocolVersion: '2025-06-18' }) }),
    );
    expect(earlyInitializeResponse('{"id":null,"method":"initialize"}')).toContain('"id":null,"result"');
  });

  it('leaves everything else to the server', () => {
    for (const line of [
      '',
      '{"jsonrpc":"2.0","id":1,"method":"ping"}',
      '{"jsonrpc":"2.0","method":"initialize"}',
      '{"jsonrpc":"2.0","id":{},"method":"initialize"}',
      '{"jsonrpc":"2.0","id":1,"method":"initialize" junk',
      '["initialize"]',
      '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}',
    ]) {
      expect(earlyInitializeResponse(line)).toBeNull();
    }
  });
});
