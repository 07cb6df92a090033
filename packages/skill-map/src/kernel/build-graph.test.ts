import { createHash } from 'node:crypto';
import { createSpecValidator } from '@skill-map/spec/testing';
import { toSpecScanResult } from '@skill-map/spec';
import type { Issue, Link, ScanResult } from '@skill-map/spec';
import { describe, expect, it } from 'vitest';
import { buildGraph } from './build-graph.js';
import { scanSources } from './scan.js';
import type { ScanSettings, SourceFile } from './types.js';

const sha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');
const validator = createSpecValidator();

function sources(tree: Record<string, string>): SourceFile[] {
  return Object.entries(tree).map(([path, text]) => ({
    path,
    text,
    bytes: Buffer.byteLength(text),
    modifiedAtMs: 1,
  }));
}

function scan(
  tree: Record<string, string>,
  settings: ScanSettings = {},
  extraPaths: string[] = [],
): ScanResult {
  const files = sources(tree);
  return scanSources(files, settings, {
    hash: sha,
    walkedPaths: [...files.map((f) => f.path), ...extraPaths],
  }).result;
}

function expectSchemaValid(result: ScanResult): void {
  expect(validator.validate('scanResult', toSpecScanResult(result))).toEqual({ ok: true });
  for (const n of result.nodes) expect(validator.validate('node', n)).toEqual({ ok: true });
  for (const l of result.links) expect(validator.validate('link', l)).toEqual({ ok: true });
  for (const i of result.issues) expect(validator.validate('issue', i)).toEqual({ ok: true });
}

const issueLine = (i: Issue): string =>
  `${i.severity} ${i.analyzerId} [${i.nodeIds.join(',')}]${i.data?.target !== undefined ? ` target=${i.data.target}` : ''}`;
const linkLine = (l: Link): string =>
  `${l.source} -${l.kind}-> ${l.target} => ${l.resolvedTarget ?? '∅'} @${l.confidence}`;

const H = (s: string): string => sha(s);
const deployBody =
  'Deploy it. Then /help, /review and @ApiSecurity.\nSee [guide](/docs/guide.md), @docs/guide.md and `docs/guide.md`.\n';

const CLAUDE_PROJECT: Record<string, string> = {
  '.claude/agents/reviewer.md':
    '---\nname: reviewer\ndescription: Reviews code\ntools: Read, mcp__github__search\n---\nUse /deploy, ask @helper, loop @reviewer.\n',
  '.claude/agents/helper.md': '---\nname: helper\n---\nI help. Try /missing-cmd.\n',
  '.claude/commands/deploy.md': deployBody,
  '.claude/commands/review.md': 'Review the diff.\n',
  '.claude/skills/pdf/SKILL.md': '---\nname: pdf-tools\n---\nPDF work.\n',
  '.claude/skills/dup/SKILL.md': '---\nname: reviewer\n---\nDuplicate name.\n',
  'docs/guide.md': 'Guide. [Missing](nope.md), [script](../scripts/run.sh), [dir](../scripts/).\n',
  'docs/other.md': 'See [g](guide.md) and `guide.md`.\n',
  'docs/bad.md': '---\nname: [oops\n---\nBody\n',
  'CLAUDE.md': 'Project memory. Import @docs/guide.md.\n',
  '.mcp.json':
    '{"mcpServers":{"github":{"command":"gh","env":{"TOKEN":"secret"}},"docs":{"url":"https://d"}}}',
  '.claude/agents/helper.sm':
    'annotations:\n  issueSuppressions:\n    - analyzer: core/reference-broken\n      value: /missing-cmd\n      note: planned\n',
  '.claude/commands/deploy.sm': `identity:\n  path: .claude/commands/deploy.md\n  bodyHash: ${'e'.repeat(64)}\n  frontmatterHash: ${H('')}\nannotations:\n  stability: deprecated\n  stabilty: typo\n`,
  '.claude/agents/reviewer.sm': 'annotations:\n  tags: [core]\n',
  'docs/guide.sm': 'annotations: [\n',
  'ghost.sm': 'annotations: {}\n',
};

describe('buildGraph over a Claude project', () => {
  const result = scan(CLAUDE_PROJECT, {}, ['scripts/run.sh', 'scripts/lib/x.sh']);

  it('produces schema-valid output', () => expectSchemaValid(result));

  it('classifies every node and dedupes virtual MCP nodes (config wins, derivedFrom unioned)', () => {
    expect(result.nodes.map((n) => `${n.path} ${n.provider}:${n.kind}`)).toEqual([
      '.claude/agents/helper.md claude:agent',
      '.claude/agents/reviewer.md claude:agent',
      '.claude/commands/deploy.md claude:command',
      '.claude/commands/review.md claude:command',
      '.claude/skills/dup/SKILL.md claude:skill',
      '.claude/skills/pdf/SKILL.md claude:skill',
      'CLAUDE.md core/markdown:markdown',
      'docs/bad.md core/markdown:markdown',
      'docs/guide.md core/markdown:markdown',
      'docs/other.md core/markdown:markdown',
      'mcp://docs claude:mcp',
      'mcp://github claude:mcp',
    ]);
    const github = result.nodes.find((n) => n.path === 'mcp://github')!;
    expect(github).toMatchObject({
      virtual: true,
      derivedFrom: ['.claude/agents/reviewer.md', '.mcp.json'],
      frontmatter: { name: 'github', transport: 'stdio' },
      linksInCount: 1,
    });
    expect(JSON.stringify(github)).not.toContain('secret');
  });

  it('resolves links (path, fallback, name index by lens priority, virtual) with the confidence model', () => {
    expect(result.links.map(linkLine)).toEqual([
      '.claude/agents/helper.md -invokes-> /missing-cmd => ∅ @1',
      '.claude/agents/reviewer.md -references-> mcp://github => mcp://github @1',
      '.claude/agents/reviewer.md -invokes-> /deploy => .claude/commands/deploy.md @1',
      '.claude/agents/reviewer.md -mentions-> @helper => .claude/agents/helper.md @1',
      '.claude/agents/reviewer.md -mentions-> @reviewer => .claude/agents/reviewer.md @1',
      '.claude/commands/deploy.md -invokes-> /help => ∅ @1',
      '.claude/commands/deploy.md -invokes-> /review => .claude/commands/review.md @0.1',
      '.claude/commands/deploy.md -mentions-> @ApiSecurity => ∅ @0.25',
      '.claude/commands/deploy.md -references-> docs/guide.md => docs/guide.md @1',
      '.claude/commands/deploy.md -references-> .claude/commands/docs/guide.md => docs/guide.md @1',
      '.claude/commands/deploy.md -points-> .claude/commands/docs/guide.md => docs/guide.md @1',
      'CLAUDE.md -references-> docs/guide.md => docs/guide.md @1',
      'docs/guide.md -references-> docs/nope.md => ∅ @0.25',
      'docs/guide.md -references-> scripts/run.sh => ∅ @1',
      'docs/guide.md -references-> scripts => ∅ @1',
      'docs/other.md -references-> docs/guide.md => docs/guide.md @1',
      'docs/other.md -points-> docs/guide.md => docs/guide.md @1',
    ]);
  });

  it('runs every analyzer with exact, ordered output and applies suppressions at emission', () => {
    expect(result.issues.map(issueLine)).toEqual(
      [
        'warn annotation-field-unknown [.claude/commands/deploy.md]',
        'warn annotation-orphan [ghost.sm]',
        'warn frontmatter-field-missing [.claude/agents/helper.md] target=description',
        'info frontmatter-field-missing [.claude/skills/dup/SKILL.md] target=description',
        'info frontmatter-field-missing [.claude/skills/pdf/SKILL.md] target=description',
        'error frontmatter-parse-error [docs/bad.md]',
        'error invalid-sidecar [docs/guide.md]',
        'warn link-self-loop [.claude/agents/reviewer.md] target=@reviewer',
        'info mcp-server-unused [mcp://docs]',
        'warn name-collision [.claude/agents/reviewer.md,.claude/skills/dup/SKILL.md]',
        'warn name-mismatch [.claude/skills/dup/SKILL.md]',
        'warn name-mismatch [.claude/skills/pdf/SKILL.md]',
        'warn name-reserved [.claude/commands/deploy.md] target=/review',
        'warn name-reserved [.claude/commands/review.md]',
        'warn node-stability [.claude/commands/deploy.md]',
        'error reference-broken [docs/guide.md] target=docs/nope.md',
        'warn reference-deprecated [.claude/agents/reviewer.md] target=.claude/commands/deploy.md',
        'info reference-redundant [.claude/commands/deploy.md] target=docs/guide.md',
      ].map((s) => s.replace('error frontmatter-parse-error', 'warn frontmatter-parse-error')),
    );
    expect(result.stats.issuesSuppressed).toBe(1);
  });

  it('carries issue details (links, data, messages)', () => {
    const broken = result.issues.find((i) => i.data?.target === 'docs/nope.md')!;
    expect(broken).toEqual({
      analyzerId: 'reference-broken',
      severity: 'error',
      nodeIds: ['docs/guide.md'],
      message: "Broken references link 'nope.md': no such file relative to docs/ (an explicit link)",
      linkIndices: [12],
      data: { target: 'docs/nope.md', kind: 'references', reason: 'explicit-link' },
    });
    expect(result.issues.find((i) => i.analyzerId === 'name-collision')?.data).toEqual({
      name: 'reviewer',
      candidates: [
        { path: '.claude/agents/reviewer.md', kind: 'agent', via: 'frontmatter.name' },
        { path: '.claude/skills/dup/SKILL.md', kind: 'skill', via: 'frontmatter.name' },
      ],
    });
    expect(result.issues.find((i) => i.analyzerId === 'node-stability')?.data).toEqual({
      stability: 'deprecated',
      inbound: 1,
    });
    expect(result.issues.find((i) => i.analyzerId === 'annotation-field-unknown')?.data).toMatchObject({
      field: 'annotations.stabilty',
    });
    expect(result.issues.find((i) => i.analyzerId === 'reference-redundant')?.data).toEqual({
      target: 'docs/guide.md',
      forms: ['.claude/commands/docs/guide.md', 'docs/guide.md'],
    });
  });

  it('fills counts and the sidecar overlay (fresh / stale / absent / invalid)', () => {
    const byPath = new Map(result.nodes.map((n) => [n.path, n]));
    expect(byPath.get('.claude/commands/deploy.md')).toMatchObject({
      linksOutCount: 6,
      linksInCount: 1,
      sidecar: {
        present: true,
        status: 'stale-body',
        annotations: { stability: 'deprecated', stabilty: 'typo' },
      },
    });
    expect(byPath.get('docs/guide.md')).toMatchObject({
      linksInCount: 6,
      sidecar: { present: true, status: null, annotations: null, root: null },
    });
    expect(byPath.get('.claude/agents/reviewer.md')?.sidecar).toEqual({
      present: true,
      status: null,
      annotations: { tags: ['core'] },
      root: { annotations: { tags: ['core'] } },
    });
    expect(byPath.get('CLAUDE.md')?.sidecar).toEqual({
      present: false,
      status: null,
      annotations: null,
      root: null,
    });
    expect(byPath.get('mcp://github')?.sidecar).toBeUndefined();
  });

  it('fills stats and scan meta', () => {
    expect(result.stats).toEqual({
      filesWalked: 18,
      filesSkipped: 0,
      filesOversized: 0,
      nodesCount: 12,
      linksCount: 17,
      issuesCount: 18,
      durationMs: 0,
      filesAnalyzed: 16,
      issuesSuppressed: 1,
    });
    expect(result).toMatchObject({
      schemaVersion: 1,
      roots: ['.'],
      activeProvider: 'claude',
      scanCeiling: 5000,
      scanTruncated: false,
      maxRenderNodes: 256,
      // The active set (was: the providers stamped on nodes, before every detected host became active).
      providers: ['claude'],
    });
  });

  it('never mutates its records, and rebuilding from the same records gives the same result', () => {
    const tree = {
      ...CLAUDE_PROJECT,
      '.cursor/mcp.json': '{"mcpServers":{"github":{"command":"gh"},"linear":{"url":"u"}}}',
      '.claude/commands/ship.md': '---\ntools: [mcp__github__x, mcp__linear__y]\n---\nShip.\n',
    };
    const { lens, records } = scanSources(sources(tree), {}, { hash: sha });
    const before = JSON.stringify(records);
    const a = buildGraph(records, { lens, settings: {} });
    const b = buildGraph(records, { lens, settings: {} });
    expect(JSON.stringify(records)).toBe(before);
    expect(b).toEqual(a);
    expect(a.nodes.find((n) => n.path === 'mcp://github')).toMatchObject({
      provider: 'claude',
      derivedFrom: [
        '.claude/agents/reviewer.md',
        '.claude/commands/ship.md',
        '.cursor/mcp.json',
        '.mcp.json',
      ],
    });
    expect(a.nodes.find((n) => n.path === 'mcp://linear')?.derivedFrom).toEqual([
      '.claude/commands/ship.md',
      '.cursor/mcp.json',
    ]);
  });

  it('is deterministic whatever the record order', () => {
    const files = sources(CLAUDE_PROJECT);
    const a = scanSources(files, {}, { hash: sha }).result;
    const b = scanSources([...files].reverse(), {}, { hash: sha }).result;
    expect(b).toEqual(a);
  });
});

describe('buildGraph details', () => {
  it("a fresh sidecar reports fresh; drift is the node's sidecar.status only, never an issue", () => {
    const body = 'Body\n';
    const fm = 'name: a\n';
    const fresh = scan({
      'a.md': `---\n${fm}---\n${body}`,
      'a.sm': `identity:\n  path: a.md\n  bodyHash: ${H(body)}\n  frontmatterHash: ${H(fm)}\n`,
    });
    expect(fresh.nodes[0]?.sidecar?.status).toBe('fresh');
    const stale = scan({
      'a.md': `---\nname: b\n---\n${body}`,
      'a.sm': `identity:\n  path: a.md\n  bodyHash: ${H(body)}\n  frontmatterHash: ${H(fm)}\n`,
    });
    expect(stale.nodes[0]?.sidecar?.status).toBe('stale-frontmatter');
    const both = scan({
      'a.md': 'other',
      'a.sm': `identity:\n  path: a.md\n  bodyHash: ${H(body)}\n  frontmatterHash: ${H(fm)}\n`,
    });
    expect(both.nodes[0]?.sidecar?.status).toBe('stale-both');
    // The reference: drift is a badge, no annotation-stale issue.
    expect([...stale.issues, ...both.issues]).toEqual([]);
  });

  it('suppression matching: short or qualified analyzer, exact case-sensitive value, only on the issue nodes', () => {
    const tree = (entry: string): Record<string, string> => ({
      'a.md': '[x](Nope.md)',
      'a.sm': `annotations:\n  issueSuppressions:\n${entry}`,
    });
    const count = (t: Record<string, string>): number =>
      scan(t).issues.filter((i) => i.analyzerId === 'reference-broken').length;
    expect(count(tree('    - analyzer: reference-broken\n      value: Nope.md\n'))).toBe(0);
    expect(count(tree('    - analyzer: plugin-x/reference-broken\n      value: Nope.md\n'))).toBe(0);
    expect(count(tree('    - analyzer: reference-broken\n      value: nope.md\n'))).toBe(1);
    expect(count(tree('    - analyzer: name-reserved\n      value: Nope.md\n'))).toBe(1);
    expect(
      count({
        'a.md': '[x](Nope.md)',
        'b.md': '',
        'b.sm':
          'annotations:\n  issueSuppressions:\n    - analyzer: reference-broken\n      value: Nope.md\n',
      }),
    ).toBe(1);
    const suppressed = scan(tree('    - analyzer: reference-broken\n      value: Nope.md\n'));
    expect(suppressed.links[0]?.confidence).toBe(1);
  });

  it('honours ignored-references, referencePaths and disabled analyzers', () => {
    const t = { 'a.md': '[x](vendor/x.md) [y](gen/y.md) [z](z.md) [w](other/w.md)' };
    const r = scan(t, { ignoredReferences: ['z.md', '/^gen\\//', 'other/*.md'], referencePaths: ['vendor'] });
    expect(r.issues).toEqual([]);
    expect(r.links.map((l) => l.confidence)).toEqual([1, 1, 1, 1]);
    expect(scan(t, { disabledAnalyzers: ['core/reference-broken'] }).issues).toEqual([]);
  });

  it('ignored-references also takes typed entries: literal, unanchored regex and gitignore-style glob', () => {
    const t = {
      'a.md':
        '[x](./missing-one.json) [y](./legacy/two.md) [z](./drafts/x/three.md) [d](deep/drafts/x/four.md) [k](kept.md)',
    };
    const r = scan(t, {
      ignoredReferences: [
        { type: 'literal', value: 'missing-one.json' },
        { type: 'regex', value: '^legacy/' },
        { type: 'glob', value: 'drafts/x/' },
      ],
    });
    expect(r.issues.map((i) => i.data?.['target'])).toEqual(['deep/drafts/x/four.md', 'kept.md']);
    expect(r.links.map((l) => l.confidence)).toEqual([1, 1, 1, 0.25, 0.25]);
    // A glob without a slash matches the name at any depth; a trailing slash, a folder and everything under it.
    const names = scan(t, { ignoredReferences: [{ type: 'glob', value: '*.md' }] });
    expect(names.issues.map((i) => i.data?.['target'])).toEqual(['missing-one.json']);
  });

  it('resolves bare paths from the enclosing skill folder and directory links to SKILL.md', () => {
    const r = scan({
      'skills/api/SKILL.md': '---\nname: api\n---\nSee [lang](python/README.md) and [other](../pdf/).',
      'skills/api/python/README.md': 'Read `shared/models.md`, [m](shared/models.md) and [x](./models.md).',
      'skills/api/shared/models.md': 'Models.',
      'skills/pdf/SKILL.md': '---\nname: pdf\n---\n',
    });
    expect(r.links.map(linkLine)).toEqual([
      'skills/api/SKILL.md -references-> skills/api/python/README.md => skills/api/python/README.md @1',
      'skills/api/SKILL.md -references-> skills/pdf => skills/pdf/SKILL.md @1',
      'skills/api/python/README.md -points-> skills/api/python/shared/models.md => skills/api/shared/models.md @1',
      'skills/api/python/README.md -references-> skills/api/python/shared/models.md => skills/api/shared/models.md @1',
      'skills/api/python/README.md -references-> skills/api/python/models.md => ∅ @0.25',
    ]);
  });

  it('prunes unresolved code-only triggers but keeps resolved ones; prose triggers stay broken', () => {
    const r = scan({
      '.claude/commands/go.md': 'Go.',
      'a.md': '`/go` `/nothing` `@nobody` and /ghost',
      '.claude/x.md': '',
    });
    expect(r.links.map(linkLine)).toEqual([
      'a.md -invokes-> /go => .claude/commands/go.md @1',
      'a.md -invokes-> /ghost => ∅ @0.25',
    ]);
  });

  it('resolves Claude `@agent-<name>` mentions to the agent', () => {
    const r = scan({
      '.claude/agents/planner.md': '---\nname: planner\n---\n',
      'a.md': 'Ask @agent-planner.',
    });
    expect(r.links.map(linkLine)).toEqual([
      'a.md -mentions-> @agent-planner => .claude/agents/planner.md @1',
    ]);
  });

  it('counts skipped files from the list when no number is given', () => {
    const lens = scanSources([], {}).lens;
    expect(buildGraph([], { lens, settings: {}, skippedFiles: ['x', 'y'] }).stats.filesSkipped).toBe(2);
  });

  it('drops a file naming itself in code (a usage example), keeps its authored self-links and its code mentions', () => {
    const r = scan({
      '.claude/commands/go.md': 'Usage: `/go now`, then `/stop`. See [me](go.md).',
      '.claude/commands/stop.md': 'Stop.',
    });
    expect(r.links.map(linkLine)).toEqual([
      '.claude/commands/go.md -invokes-> /stop => .claude/commands/stop.md @1',
      '.claude/commands/go.md -references-> .claude/commands/go.md => .claude/commands/go.md @1',
    ]);
    expect(r.issues.map((i) => i.analyzerId)).toEqual(['link-self-loop']);
    expect(r.nodes.find((n) => n.path === '.claude/commands/go.md')?.linksInCount).toBe(1);
  });

  it('is loud about truncation and oversized files', () => {
    const r = buildGraph([], {
      lens: {
        provider: 'agent-skills',
        providers: ['agent-skills'],
        status: 'default',
        markers: [],
        candidates: [],
        pluginRoots: [],
        markersDrift: false,
        warnings: [],
      },
      settings: {},
      scanTruncated: true,
      scanCeiling: 10,
      filesWalked: 10,
      filesSkipped: 3,
      oversizedFiles: [{ path: 'big.md', bytes: 2_000_000 }],
      durationMs: 12.5,
      scannedAt: 1000,
      roots: ['.', 'docs'],
      scannedBy: { name: 'skill-map', version: '0.1.0', specVersion: '1.0.0' },
      tokenizer: 'cl100k_base',
      maxRenderNodes: 64,
    });
    expect(r.issues.map((i) => [i.severity, i.analyzerId, i.message])).toEqual([
      ['info', 'file-oversized', "'big.md' (2000000 bytes) is above scan.maxFileSizeBytes and was skipped"],
      ['warn', 'scan-truncated', 'Scan truncated at 10 files (scan.maxScan): the map is incomplete'],
    ]);
    expect(r).toMatchObject({
      scanTruncated: true,
      scanCeiling: 10,
      maxRenderNodes: 64,
      roots: ['.', 'docs'],
      scannedAt: 1000,
      tokenizer: 'cl100k_base',
      oversizedFiles: [{ path: 'big.md', bytes: 2_000_000 }],
    });
    expect(r.stats).toMatchObject({ filesWalked: 10, filesSkipped: 3, filesOversized: 1, durationMs: 12.5 });
    expectSchemaValid(r);
  });

  it('says which files the walk left unread and what was lost (file-unreadable), one issue each', () => {
    const r = buildGraph([], {
      lens: {
        provider: 'agent-skills',
        providers: ['agent-skills'],
        status: 'default',
        markers: [],
        candidates: [],
        pluginRoots: [],
        markersDrift: false,
        warnings: [],
      },
      settings: {},
      unreadableFiles: [
        { path: 'docs/.gitignore', reason: 'not-a-file', ignoreFile: true },
        {
          path: '.skillmapignore',
          reason: 'oversized',
          ignoreFile: true,
          bytes: 2_000_000,
          limit: 1_048_576,
        },
        { path: 'docs/zero.md', reason: 'not-a-file', ignoreFile: false },
        { path: 'sub/.gitignore', reason: 'unreadable', ignoreFile: true, errorCode: 'EACCES' },
      ],
    });
    expect(r.issues.map((i) => [i.severity, i.analyzerId, i.nodeIds, i.message])).toEqual([
      [
        'warn',
        'file-unreadable',
        ['.skillmapignore'],
        "'.skillmapignore' (2000000 bytes) is larger than the 1048576-byte limit for an ignore file: it was not read, and its ignore rules were not applied",
      ],
      [
        'warn',
        'file-unreadable',
        ['docs/.gitignore'],
        "'docs/.gitignore' is not a regular file (a device, FIFO or socket, or a symlink to one): it was not read, and its ignore rules were not applied",
      ],
      [
        'warn',
        'file-unreadable',
        ['docs/zero.md'],
        "'docs/zero.md' is not a regular file (a device, FIFO or socket, or a symlink to one): it was not read, and it is left out of the map",
      ],
      [
        'warn',
        'file-unreadable',
        ['sub/.gitignore'],
        "'sub/.gitignore' could not be read (EACCES): it was not read, and its ignore rules were not applied",
      ],
    ]);
    expect(r.issues[0]?.data).toEqual({
      reason: 'oversized',
      ignoreFile: true,
      bytes: 2_000_000,
      limit: 1_048_576,
    });
    expectSchemaValid(r);
  });

  it('drops nodes that violate the schema and says so (schema-violation)', () => {
    const good = scanSources(sources({ 'a.md': 'x' }), {}, { hash: sha });
    const bad = {
      ...good.records[0]!,
      path: 'b.md',
      node: { ...good.records[0]!.node!, path: 'b.md', kind: 'bad kind' },
    };
    const r = buildGraph([...good.records, bad], { lens: good.lens, settings: {} });
    expect(r.nodes.map((n) => n.path)).toEqual(['a.md']);
    expect(r.issues).toEqual([
      {
        analyzerId: 'schema-violation',
        severity: 'error',
        nodeIds: ['b.md'],
        message: "Node 'b.md' violates node.schema.json (kind 'bad kind') and was dropped",
        data: { target: 'node', kind: 'bad kind' },
      },
    ]);
  });
});
