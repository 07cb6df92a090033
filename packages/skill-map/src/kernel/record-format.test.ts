import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { analyzeFile } from './analyze-file.js';
import { buildGraph } from './build-graph.js';
import { createFileContext } from './context.js';
import { detectLens } from './lens.js';
import { expandRecord } from './record-expand.js';
import { EMPTY_SHA256, isSelfContainedRecord } from './record-format.js';
import type { FileRecord, LensDecision, RawLink } from './types.js';

const sha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

const LENS: LensDecision = {
  provider: 'claude',
  providers: ['claude'],
  status: 'configured',
  markers: [],
  candidates: [],
  pluginRoots: [],
  markersDrift: false,
  warnings: [],
};

function analyze(path: string, text: string, contentHash?: string): FileRecord {
  const file = { path, text, bytes: Buffer.byteLength(text), modifiedAtMs: 7 };
  return analyzeFile(
    contentHash === undefined ? file : { ...file, contentHash },
    createFileContext(LENS, {}, { hash: sha }),
  );
}

describe('compact FileRecord', () => {
  it('omits defaults: role node, markdown provider, empty lists, body hash = content hash, empty frontmatter hash', () => {
    const text = 'Plain doc.\n';
    const r = analyze('docs/a.md', text, sha(text));
    expect(r).toEqual({
      path: 'docs/a.md',
      contentHash: sha(text),
      cacheKey: expect.stringMatching(/^k9:/),
      node: { kind: 'markdown', bytes: text.length, modifiedAtMs: 7 },
    });
    expect(expandRecord(r).node).toEqual({
      path: 'docs/a.md',
      kind: 'markdown',
      provider: 'core/markdown',
      bodyHash: sha(text),
      frontmatterHash: EMPTY_SHA256,
      bytes: { frontmatter: 0, body: text.length, total: text.length },
      modifiedAtMs: 7,
      linksOutCount: 0,
      linksInCount: 0,
      externalRefsCount: 0,
    });
    expect(expandRecord(r).identifiers).toEqual([{ handle: 'a', via: 'filename-basename' }]);
  });

  it('keeps what it cannot derive: provider, hashes, head bytes, frontmatter, external refs', () => {
    const text = '---\nname: pdf\n---\nBody https://x.io/a\n';
    const r = analyze('.claude/skills/pdf/SKILL.md', text);
    expect(r.node).toEqual({
      kind: 'skill',
      provider: 'claude',
      bytes: text.length,
      headBytes: 18,
      modifiedAtMs: 7,
      bodyHash: sha('Body https://x.io/a\n'),
      frontmatterHash: sha('name: pdf\n'),
      frontmatter: { name: 'pdf' },
      externalRefs: ['https://x.io/a'],
    });
    expect(expandRecord(r).node).toMatchObject({
      externalRefsCount: 1,
      bytes: { frontmatter: 18, body: 20 },
    });
  });

  it('writes links without source, defaults or a repeated location (raw and bare default to the local form)', () => {
    const text = 'See [b](b.md), [up](../x.md) and `./c.md`.\nRun /go and `/go`.\n\n```\ncat sub/d.md\n```\n';
    const r = analyze('docs/g/a.md', text);
    expect(r.links).toEqual([
      { target: 'docs/g/b.md', at: [1, 5, 4], raw: '[b](b.md)' },
      { target: 'docs/x.md', at: [1, 16, 15], raw: '[up](../x.md)' },
      {
        target: 'docs/g/c.md',
        by: 'core/backtick-path',
        at: [1, 35, 34],
        ctx: 'inline-code',
        raw: './c.md',
        bare: null,
      },
      {
        target: '/go',
        by: 'core/slash-command',
        at: [2, 5, 47],
        more: [{ by: 'core/backtick-slash', at: [2, 14, 56], ctx: 'inline-code' }],
      },
      {
        target: 'docs/g/sub/d.md',
        by: 'core/backtick-path',
        at: [5, 5, 71],
        ctx: 'code-block',
        fallback: true,
      },
    ]);
    const links = expandRecord(r).links;
    expect(
      links.map((l) => [
        l.source,
        l.target,
        l.kind,
        l.sources.join('+'),
        l.raw,
        l.bareDest,
        l.fallbackTarget,
      ]),
    ).toEqual([
      ['docs/g/a.md', 'docs/g/b.md', 'references', 'core/markdown-link', '[b](b.md)', 'b.md', null],
      ['docs/g/a.md', 'docs/x.md', 'references', 'core/markdown-link', '[up](../x.md)', null, null],
      ['docs/g/a.md', 'docs/g/c.md', 'points', 'core/backtick-path', './c.md', null, null],
      ['docs/g/a.md', '/go', 'invokes', 'core/backtick-slash+core/slash-command', '/go', null, null],
      ['docs/g/a.md', 'docs/g/sub/d.md', 'points', 'core/backtick-path', 'sub/d.md', 'sub/d.md', 'sub/d.md'],
    ]);
    expect(links[3]!.trigger).toEqual({ originalTrigger: '/go', normalizedTrigger: '/go' });
    expect(links[3]!.occurrences).toEqual([
      {
        extractor: 'core/slash-command',
        originalTrigger: '/go',
        context: null,
        location: { line: 2, column: 5, offset: 47 },
      },
      {
        extractor: 'core/backtick-slash',
        originalTrigger: '/go',
        context: 'inline-code',
        location: { line: 2, column: 14, offset: 56 },
      },
    ]);
  });

  it('marks a root fallback equal to the bare path, and keeps speculative plugin triggers', () => {
    const r = analyze('.claude/agents/a.md', 'Use `docs/x.md` and superpowers:brainstorm.\n');
    expect(r.links).toEqual([
      {
        target: '.claude/agents/docs/x.md',
        by: 'core/backtick-path',
        at: [1, 6, 5],
        ctx: 'inline-code',
        fallback: true,
      },
      {
        target: 'superpowers:brainstorm',
        by: 'core/plugin-skill',
        at: [1, 21, 20],
        resolveKinds: ['skill', 'command', 'agent'],
        speculative: true,
      },
    ]);
    expect(expandRecord(r).links[0]).toMatchObject({
      target: '.claude/agents/docs/x.md',
      fallbackTarget: 'docs/x.md',
      bareDest: 'docs/x.md',
    });
  });

  it('averages well under 1 KB per record on a realistic doc', () => {
    const text = [
      '# Guide',
      '',
      'See [the api](api.md), [setup](../setup/install.md) and run `/deploy` first. Ask @reviewer.',
      'Background in `docs/arch/overview.md`. Upstream: https://example.com/x/1.',
    ].join('\n');
    expect(JSON.stringify(analyze('docs/guides/guide.md', text, sha(text))).length).toBeLessThan(800);
  });

  it('buildGraph reads records that went through JSON unchanged', () => {
    const files: Record<string, string> = {
      'docs/a.md': 'See [b](b.md), `docs/c.md`, /go and @rev.',
      'docs/b.md': '---\nname: b\n---\n[a](a.md)',
      'docs/c.md': 'c',
      '.claude/commands/go.md': 'go',
      '.claude/agents/rev.md': 'rev',
    };
    const paths = Object.keys(files);
    const lens = detectLens(paths, {});
    const ctx = createFileContext(lens, {}, { hash: sha });
    const records = paths.map((path) =>
      analyzeFile({ path, text: files[path]!, bytes: Buffer.byteLength(files[path]!), modifiedAtMs: 1 }, ctx),
    );
    const g = { lens, settings: {}, existingPaths: new Set(paths) };
    const fresh = buildGraph(records, g);
    const snapshot = JSON.stringify(fresh);
    expect(buildGraph(JSON.parse(JSON.stringify(records)) as FileRecord[], g)).toEqual(fresh);
    // A rebuild over the same record objects reuses their prepared parts and leaves earlier results as they were.
    const again = buildGraph(records, g);
    expect(JSON.stringify(again)).toBe(snapshot);
    expect(JSON.stringify(fresh)).toBe(snapshot);
    expect(again.links[0]).not.toBe(fresh.links[0]);
    expect(again.nodes[0]).not.toBe(fresh.nodes[0]);
    expect(fresh.links.map((l) => `${l.source} ${l.target} ${l.resolvedTarget}`)).toEqual([
      'docs/a.md docs/b.md docs/b.md',
      'docs/a.md docs/docs/c.md docs/c.md',
      'docs/a.md /go .claude/commands/go.md',
      'docs/a.md @rev .claude/agents/rev.md',
      'docs/b.md docs/a.md docs/a.md',
    ]);
  });
});

describe('isSelfContainedRecord', () => {
  const base = analyze('docs/g/a.md', 'See [b](b.md) and [c](c.md), /go.\n');

  it('holds for analyzeFile records with a node, not for nodeless ones', () => {
    expect(isSelfContainedRecord(base)).toBe(true);
    expect(isSelfContainedRecord(analyze('x.sm', 'annotations: {}\n'))).toBe(false);
  });

  it('fails when two links share an identity (kind, target, normalised trigger), however the target is stored', () => {
    const links = base.links!;
    expect(isSelfContainedRecord({ ...base, links: [...links, { ...links[0]!, at: [3, 1, 40] }] })).toBe(
      false,
    );
    expect(
      isSelfContainedRecord({
        ...base,
        links: [...links, { ...links[0]!, by: 'core/backtick-path', kind: 'references' }],
      }),
    ).toBe(false);
    expect(
      isSelfContainedRecord({ ...base, links: [...links, { ...links[0]!, by: 'core/backtick-path' }] }),
    ).toBe(true);
    expect(isSelfContainedRecord({ ...base, links: [...links, { ...links[2]!, target: '/Go' }] })).toBe(true);
    expect(isSelfContainedRecord({ ...base, links: [...links, { ...links[2]!, trigger: '/GO' }] })).toBe(
      false,
    );
    expect(isSelfContainedRecord({ ...base, links: [...links, { ...links[2]!, target: '/goes' }] })).toBe(
      true,
    );
    const many = Array.from({ length: 20 }, (_, i): RawLink => ({
      target: `docs/g/n${i}.md`,
      by: 'core/markdown-link',
      at: [1, 1, i],
    }));
    expect(isSelfContainedRecord({ ...base, links: many })).toBe(true);
    expect(
      isSelfContainedRecord({
        ...base,
        links: [
          ...many,
          { target: 'docs/g/n3.md', by: 'core/backtick-path', at: [2, 1, 30], kind: 'references' },
        ],
      }),
    ).toBe(false);
  });
});
