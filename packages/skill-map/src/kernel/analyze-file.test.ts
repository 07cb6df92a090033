import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { analyzeFile, isCandidatePath } from './analyze-file.js';
import { cacheKey, createFileContext, KERNEL_CACHE_VERSION } from './context.js';
import { expandRecord, type ExpandedRecord } from './record-expand.js';
import type { LensDecision, ScanSettings } from './types.js';
import { sha256Hex } from './util/sha256.js';

const sha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

function lensOf(provider: string | string[], pluginRoots: string[] = []): LensDecision {
  const providers = typeof provider === 'string' ? [provider] : provider;
  return {
    provider: providers[0]!,
    providers,
    status: 'configured',
    markers: [],
    candidates: [],
    pluginRoots,
    markersDrift: false,
    warnings: [],
  };
}

function analyze(
  path: string,
  text: string,
  lens: string | string[] = 'claude',
  settings: ScanSettings = {},
): ExpandedRecord {
  return expandRecord(
    analyzeFile(
      { path, text, bytes: Buffer.byteLength(text), modifiedAtMs: 42 },
      createFileContext(lensOf(lens), settings, { hash: sha }),
    ),
  );
}

describe('isCandidatePath', () => {
  it.each([
    ['a/b.md', true],
    ['A.MD', true],
    ['.cursor/rules/r.mdc', true],
    ['x.sm', true],
    ['.mcp.json', true],
    ['pkg/.mcp.json', true],
    ['.cursor/mcp.json', true],
    ['opencode.json', true],
    ['opencode.jsonc', true],
    ['.codex/config.toml', true],
    ['.codex/agents/a.toml', true],
    ['.claude-plugin/plugin.json', true],
    ['.claude-plugin/marketplace.json', true],
    ['.cursor-plugin/plugin.json', true],
    ['package.json', false],
    ['src/index.ts', false],
    ['config.toml', false],
    ['image.png', false],
  ])('%s → %s', (path, expected) => expect(isCandidatePath(path)).toBe(expected));
});

describe('analyzeFile: nodes', () => {
  it('builds the node: kind, provider, hashes, sizes, frontmatter, identifiers', () => {
    const text = '---\nname: pdf-tools\ndescription: Handle PDFs\n---\n# PDF\nBody é\n';
    const r = analyze('.claude/skills/pdf/SKILL.md', text);
    const body = '# PDF\nBody é\n';
    expect(r.role).toBe('node');
    expect(r.contentHash).toBe(sha(text));
    expect(r.node).toEqual({
      path: '.claude/skills/pdf/SKILL.md',
      kind: 'skill',
      provider: 'claude',
      frontmatter: { name: 'pdf-tools', description: 'Handle PDFs' },
      bodyHash: sha(body),
      frontmatterHash: sha('description: Handle PDFs\nname: pdf-tools\n'),
      bytes: {
        frontmatter: Buffer.byteLength(text) - Buffer.byteLength(body),
        body: Buffer.byteLength(body),
        total: Buffer.byteLength(text),
      },
      modifiedAtMs: 42,
      linksOutCount: 0,
      linksInCount: 0,
      externalRefsCount: 0,
    });
    expect(r.identifiers).toEqual([
      { handle: 'pdf tools', via: 'frontmatter.name' },
      { handle: 'pdf', via: 'dirname' },
    ]);
    expect(r.issues).toEqual([]);
  });

  it('uses the caller-supplied content hash and the pure sha256 by default', () => {
    const ctx = createFileContext(lensOf('claude'), {});
    const r = expandRecord(
      analyzeFile(
        { path: 'a.md', text: 'x', bytes: 1, modifiedAtMs: null, contentHash: 'f'.repeat(64) },
        ctx,
      ),
    );
    expect(r.contentHash).toBe('f'.repeat(64));
    expect(r.node?.bodyHash).toBe(sha256Hex('x'));
    expect(r.node?.frontmatterHash).toBe(sha(''));
  });

  it('stamps frontmatter diagnostics (warn, or error under strict) and keeps the node', () => {
    const parseError = analyze('a.md', '---\nname: [x\n---\nbody');
    expect(parseError.issues).toEqual([
      {
        analyzerId: 'frontmatter-parse-error',
        severity: 'warn',
        nodeIds: ['a.md'],
        message: expect.stringContaining('(line 3, column 1)'),
        data: { line: 3, column: 1 },
      },
    ]);
    expect(parseError.node?.frontmatter).toBeUndefined();
    const malformed = analyze('a.md', '---\nname: x\nno end', 'claude', { strict: true });
    expect(malformed.issues[0]).toMatchObject({
      analyzerId: 'frontmatter-malformed',
      severity: 'error',
      data: { hint: expect.stringContaining('never closed') },
    });
    expect(analyze('a.md', '---\n- a\n---\n').issues[0]).toMatchObject({
      analyzerId: 'frontmatter-invalid',
      data: { type: 'array' },
    });
  });

  it('stamps backtick-unbalanced with the first location', () => {
    const r = analyze('a.md', 'ok\n\nsee `this\n\n```\nnever closed');
    expect(r.issues).toEqual([
      {
        analyzerId: 'backtick-unbalanced',
        severity: 'warn',
        nodeIds: ['a.md'],
        message: 'Unbalanced backticks: 1 unclosed fence(s), 1 unmatched inline run(s); first at line 3',
        data: { line: 3, column: 5, fences: 1, spans: 1 },
      },
    ]);
  });

  it('does not parse binary-looking files', () => {
    const r = analyze('a.md', '---\nname: x\n---\n\u0000\u0001[l](b.md)');
    expect(r.links).toEqual([]);
    expect(r.node?.frontmatter).toBeUndefined();
    expect(r.issues.map((i) => i.analyzerId)).toEqual(['content-binary']);
  });

  it('reads Codex agent TOML: body = developer_instructions, the rest is frontmatter', () => {
    const text =
      "name = \"reviewer\"\ndescription = \"Reviews\"\ndeveloper_instructions = '''\nUse $lint then read @docs/x.md\n'''\n";
    const r = analyze('.codex/agents/reviewer.toml', text, 'codex');
    expect(r.node).toMatchObject({
      kind: 'agent',
      provider: 'codex',
      frontmatter: { name: 'reviewer', description: 'Reviews' },
      bodyHash: sha('Use $lint then read @docs/x.md\n'),
    });
    expect(r.links.map((l) => [l.kind, l.target, l.location?.line])).toEqual([
      ['invokes', '$lint', 4],
      ['references', '.codex/agents/docs/x.md', 4],
    ]);
    const broken = analyze('.codex/agents/bad.toml', 'name = ', 'codex');
    expect(broken.issues[0]).toMatchObject({ analyzerId: 'frontmatter-parse-error', data: { line: 1 } });
  });

  it('ignores files no provider claims', () => {
    expect(analyze('.codex/agents/a.toml', 'name = "a"', 'claude')).toMatchObject({
      role: 'ignored',
      node: null,
      links: [],
    });
  });
});

describe('analyzeFile: non-node roles', () => {
  it('parses sidecars', () => {
    const r = analyze('a.sm', 'annotations:\n  stability: stable\n');
    expect(r).toMatchObject({
      role: 'sidecar',
      node: null,
      sidecar: { forPath: 'a.md', ok: true, annotations: { stability: 'stable' } },
    });
  });

  it('turns every host MCP config into virtual nodes, regardless of the lens', () => {
    const claude = analyze('.mcp.json', '{"mcpServers":{"github":{"command":"gh"}}}', 'agent-skills');
    expect(claude.role).toBe('mcp-config');
    expect(claude.virtualNodes).toEqual([
      {
        path: 'mcp://github',
        kind: 'mcp',
        provider: 'claude',
        frontmatter: { name: 'github', transport: 'stdio' },
        bodyHash: sha(''),
        frontmatterHash: sha('name: github\ntransport: stdio\n'),
        bytes: { frontmatter: 0, body: 0, total: 0 },
        modifiedAtMs: null,
        linksOutCount: 0,
        linksInCount: 0,
        externalRefsCount: 0,
        virtual: true,
        derivedFrom: ['.mcp.json'],
      },
    ]);
    expect(analyze('.cursor/mcp.json', '{"mcpServers":{"c":{"url":"u"}}}').virtualNodes[0]).toMatchObject({
      path: 'mcp://c',
      provider: 'cursor',
    });
    expect(analyze('opencode.jsonc', '{"mcp":{"o":{"type":"local"}}}').virtualNodes[0]).toMatchObject({
      path: 'mcp://o',
      provider: 'opencode',
    });
    expect(analyze('.codex/config.toml', '[mcp_servers.x]\ncommand="y"').virtualNodes[0]).toMatchObject({
      path: 'mcp://x',
      provider: 'codex',
    });
  });

  it('stamps tools-derived MCP servers with the active host of the declaring file, else the primary provider', () => {
    const tools = '---\nname: a\ntools: [mcp__linear__find]\n---\nBody\n';
    expect(analyze('.cursor/commands/a.md', tools, ['claude', 'cursor']).virtualNodes[0]?.provider).toBe(
      'cursor',
    );
    expect(analyze('.claude/agents/a.md', tools, ['claude', 'cursor']).virtualNodes[0]?.provider).toBe(
      'claude',
    );
    expect(analyze('docs/a.md', tools, ['codex', 'cursor']).virtualNodes[0]?.provider).toBe('codex');
    expect(analyze('.cursor/commands/a.md', tools, 'claude').virtualNodes[0]?.provider).toBe('claude');
  });

  it('classifies under every active provider, shared territory to the first in precedence', () => {
    const kindOf = (path: string, lens: string | string[]): string | undefined => {
      const node = analyze(path, 'x\n', lens).node;
      return node === null ? undefined : `${node.provider}:${node.kind}`;
    };
    expect(kindOf('.claude/skills/s/SKILL.md', ['claude', 'opencode'])).toBe('claude:skill');
    expect(kindOf('.claude/skills/s/SKILL.md', ['opencode'])).toBe('opencode:skill');
    expect(kindOf('.agents/skills/s/SKILL.md', ['codex', 'antigravity'])).toBe('codex:skill');
    expect(kindOf('.codex/agents/t.toml', ['claude', 'codex'])).toBe('codex:agent');
    expect(kindOf('.cursor/rules/r.mdc', ['claude', 'cursor'])).toBe('cursor:rule');
  });

  it('reports an unreadable MCP config', () => {
    expect(analyze('.mcp.json', '{oops').issues[0]).toMatchObject({
      analyzerId: 'mcp-config-invalid',
      severity: 'warn',
      nodeIds: ['.mcp.json'],
    });
  });

  it('collects plugin names from plugin and marketplace manifests', () => {
    expect(analyze('.claude-plugin/plugin.json', '{"name":"superpowers"}').pluginNames).toEqual([
      'superpowers',
    ]);
    expect(
      analyze('.claude-plugin/marketplace.json', '{"name":"mk","plugins":[{"name":"b"},{"name":"a"}]}')
        .pluginNames,
    ).toEqual(['a', 'b']);
    expect(analyze('.claude-plugin/plugin.json', 'nope').pluginNames).toEqual([]);
  });
});

describe('cache keys', () => {
  it('changes with the lens, plugin roots, strictness and disabled extractors, not with unrelated settings', () => {
    const key = (lens: LensDecision, settings: ScanSettings): string =>
      cacheKey(createFileContext(lens, settings));
    const base = key(lensOf('claude'), {});
    expect(key(lensOf('claude'), { ignoredReferences: ['x'] })).toBe(base);
    expect(key(lensOf('codex'), {})).not.toBe(base);
    expect(key(lensOf('claude', ['']), {})).not.toBe(base);
    expect(key(lensOf('claude'), { strict: true })).not.toBe(base);
    expect(key(lensOf('claude'), { disabledExtractors: ['core/at-file'] })).not.toBe(base);
    expect(base).toMatch(/^k9:[0-9a-f]{16}$/);
    expect(KERNEL_CACHE_VERSION).toBe(9);
  });

  it('changes with the active set (order-insensitive via precedence); a single provider keeps its one-lens key', () => {
    const key = (lens: LensDecision): string => cacheKey(createFileContext(lens, {}));
    const oneLensEra = {
      v: KERNEL_CACHE_VERSION,
      lens: 'claude',
      pluginRoots: [],
      roots: [''],
      strict: false,
      disabledExtractors: [],
    };
    expect(key(lensOf('claude'))).toBe(
      `k${KERNEL_CACHE_VERSION}:${sha256Hex(JSON.stringify(oneLensEra)).slice(0, 16)}`,
    );
    expect(key(lensOf(['claude', 'cursor']))).not.toBe(key(lensOf('claude')));
    expect(key(lensOf(['claude', 'cursor']))).not.toBe(key(lensOf(['claude', 'codex'])));
    expect(key({ ...lensOf('claude'), providers: [] })).toBe(key(lensOf('claude')));
  });

  it('records are JSON-serialisable (round-trip identical)', () => {
    const r = analyze('.claude/agents/a.md', '---\nname: a\ntools: [mcp__x__y]\n---\nRun /go, see [b](b.md)');
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
  });
});
