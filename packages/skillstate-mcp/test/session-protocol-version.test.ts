// The session sidecar and state.summary report the revision the client negotiated (issue 23, point 15c: state.summary
// reported the newest one whatever was negotiated), for clients of both SDK eras and raw stdio. Real SDK clients
// against the built bin over stdio (`npx tsc -b` first).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LATEST_PROTOCOL_VERSION as V1_LATEST } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { tempProject, TEST_SPEC } from './support/fixtures.js';
import type { TempProject } from './support/fixtures.js';
import { BIN, childEnv, killAll, spawnServer } from './support/child.js';

let project: TempProject;
afterEach(async () => {
  await killAll();
  project.cleanup();
});

function initialised(): TempProject {
  const p = tempProject();
  p.init();
  writeFileSync(join(p.dir, 'skill-spec.json'), JSON.stringify(TEST_SPEC));
  return p;
}

const sidecar = () =>
  JSON.parse(readFileSync(join(project.root, '.session-meta.json'), 'utf8')) as Record<string, unknown>;
const transportOptions = () => ({
  command: process.execPath,
  args: [BIN],
  cwd: project.dir,
  env: childEnv() as Record<string, string>,
  stderr: 'pipe' as const,
});
const initialize = (version: string) =>
  `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 't', version: '0' } } })}\n`;
const GET = '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"state.get","arguments":{}}}\n';

describe('.session-meta.json protocolVersion is the negotiated revision', () => {
  it('v1 SDK (initialize): the revision it asked for', async () => {
    project = initialised();
    const client = new ClientV1({ name: 'v1', version: '1.0.0' });
    await client.connect(new StdioV1(transportOptions()));
    try {
      await client.callTool({ name: 'state.get', arguments: {} });
      expect(V1_LATEST).not.toBe('2026-07-28');
      expect(sidecar()).toMatchObject({ status: 'running', protocolVersion: V1_LATEST });
    } finally {
      await client.close();
    }
  });

  it('v2 SDK, legacy mode (initialize) and auto mode (2026-07-28 envelope): what each negotiated', async () => {
    project = initialised();
    for (const mode of ['legacy', 'auto'] as const) {
      const client = new ClientV2({ name: 'v2', version: '2.0.0' }, { versionNegotiation: { mode } });
      await client.connect(new StdioV2(transportOptions()));
      try {
        await client.callTool({ name: 'state.get', arguments: {} });
        expect(sidecar()).toMatchObject({
          status: 'running',
          protocolVersion: client.getNegotiatedProtocolVersion(),
        });
      } finally {
        await client.close();
      }
    }
  });

  it('raw stdio: an old revision answered by the early gate, and one the server answers itself', async () => {
    project = initialised();
    const early = spawnServer(project.dir);
    early.send(initialize('2024-11-05') + GET);
    await early.waitForLines(2);
    expect(sidecar().protocolVersion).toBe('2024-11-05');
    early.child.stdin.end();
    await early.exited;

    const late = spawnServer(project.dir);
    late.send(`{"jsonrpc":"2.0","id":0,"method":"ping"}\n${initialize('2025-03-26')}${GET}`);
    await late.waitForLines(3);
    late.child.stdin.end();
    await late.exited;
    expect(sidecar().protocolVersion).toBe('2025-03-26');
  });
});

/** The `session.protocolVersion` a state.summary answer carries. */
function reported(result: Record<string, unknown>): unknown {
  const text = (result['content'] as Array<{ text: string }>)[0]?.text ?? '{}';
  return JSON.parse(text).session.protocolVersion;
}

describe('state.summary reports the negotiated protocol version, not the newest', () => {
  it('v1 SDK (2025 era, initialize): the revision it negotiated', async () => {
    project = initialised();
    const client = new ClientV1({ name: 'v1', version: '1.0.0' });
    await client.connect(new StdioV1(transportOptions()));
    try {
      expect(V1_LATEST).not.toBe('2026-07-28');
      expect(reported(await client.callTool({ name: 'state.summary', arguments: {} }))).toBe(V1_LATEST);
    } finally {
      await client.close();
    }
  });

  it('v2 SDK: the older era in legacy mode, 2026-07-28 in auto mode', async () => {
    project = initialised();
    for (const mode of ['legacy', 'auto'] as const) {
      const client = new ClientV2({ name: 'v2', version: '2.0.0' }, { versionNegotiation: { mode } });
      await client.connect(new StdioV2(transportOptions()));
      try {
        const negotiated = client.getNegotiatedProtocolVersion();
        expect(negotiated).toEqual(mode === 'legacy' ? expect.not.stringMatching(/^2026-/) : '2026-07-28');
        expect(reported(await client.callTool({ name: 'state.summary', arguments: {} }))).toBe(negotiated);
      } finally {
        await client.close();
      }
    }
  });

  it('raw stdio: an old revision answered by the early gate, and one the server answered itself', async () => {
    project = initialised();
    const summary = '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"state.summary"}}\n';
    const early = spawnServer(project.dir);
    early.send(initialize('2024-11-05') + summary);
    const gate = JSON.parse((await early.waitForLines(2))[1] ?? '{}');
    expect(reported(gate.result)).toBe('2024-11-05');

    const late = spawnServer(project.dir);
    late.send(`{"jsonrpc":"2.0","id":0,"method":"ping"}\n${initialize('2025-03-26')}${summary}`);
    const served = JSON.parse((await late.waitForLines(3))[2] ?? '{}');
    expect(reported(served.result)).toBe('2025-03-26');
  });
});
