import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { tempProject } from '../test/support/fixtures.js';
import type { TempProject } from '../test/support/fixtures.js';
import { McpAdapter } from './adapter.js';

let project: TempProject;
afterEach(() => project.cleanup());
const adapter = new McpAdapter();

describe('McpAdapter', () => {
  it('is named mcp and generates a deterministic mcpServers.skillstate entry without a state path', () => {
    project = tempProject();
    expect(adapter.name).toBe('mcp');
    const text = adapter.generateMcpConfig(join(project.dir, '.mcp.json'));
    expect(text.endsWith('}\n')).toBe(true);
    expect(JSON.parse(text)).toEqual({
      mcpServers: {
        skillstate: {
          command: 'node',
          args: [fileURLToPath(new URL('../bin/skillstate-mcp.js', import.meta.url))],
          env: { SKILLSTATE_SPEC_PATH: './skill-spec.json' },
        },
      },
    });
    const options = { specPath: 's.json', command: 'nodejs', launcherPath: '/x.js', env: { Z: '1', A: '2' } };
    const again = adapter.generateMcpConfig({ root: project.dir, name: '.mcp.json' }, options);
    expect(again).toBe(adapter.generateMcpConfig(join(project.dir, '.mcp.json'), options));
    expect(Object.keys(JSON.parse(again).mcpServers.skillstate.env)).toEqual([
      'SKILLSTATE_SPEC_PATH',
      'A',
      'Z',
    ]);
    expect(again).not.toContain('skillstate.json');
  });

  it('refuses credential-shaped env values and targets that escape their root', () => {
    project = tempProject();
    expect(() => adapter.generateMcpConfig('.mcp.json', { env: { KEY: 'sk-abcdef123' } })).toThrow(
      /env.KEY looks like a secret/,
    );
    expect(() => adapter.generateMcpConfig({ root: project.dir, name: '../.mcp.json' })).toThrow(
      'Path traversal blocked: ../.mcp.json',
    );
  });

  it('saves atomically, returns the path, and keeps the other servers of an existing file', async () => {
    project = tempProject();
    const path = join(project.dir, '.mcp.json');
    expect(await adapter.saveMcpConfig(path)).toBe(path);
    expect(readFileSync(path, 'utf8')).toBe(adapter.generateMcpConfig(path));
    writeFileSync(path, JSON.stringify({ mcpServers: { other: { command: 'x' } }, extra: true }));
    await adapter.saveMcpConfig({ root: project.dir, name: '.mcp.json' }, { specPath: 'p.json' });
    const doc = JSON.parse(readFileSync(path, 'utf8'));
    expect(doc.extra).toBe(true);
    expect(Object.keys(doc.mcpServers)).toEqual(['other', 'skillstate']);
    expect(doc.mcpServers.skillstate.env.SKILLSTATE_SPEC_PATH).toBe('p.json');
    expect(project.files()).toEqual(['.mcp.json']);
  });

  it('refuses to overwrite a file that is not an MCP config object', async () => {
    project = tempProject();
    const path = join(project.dir, '.mcp.json');
    for (const content of ['not json', '[]', '{"mcpServers":[]}']) {
      writeFileSync(path, content);
      await expect(adapter.saveMcpConfig(path)).rejects.toThrow(
        `${path} exists but is not an MCP config object; not overwriting it`,
      );
      expect(readFileSync(path, 'utf8')).toBe(content);
    }
  });
});
