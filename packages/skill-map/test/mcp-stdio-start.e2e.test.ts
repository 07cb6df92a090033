// Issue 28 points 8 and 12, on the BUILT `sm mcp` spawned by the official SDK's stdio clients: it honours the same
// opt-in as `/mcp` (`mcp.server.enabled`, project-local), refusing before it opens or writes anything when the
// setting is off; and on a project that was never scanned it maps the project at start, so the first request sees
// the map instead of an empty one.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioClientTransportV2 } from '@modelcontextprotocol/client/stdio';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { BIN, isBuilt, listing, runSm } from './support/sm-bin.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- responses are read loosely; shapes are asserted
type Json = Record<string, any>;

const FILES: Record<string, string> = {
  'AGENTS.md': '# Agents\nUse the lint skill. Ask @reviewer.\n',
  '.claude/skills/lint/SKILL.md': '---\nname: lint\ndescription: Lints the code.\n---\nRun the linter.\n',
  '.claude/skills/notes/SKILL.md': '---\nname: notes\ndescription: Writes notes.\n---\nWrite them.\n',
  '.claude/agents/reviewer.md': '---\nname: reviewer\ndescription: Reviews.\n---\nUse the lint skill.\n',
};
const ENABLED = JSON.stringify({ mcp: { server: { enabled: true } } });

let tree: TempTree | null = null;
afterEach(() => {
  tree?.remove();
  tree = null;
});

function project(settings: Record<string, string> = {}): string {
  tree = createTempTree('sm-mcp-start-');
  tree.write({ ...FILES, ...settings });
  return tree.root;
}

function stdioParams(root: string): {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
} {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      (e): e is [string, string] => e[1] !== undefined && !e[0].startsWith('SKILL_MAP_'),
    ),
  );
  return {
    command: process.execPath,
    args: [BIN, 'mcp', '--no-watch'],
    cwd: root,
    env: { ...env, NO_COLOR: '1' },
  };
}

describe.skipIf(!isBuilt())('sm mcp honours mcp.server.enabled (point 12)', () => {
  it('off by default: exit 2, the setting named on stderr, nothing on stdout, nothing written', () => {
    const root = project();
    const before = listing(root);
    const r = runSm(['mcp', '--no-watch'], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('mcp.server.enabled');
    expect(r.stderr).toContain('sm config set mcp.server.enabled true');
    expect(listing(root)).toEqual(before);
  });

  it('a committed settings.json cannot switch it on (project-local only, as for /mcp)', () => {
    const root = project({ '.skill-map/settings.json': ENABLED });
    const r = runSm(['mcp', '--no-watch'], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('mcp.server.enabled');
    expect(existsSync(join(root, '.skill-map', 'skill-map.db'))).toBe(false);
  });

  it('switched on with sm config set, the SDK client is served every tool', async () => {
    const root = project();
    expect(runSm(['config', 'set', 'mcp.server.enabled', 'true'], { cwd: root }).code).toBe(0);
    const client = new Client({ name: 'stdio-enabled', version: '1' });
    await client.connect(new StdioClientTransport({ ...stdioParams(root), stderr: 'pipe' }));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(
        expect.arrayContaining(['query_graph', 'claim_job', 'dismiss_issue']),
      );
    } finally {
      await client.close();
    }
  });
});

describe.skipIf(!isBuilt())('sm mcp maps a never-scanned project at start (point 8)', () => {
  it('the first query of a 2025-era client sees every node, with no file edited', async () => {
    const root = project();
    mkdirSync(join(root, '.skill-map'), { recursive: true });
    writeFileSync(join(root, '.skill-map', 'settings.local.json'), ENABLED);
    expect(existsSync(join(root, '.skill-map', 'skill-map.db'))).toBe(false);
    const client = new Client({ name: 'stdio-fresh', version: '1' });
    await client.connect(new StdioClientTransport({ ...stdioParams(root), stderr: 'pipe' }));
    try {
      const q = (await client.callTool({ name: 'query_graph', arguments: { kind: 'skill,agent' } }))
        .structuredContent as Json;
      expect(q['nodes'].map((n: Json) => n['path']).sort()).toEqual([
        '.claude/agents/reviewer.md',
        '.claude/skills/lint/SKILL.md',
        '.claude/skills/notes/SKILL.md',
      ]);
    } finally {
      await client.close();
    }
  });

  it('the same for a 2026-07-28 client: get_node answers for a file never scanned', async () => {
    const root = project({ '.skill-map/settings.local.json': ENABLED });
    const client = new ClientV2(
      { name: 'stdio-fresh-v2', version: '1' },
      { versionNegotiation: { mode: 'auto' } },
    );
    await client.connect(new StdioClientTransportV2({ ...stdioParams(root), stderr: 'pipe' }));
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const node = (await client.callTool({ name: 'get_node', arguments: { path: 'AGENTS.md' } }))
        .structuredContent as Json;
      expect(node['item'].path).toBe('AGENTS.md');
    } finally {
      await client.close();
    }
  });
});
