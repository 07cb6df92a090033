import { describe, expect, it } from 'vitest';
import { stripJsonc } from './jsonc.js';
import { parseMcpConfig } from './mcp-config.js';
import { nodePathForSidecar, parseSidecar } from './sidecar.js';

describe('parseMcpConfig', () => {
  it('reads mcpServers JSON (Claude .mcp.json, Cursor .cursor/mcp.json), keeping only name and transport', () => {
    const text = JSON.stringify({
      mcpServers: {
        github: { command: 'npx', env: { TOKEN: 'secret' } },
        docs: { url: 'https://x' },
        s: { type: 'sse', url: 'u' },
      },
    });
    expect(parseMcpConfig(text, 'mcp-servers-json')).toEqual({
      ok: true,
      servers: [
        { name: 'docs', transport: 'http' },
        { name: 'github', transport: 'stdio' },
        { name: 's', transport: 'sse' },
      ],
    });
  });

  it('reads OpenCode JSONC `mcp`, skipping enabled:false', () => {
    const text =
      '{\n // comment\n "mcp": { "a": { "type": "local", "command": ["x"] }, "b": { "type": "remote", "url": "u", "enabled": false }, },\n}';
    expect(parseMcpConfig(text, 'opencode-jsonc')).toEqual({
      ok: true,
      servers: [{ name: 'a', transport: 'stdio' }],
    });
  });

  it('reads Codex TOML [mcp_servers.*]', () => {
    const text = '[mcp_servers.github]\ncommand = "npx"\n[mcp_servers."my-docs"]\nurl = "https://x"\n';
    expect(parseMcpConfig(text, 'codex-toml')).toEqual({
      ok: true,
      servers: [
        { name: 'github', transport: 'stdio' },
        { name: 'my-docs', transport: 'http' },
      ],
    });
  });

  it('returns a value (not a throw) for broken files', () => {
    expect(parseMcpConfig('{', 'mcp-servers-json').ok).toBe(false);
    expect(parseMcpConfig('a = ', 'codex-toml').ok).toBe(false);
    expect(parseMcpConfig('[1]', 'mcp-servers-json')).toEqual({
      ok: false,
      message: 'top level is not an object',
    });
  });

  it('stripJsonc keeps comment-like text inside strings', () => {
    expect(JSON.parse(stripJsonc('{"u": "http://x/*y*/", /* c */ "v": [1,],}'))).toEqual({
      u: 'http://x/*y*/',
      v: [1],
    });
  });
});

describe('parseSidecar', () => {
  const H = 'a'.repeat(64);

  it('maps sidecar paths back to node paths', () => {
    expect(nodePathForSidecar('a/foo.sm')).toBe('a/foo.md');
    expect(nodePathForSidecar('a/x.toml.sm')).toBe('a/x.toml');
  });

  it('parses identity, annotations, plugin namespaces and reports unknown fields', () => {
    const sc = parseSidecar(
      'a/foo.sm',
      `identity:\n  path: a/foo.md\n  bodyHash: ${H}\n  frontmatterHash: ${H}\nannotations:\n  stability: deprecated\n  stabilty: typo\n  my-plugin:key: 1\nmy-plugin:\n  x: 1\nstray: 3\n`,
    );
    expect(sc).toMatchObject({
      ok: true,
      forPath: 'a/foo.md',
      identity: { bodyHash: H, frontmatterHash: H },
      annotations: { stability: 'deprecated' },
      unknownFields: ['annotations.stabilty', 'stray'],
      errors: [],
    });
  });

  it('reports unparseable YAML, non-mappings and malformed suppressions as errors', () => {
    expect(parseSidecar('x.sm', 'a: [').errors[0]).toContain('unexpected end of the stream');
    expect(parseSidecar('x.sm', '- a').errors).toEqual(['the sidecar is not a YAML mapping']);
    const bad = parseSidecar(
      'x.sm',
      'annotations:\n  issueSuppressions:\n    - analyzer: x\n  stability: old\n',
    );
    expect(bad.ok).toBe(false);
    expect(bad.errors).toEqual([
      "annotations.issueSuppressions[0] needs string 'analyzer' and 'value'",
      "annotations.stability must be 'experimental', 'stable' or 'deprecated'",
    ]);
  });

  it('accepts an empty file as an empty sidecar', () => {
    expect(parseSidecar('x.sm', '  \n')).toMatchObject({
      ok: true,
      root: {},
      annotations: null,
      identity: null,
    });
  });
});
