import { describe, expect, it } from 'vitest';
import { analyzeFile } from '../analyze-file.js';
import { createFileContext } from '../context.js';
import { expandRecord, type ExpandedRecord } from '../record-expand.js';
import type { LensDecision, ScanSettings } from '../types.js';
import { BUILTIN_EXTRACTORS, activeExtractors } from './registry.js';

function lensOf(provider: string | string[]): LensDecision {
  const providers = typeof provider === 'string' ? [provider] : provider;
  return {
    provider: providers[0]!,
    providers,
    status: 'configured',
    markers: [],
    candidates: [],
    pluginRoots: [''],
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
      { path, text, bytes: Buffer.byteLength(text), modifiedAtMs: 1 },
      createFileContext(lensOf(lens), settings),
    ),
  );
}

/** `kind target <- sources @context(s)` per link, for exact comparisons. */
function summary(record: ExpandedRecord): string[] {
  return record.links.map(
    (l) =>
      `${l.kind} ${l.target}${l.fallbackTarget !== null ? ` |${l.fallbackTarget}` : ''} <- ${l.sources.join('+')} @${l.occurrences.map((o) => o.context ?? 'prose').join(',')}`,
  );
}

describe('extractor registry', () => {
  it('gates extractors on the lens', () => {
    const ids = (lens: string): string[] => activeExtractors(lens).map((e) => e.id);
    const universal = [
      'core/mcp-tools',
      'core/markdown-link',
      'core/backtick-path',
      'core/external-url-counter',
      'core/plugin-skill',
    ];
    expect(ids('agent-skills')).toEqual(universal);
    expect(ids('claude')).toEqual([
      ...universal.slice(0, 4),
      'core/slash-command',
      'core/backtick-slash',
      'core/at-file',
      'claude/at-directive',
      'claude/backtick-mention',
      'core/plugin-skill',
    ]);
    expect(ids('codex')).toEqual([
      ...universal.slice(0, 4),
      'core/at-file',
      'codex/dollar-skill',
      'codex/backtick-dollar',
      'codex/at-toml',
      'core/plugin-skill',
    ]);
    expect(ids('cursor')).toEqual([
      ...universal.slice(0, 4),
      'core/slash-command',
      'core/backtick-slash',
      'core/at-file',
      'core/plugin-skill',
    ]);
    // Active set: a gated extractor runs when ANY of its providers is active (union, registry order kept).
    expect(activeExtractors(['codex', 'cursor']).map((e) => e.id)).toEqual([
      ...universal.slice(0, 4),
      'core/slash-command',
      'core/backtick-slash',
      'core/at-file',
      'codex/dollar-skill',
      'codex/backtick-dollar',
      'codex/at-toml',
      'core/plugin-skill',
    ]);
    expect(
      activeExtractors(['claude', 'opencode', 'codex', 'antigravity', 'cursor']).map((e) => e.id),
    ).toEqual(BUILTIN_EXTRACTORS.map((e) => e.id));
    expect(activeExtractors(['claude']).map((e) => e.id)).toEqual(ids('claude'));
    expect(activeExtractors('claude', ['claude/at-directive']).map((e) => e.id)).not.toContain(
      'claude/at-directive',
    );
    expect(BUILTIN_EXTRACTORS.map((e) => e.emitConfidence)).toEqual([
      0.85, 0.95, 0.85, 0.3, 0.8, 0.8, 0.85, 0.5, 0.5, 0.8, 0.8, 0.85, 0.8,
    ]);
  });
});

describe('extractors under several active hosts', () => {
  it('extracts /slash, @mention and $skill triggers from one shared file', () => {
    const text = 'Run /ship, ask @reviewer, then $db-migrate. Read @docs/x.md.\n';
    expect(summary(analyze('AGENTS.md', text, ['claude', 'codex']))).toEqual([
      'invokes /ship <- core/slash-command @prose',
      'mentions @reviewer <- claude/at-directive @prose',
      'invokes $db-migrate <- codex/dollar-skill @prose',
      'references docs/x.md <- core/at-file @prose',
    ]);
    expect(summary(analyze('AGENTS.md', text, 'codex')).map((l) => l.split(' ')[1])).toEqual([
      '$db-migrate',
      'docs/x.md',
    ]);
  });
});

describe('core/markdown-link', () => {
  it('resolves relative and root-absolute destinations, skipping images, URLs and anchors', () => {
    const text = [
      '[a](./b.md) [up](../x/y.md#sec) [root](/top.md?x=1) [sp](<my file.md>) [enc](with%20space.md)',
      '![img](pic.png) [web](https://x.io) [mail](mailto:a@b) [anchor](#here) [t](c.md "Title")',
      '',
      '[ref]: ./refs/r.md',
    ].join('\n');
    expect(summary(analyze('docs/guide/a.md', text))).toEqual([
      'references docs/guide/b.md <- core/markdown-link @prose',
      'references docs/x/y.md <- core/markdown-link @prose',
      'references top.md <- core/markdown-link @prose',
      'references docs/guide/my file.md <- core/markdown-link @prose',
      'references docs/guide/with space.md <- core/markdown-link @prose',
      'references docs/guide/c.md <- core/markdown-link @prose',
      'references docs/guide/refs/r.md <- core/markdown-link @prose',
    ]);
  });

  it('a leading / is the scan root; a rooted destination that names the root itself or climbs above it is no link', () => {
    const text = '[plan](/docs/plan.md) [root](/) [double](//x.md) [escape](/../x.md) [deep](/a/../../y.md)';
    expect(summary(analyze('guides/intro.md', text))).toEqual([
      'references docs/plan.md <- core/markdown-link @prose',
    ]);
  });

  it('ignores links inside code and HTML, and records file-absolute locations', () => {
    const text =
      '---\nname: x\n---\n`[no](a.md)`\n```\n[no](b.md)\n```\n<a href="[no](c.md)">\n\n  see [yes](d.md)';
    const record = analyze('x.md', text);
    expect(summary(record)).toEqual([
      'points b.md <- core/backtick-path @code-block',
      'references d.md <- core/markdown-link @prose',
    ]);
    expect(record.links[1]!.location).toEqual({ line: 10, column: 7, offset: text.indexOf('[yes]') });
    expect(record.links[1]!.raw).toBe('[yes](d.md)');
  });

  it('hostile bracket runs: the link text nests brackets one level, as CommonMark balances them', () => {
    // `[a [b [c] d](x.md)`: the first `[` is unbalanced, so the link is `[b [c] d](x.md)`; the text part of the regex
    // used to let a nested `[` run to any later `]`, which also made a line of `[a[a[...](x)` cost seconds per 100 KB.
    const record = analyze('x.md', '[a [b [c] d](x.md) and ' + '[a['.repeat(2000) + '](y.md)');
    expect(record.links.map((l) => l.raw)).toEqual(['[b [c] d](x.md)', '[](y.md)']);
  });
});

describe('core/backtick-path', () => {
  it('takes whole inline spans and tokens in fences, file-relative with a root fallback unless ./ or ../', () => {
    const text =
      'Read `ref/a.md`, `./b.md`, `../c.md`, `not a path.md`, `x.md extra`.\n```\ncat docs/d.md ../e.md https://h.io/f.md\n```';
    expect(summary(analyze('docs/x.md', text))).toEqual([
      'points docs/ref/a.md |ref/a.md <- core/backtick-path @inline-code',
      'points docs/b.md <- core/backtick-path @inline-code',
      'points c.md <- core/backtick-path @inline-code',
      'points docs/docs/d.md |docs/d.md <- core/backtick-path @code-block',
      'points e.md <- core/backtick-path @code-block',
    ]);
  });
});

describe('core/external-url-counter', () => {
  it('counts distinct http(s) URLs outside code into externalRefs (never links)', () => {
    const record = analyze(
      'a.md',
      'See https://a.io/x. and <https://b.io> and [c](https://a.io/x) `https://code.io` <a href="http://h.io/p">',
    );
    expect(record.links).toEqual([]);
    expect(record.node?.externalRefs).toEqual(['http://h.io/p', 'https://a.io/x', 'https://b.io']);
    expect(record.node?.externalRefsCount).toBe(3);
  });
});

describe('core/mcp-tools', () => {
  it('turns mcp__server__tool entries into virtual nodes and references', () => {
    const record = analyze(
      '.claude/agents/a.md',
      '---\nname: a\ntools: Read, mcp__github__search, mcp__github__pr, mcp__my_db__query\nallowed-tools: [mcp__docs]\n---\nbody',
    );
    expect(summary(record)).toEqual([
      'references mcp://github <- core/mcp-tools @prose,prose',
      'references mcp://my_db <- core/mcp-tools @prose',
      'references mcp://docs <- core/mcp-tools @prose',
    ]);
    expect(record.links[0]!.occurrences).toHaveLength(2);
    expect(record.links[0]!.location?.line).toBe(3);
    expect(record.virtualNodes.map((n) => [n.path, n.kind, n.provider, n.virtual, n.derivedFrom])).toEqual([
      ['mcp://docs', 'mcp', 'claude', true, ['.claude/agents/a.md']],
      ['mcp://github', 'mcp', 'claude', true, ['.claude/agents/a.md']],
      ['mcp://my_db', 'mcp', 'claude', true, ['.claude/agents/a.md']],
    ]);
  });
});

describe('slash commands', () => {
  it('core/slash-command finds /name in prose but not paths, URLs or mid-word slashes', () => {
    const text =
      'Run /deploy then (/Review:fast) or **/ship**. Not /tmp/x, /etc, and/or, a/b, 24/7, /file.md, https://x.io/path, `/coded`.';
    expect(summary(analyze('a.md', text))).toEqual([
      'invokes /deploy <- core/slash-command @prose',
      'invokes /Review:fast <- core/slash-command @prose',
      'invokes /ship <- core/slash-command @prose',
      'invokes /coded <- core/backtick-slash @inline-code',
    ]);
    expect(analyze('a.md', 'Run /deploy').links[0]!.trigger).toEqual({
      originalTrigger: '/deploy',
      normalizedTrigger: '/deploy',
    });
  });

  it('core/backtick-slash takes code line starts, and dedupes with prose occurrences', () => {
    const text = 'Use /deploy.\n```\n> /deploy staging\n/tmp/file\n$ /notcmd\n```';
    const record = analyze('a.md', text);
    expect(summary(record)).toEqual([
      'invokes /deploy <- core/backtick-slash+core/slash-command @prose,code-block',
    ]);
    expect(record.links[0]!.occurrences.map((o) => o.location?.line)).toEqual([1, 3]);
  });

  it('normalises case and separators for the dedupe key but keeps authored targets apart', () => {
    expect(summary(analyze('a.md', '/Deploy-Now and /deploy_now and /Deploy-Now'))).toEqual([
      'invokes /Deploy-Now <- core/slash-command @prose,prose',
      'invokes /deploy_now <- core/slash-command @prose',
    ]);
  });

  it('does not run under lenses without a slash sigil', () => {
    expect(analyze('a.md', 'Run /deploy', 'codex').links).toEqual([]);
  });
});

describe('@ mentions and @files', () => {
  it('core/at-file takes @path.md tokens; claude/at-directive takes bare handles', () => {
    const text =
      'Ask @reviewer or @agent-planner, import @docs/rules.md and @./local.md. Mail a@b.io, pkg @scope/pkg, @Component.';
    expect(summary(analyze('sub/CLAUDE.md', text))).toEqual([
      'mentions @reviewer <- claude/at-directive @prose',
      'mentions @agent-planner <- claude/at-directive @prose',
      'references sub/docs/rules.md |docs/rules.md <- core/at-file @prose',
      'references sub/local.md <- core/at-file @prose',
      'mentions @Component <- claude/at-directive @prose',
    ]);
  });

  it('claude/backtick-mention takes whole `@handle` spans only', () => {
    expect(summary(analyze('a.md', '`@helper` and `call @other now`'))).toEqual([
      'mentions @helper <- claude/backtick-mention @inline-code',
    ]);
  });

  it('at-file runs under codex, at-directive does not', () => {
    expect(summary(analyze('a.md', '@x.md @handle', 'codex'))).toEqual([
      'references x.md <- core/at-file @prose',
    ]);
  });

  it('codex/at-toml takes @path.toml tokens under codex only, not in code or as placeholders', () => {
    const text = 'Ask @.codex/agents/reviewer.toml, see @../cfg.toml and @{name}.toml.\n`@x.toml`\n';
    expect(summary(analyze('docs/a.md', text, 'codex'))).toEqual([
      'references docs/.codex/agents/reviewer.toml |.codex/agents/reviewer.toml <- codex/at-toml @prose',
      'references cfg.toml <- codex/at-toml @prose',
    ]);
    expect(summary(analyze('docs/a.md', text, 'claude'))).toEqual([]);
  });
});

describe('$ skills (codex)', () => {
  it('codex/dollar-skill and codex/backtick-dollar find $skill, not ${VAR}, $1 or prices', () => {
    const text = 'Use $lint-fix then ${HOME} $1 $5.00.\n`$review`\n```\n$lint-fix --all\necho $PATH\n```';
    expect(summary(analyze('AGENTS.md', text, 'codex'))).toEqual([
      'invokes $lint-fix <- codex/backtick-dollar+codex/dollar-skill @prose,code-block',
      'invokes $review <- codex/backtick-dollar @inline-code',
    ]);
  });
});

describe('core/plugin-skill', () => {
  it('finds plugin-qualified names in prose and whole inline spans, flagged speculative', () => {
    const record = analyze(
      'a.md',
      'Use superpowers:brainstorming, then `superpowers:writing-plans`. Not http://x, Note:this, a:b:c, ns:Name.',
      'agent-skills',
    );
    expect(summary(record)).toEqual(
      [
        'invokes superpowers:brainstorming <- core/plugin-skill @prose',
        'invokes Note:this <- core/plugin-skill @prose',
        'invokes superpowers:writing-plans <- core/plugin-skill @inline-code',
      ].filter((s) => !s.includes('Note')),
    );
    expect(record.links.every((l) => l.speculative && l.resolveKinds?.join() === 'skill,command,agent')).toBe(
      true,
    );
  });
});
