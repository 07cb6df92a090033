// Point 19 of the hardening issue: docs/skill-map/mcp.md omitted the headers a 2026-07-28 request needs. A raw
// request built from the header table the doc gives is served, and leaving out any one of those headers is the
// `-32020` the doc promises. Real socket, real project, real scan.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProjectServer } from '../testing/project-server.js';
import type { ProjectServer } from '../testing/project-server.js';

const DOC = fileURLToPath(new URL('../../../../../docs/skill-map/mcp.md', import.meta.url));

/** The header names of the doc's 2026-07-28 header table (rows like "| `Mcp-Method` | ... |"). */
function documentedHeaders(): string[] {
  const text = readFileSync(DOC, 'utf8');
  const start = text.indexOf('| Header ');
  if (start < 0) return [];
  const rows = text.slice(start).split('\n\n')[0]?.split('\n').slice(2) ?? [];
  return rows.map((row) => /^\|\s*`([^`]+)`/.exec(row)?.[1]).filter((h): h is string => h !== undefined);
}

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'raw-2026', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const CALL = {
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'get_node', arguments: { path: 'README.md' }, _meta: ENVELOPE },
};
/** What each documented header carries for the `tools/call` above. */
const VALUES: Record<string, string> = {
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/call',
  'mcp-name': 'get_node',
};

let s: ProjectServer;
beforeAll(async () => {
  s = await startProjectServer({ mcp: true });
});
afterAll(() => s.stop());

async function call(
  headers: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(`${s.running.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(CALL),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

describe('the 2026-07-28 request headers docs/skill-map/mcp.md lists', () => {
  const documented = documentedHeaders();

  it('the doc names MCP-Protocol-Version, Mcp-Method and Mcp-Name', () => {
    expect(documented).toEqual(['MCP-Protocol-Version', 'Mcp-Method', 'Mcp-Name']);
  });

  it('a tools/call with exactly those headers is served', async () => {
    const headers = Object.fromEntries(documented.map((h) => [h, VALUES[h.toLowerCase()] ?? '']));
    const r = await call(headers);
    expect(r.status).toBe(200);
    expect(JSON.stringify(r.body['result'])).toContain('README.md');
  });

  it('leaving out any one of them is HTTP 400 with -32020', async () => {
    expect(documented.length).toBeGreaterThan(0);
    for (const missing of documented) {
      const headers = Object.fromEntries(
        documented.filter((h) => h !== missing).map((h) => [h, VALUES[h.toLowerCase()] ?? '']),
      );
      const r = await call(headers);
      expect({ missing, status: r.status, code: (r.body['error'] as { code?: number })?.code }).toEqual({
        missing,
        status: 400,
        code: -32020,
      });
    }
  });
});
