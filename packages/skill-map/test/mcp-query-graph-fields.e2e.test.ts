// MCP `query_graph` through the BUILT `sm mcp` bin and the official SDK client: structured fields are values, never
// query text pasted into the grammar.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { BIN, isBuilt, runSm } from './support/sm-bin.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- responses are read loosely; shapes are asserted
type Json = Record<string, any>;
let tree: TempTree;
let client: Client;

beforeAll(async () => {
  if (!isBuilt()) return;
  tree = createTempTree('sm-e2e-qg-');
  tree.write({
    '.claude/skills/ok/SKILL.md': '---\nname: ok\ndescription: fine\n---\n# OK\n',
    '.claude/skills/bad/SKILL.md': '---\nname: bad\ndescription: broken\n---\nSee [gone](gone.md).\n',
    'my notes/a.md': '# A note in a folder with a space\n',
    // `sm mcp` serves only with the opt-in (project-local).
    '.skill-map/settings.local.json': JSON.stringify({ mcp: { server: { enabled: true } } }),
  });
  expect(runSm(['scan', '-q'], { cwd: tree.root }).code).toBe(1);
  client = new Client({ name: 'qg-fields', version: '1' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', '--no-watch'],
      cwd: tree.root,
      env: { ...(process.env as Record<string, string>), NO_COLOR: '1' },
      stderr: 'pipe',
    }),
  );
});
afterAll(async () => {
  await client?.close();
  tree?.remove();
});

async function rejection(args: Record<string, unknown>): Promise<McpError> {
  const err = await client.callTool({ name: 'query_graph', arguments: args }).then(
    (r) => r,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(McpError);
  return err as McpError;
}

describe.skipIf(!isBuilt())('query_graph builds its query from the fields (sm mcp, SDK client)', () => {
  it('a kind value holding " has=issues" is one unknown kind, not a kind plus a filter', async () => {
    const err = await rejection({ kind: 'skill has=issues' });
    expect(err.code).toBe(-32602);
    expect(err.message).toContain("kind: 'skill has=issues' is not a known kind");
  });

  it('a kind value with a space is quoted as sent, with the nearest known kind', async () => {
    const err = await rejection({ kind: 'skil l' });
    expect(err.code).toBe(-32602);
    expect(err.message).toContain("kind: 'skil l' is not a known kind; did you mean 'skill'?");
    expect(err.message).not.toMatch(/'l'|kind=/);
  });

  it('a typo in kind is named, not an empty result', async () => {
    const err = await rejection({ kind: 'skill,agnet' });
    expect(err.message).toContain("kind: 'agnet' is not a known kind; did you mean 'agent'?");
  });

  it('a path glob may hold spaces; the fields still AND together', async () => {
    const spaced = (await client.callTool({ name: 'query_graph', arguments: { path: 'my notes/**' } }))
      .structuredContent as Json;
    expect(spaced['nodes'].map((n: Json) => n['path'])).toEqual(['my notes/a.md']);
    const flagged = (
      await client.callTool({ name: 'query_graph', arguments: { kind: 'skill', has: 'issues' } })
    ).structuredContent as Json;
    expect(flagged['nodes'].map((n: Json) => n['path'])).toEqual(['.claude/skills/bad/SKILL.md']);
    const err = await rejection({ has: 'issues path=**' });
    expect(err.message).toContain(`has: 'issues path=**' is not supported`);
  });
});
