import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createSpecValidator } from '@skill-map/spec/testing';
import { BUILTIN_EXTENSIONS } from '../../../../engines/extensions/catalog.js';
import { startProjectServer } from '../../../testing/project-server.js';
import type { ProjectServer } from '../../../testing/project-server.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- responses are read loosely; shapes are asserted
type Json = Record<string, any>;
const spec = createSpecValidator();
let ps: ProjectServer;
let client: Client;

const settings = (value: unknown): void =>
  writeFileSync(ps.tree.abs('.skill-map/settings.json'), JSON.stringify(value));
const listed = async (): Promise<Json[]> => {
  const r = await client.callTool({ name: 'list_extensions', arguments: {} });
  expect(JSON.parse((r.content as Array<{ text: string }>)[0]?.text ?? '')).toEqual(r.structuredContent);
  return (r.structuredContent as Json)['extensions'] as Json[];
};

beforeAll(async () => {
  ps = await startProjectServer();
  client = new Client({ name: 'ext-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(ps.running.mcpUrl ?? '')));
});
afterAll(async () => {
  await client?.close();
  await ps?.stop();
});

describe('list_extensions (MCP, v1 SDK client) and GET /api/extensions', () => {
  it('is advertised as a read-only tool taking no arguments', async () => {
    const tool = (await client.listTools()).tools.find((t) => t.name === 'list_extensions');
    expect(tool?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(tool?.inputSchema).toMatchObject({ type: 'object' });
    expect(tool?.inputSchema.required ?? []).toEqual([]);
  });

  it('lists every enabled extension sorted by id in the contract shape', async () => {
    const items = await listed();
    expect(items.map((e) => e['id'])).toEqual(BUILTIN_EXTENSIONS.map((d) => d.id).sort());
    for (const e of items) {
      const keys = Object.keys(e).sort();
      expect(keys).toEqual(
        e['role'] === 'fixer'
          ? ['analyzerIds', 'description', 'id', 'kind', 'role']
          : ['description', 'id', 'kind', 'role'],
      );
      expect(['analyzer', 'action']).toContain(e['kind']);
      expect(['finder', 'fixer', 'standalone']).toContain(e['role']);
    }
    expect(items.find((e) => e['id'] === 'core/ai-reference-action')).toMatchObject({
      kind: 'action',
      role: 'fixer',
      analyzerIds: ['core/reference-broken'],
    });
  });

  it('honours an enable toggle made mid-session, on the next call', async () => {
    settings({ plugins: { core: { extensions: { 'ai-security-analyzer': { enabled: false } } } } });
    const ids = (await listed()).map((e) => e['id']);
    expect(ids).not.toContain('core/ai-security-analyzer');
    expect(ids).toContain('core/ai-security-action');
    const rest = (await (await fetch(`${ps.running.url}/api/extensions`)).json()) as Json;
    expect(rest['items'].map((e: Json) => e['id'])).toEqual(ids);
    settings({});
    expect((await listed()).map((e) => e['id'])).toContain('core/ai-security-analyzer');
  });

  it('serves the same list as a REST list envelope', async () => {
    const res = await fetch(`${ps.running.url}/api/extensions`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(spec.validate('restEnvelope', body)).toEqual({ ok: true });
    expect(body).toMatchObject({ kind: 'extensions', counts: { total: 16, returned: 16 } });
    expect(body['items']).toEqual(await listed());
  });
});
