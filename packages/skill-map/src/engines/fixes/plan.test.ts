import { describe, expect, it } from 'vitest';
import { scanSources } from '../../kernel/index.js';
import { sha256Hex } from '../../kernel/util/sha256.js';
import { applyEdits, planFixes } from './plan.js';
import type { FixPlan } from './types.js';

/** Scans `files` with the real kernel and plans fixes from its issues. */
function plan(files: Record<string, string>, renames: Record<string, string> = {}): FixPlan[] {
  const sources = Object.entries(files).map(([path, text]) => ({
    path,
    text,
    bytes: Buffer.byteLength(text),
    modifiedAtMs: null,
  }));
  const { result } = scanSources(sources);
  return planFixes({
    issues: result.issues,
    links: result.links,
    texts: (p) => files[p] ?? null,
    renames: new Map(Object.entries(renames)),
    paths: new Set(Object.keys(files)),
  });
}

/** The file after the plan's edits. */
const fixed = (files: Record<string, string>, p: FixPlan): string => applyEdits(files[p.path]!, p.edits);

const SKILL = (body: string): string => `---\nname: a\ndescription: Does a.\n---\n${body}\n`;

describe('planFixes: broken paths', () => {
  it('rewrites a link to the one project file with that file name, certain, in the author’s relative style', () => {
    const files = {
      'skills/a/SKILL.md': SKILL('Read [the guide](docs/guide.md) first.'),
      'docs/guide.md': '# Guide\n',
    };
    const plans = plan(files);
    expect(plans).toEqual([
      expect.objectContaining({
        analyzerId: 'reference-broken',
        nodeId: 'skills/a/SKILL.md',
        path: 'skills/a/SKILL.md',
        title: "Write '../../docs/guide.md' instead of 'docs/guide.md'",
        certain: true,
        basis: 'file-name',
        sha256: sha256Hex(files['skills/a/SKILL.md']),
      }),
    ]);
    expect(fixed(files, plans[0]!)).toBe(SKILL('Read [the guide](../../docs/guide.md) first.'));
  });

  it('follows a git rename (chains too) before guessing by file name', () => {
    const files = {
      'README.md': 'See [setup](./docs/setup.md) and [again](./docs/setup.md#top).\n',
      'guides/install.md': '# Install\n',
      'old/setup.md.bak': '',
    };
    const plans = plan(files, { 'docs/setup.md': 'docs/install.md', 'docs/install.md': 'guides/install.md' });
    expect(plans.map((p) => [p.title, p.certain, p.basis])).toEqual([
      ["Write './guides/install.md' instead of './docs/setup.md'", true, 'git-rename'],
    ]);
    // Both occurrences, the anchor kept.
    expect(fixed(files, plans[0]!)).toBe(
      'See [setup](./guides/install.md) and [again](./guides/install.md#top).\n',
    );
  });

  it('rewrites the destination, not a link text that spells the same path', () => {
    const files = { 'README.md': 'See [docs/a.md](docs/a.md).\n', 'notes/a.md': '# A\n' };
    const [p] = plan(files);
    expect(fixed(files, p!)).toBe('See [docs/a.md](notes/a.md).\n');
  });

  it('several files with that name: suggestions only, never certain', () => {
    const files = {
      'README.md': 'See [guide](guide.md).\n',
      'a/guide.md': '# A\n',
      'b/guide.md': '# B\n',
    };
    const plans = plan(files);
    expect(plans.map((p) => [p.title, p.certain])).toEqual([
      ["Write 'a/guide.md' instead of 'guide.md'", false],
      ["Write 'b/guide.md' instead of 'guide.md'", false],
    ]);
  });

  it('no file by that name and no rename: no plan', () => {
    expect(plan({ 'README.md': 'See [guide](guide.md).\n', 'x.md': '' })).toEqual([]);
  });

  it('a rename whose new path is not in the project is not followed', () => {
    const files = { 'README.md': 'See [guide](guide.md).\n' };
    expect(plan(files, { 'guide.md': 'gone/guide.md' })).toEqual([]);
  });

  it('a file that no longer holds the path where the scan saw it gets no plan', () => {
    const files = { 'README.md': 'See [guide](guide.md).\n', 'docs/guide.md': '' };
    const { result } = scanSources(
      Object.entries(files).map(([path, text]) => ({ path, text, bytes: text.length, modifiedAtMs: null })),
    );
    const plans = planFixes({
      issues: result.issues,
      links: result.links,
      texts: (p) => (p === 'README.md' ? 'Nothing here any more.\n' : ''),
      renames: new Map(),
      paths: new Set(Object.keys(files)),
    });
    expect(plans).toEqual([]);
  });
});

describe('applyEdits', () => {
  it('applies edits in any order and refuses overlapping ones', () => {
    const edits = [
      { start: 6, end: 11, newText: 'there' },
      { start: 0, end: 5, newText: 'Hi' },
    ];
    expect(applyEdits('hello world', edits)).toBe('Hi there');
    expect(() =>
      applyEdits('hello', [
        { start: 0, end: 3, newText: '' },
        { start: 2, end: 4, newText: '' },
      ]),
    ).toThrow(RangeError);
  });
});

describe('planFixes: frontmatter', () => {
  it("name-mismatch: writes the folder's name, keeping the quoting style and a trailing comment", () => {
    for (const [written, rewritten] of [
      ['name: pdf-tool', 'name: pdf'],
      ["name: 'pdf-tool'   # old", "name: 'pdf'   # old"],
      ['name: "pdf-tool"', 'name: "pdf"'],
    ] as const) {
      const files = { '.claude/skills/pdf/SKILL.md': `---\n${written}\ndescription: PDFs.\n---\nBody.\n` };
      const plans = plan(files);
      expect(plans.map((p) => [p.analyzerId, p.title, p.certain, p.basis])).toEqual([
        ['name-mismatch', "Write name 'pdf' (the skill's folder) instead of 'pdf-tool'", true, 'folder-name'],
      ]);
      expect(fixed(files, plans[0]!)).toBe(`---\n${rewritten}\ndescription: PDFs.\n---\nBody.\n`);
    }
  });

  it('tool-unknown: a case-only miss is certain in every list style, Bash(...) contents untouched', () => {
    const cases = [
      ['tools: read, Bash(grep:*)', 'tools: Read, Bash(grep:*)'],
      ['tools: [read, Grep]', 'tools: [Read, Grep]'],
      ['allowed-tools:\n  - "read"\n  - Grep', 'allowed-tools:\n  - "Read"\n  - Grep'],
    ] as const;
    for (const [written, rewritten] of cases) {
      const files = { '.claude/agents/x.md': `---\nname: x\ndescription: X.\n${written}\n---\nBody.\n` };
      const plans = plan(files).filter((p) => p.analyzerId === 'tool-unknown');
      expect(plans.map((p) => [p.certain, p.basis])).toEqual([[true, 'tool-case']]);
      expect(fixed(files, plans[0]!)).toBe(`---\nname: x\ndescription: X.\n${rewritten}\n---\nBody.\n`);
    }
  });

  it('tool-unknown: a typo is a suggestion, an unknown tool with no near name gets no plan', () => {
    const files = { '.claude/agents/x.md': '---\nname: x\ndescription: X.\ntools: Reed, Frobnicate\n---\n' };
    const plans = plan(files);
    expect(plans.map((p) => [p.title, p.certain])).toEqual([
      ["Write tool 'Read' instead of 'Reed' in tools:", false],
    ]);
  });
});

describe('planFixes: what the analyzer already knows', () => {
  it("a path off only in case: the analyzer's own fix (issue.fix) is certain", () => {
    const files = {
      '.claude/skills/a/SKILL.md':
        '---\nname: a\ndescription: A.\n---\nRead [the reference](./Reference.md).\n',
      '.claude/skills/a/reference.md': '# Ref\n',
    };
    const plans = plan(files);
    expect(plans.map((p) => [p.title, p.certain, p.basis])).toEqual([
      ["Write './reference.md' instead of './Reference.md'", true, 'issue-fix'],
    ]);
    expect(fixed(files, plans[0]!)).toContain('[the reference](./reference.md)');
  });

  it('an info mention is never certain, and a copy of the path in fenced code is left as written', () => {
    const skill =
      '---\nname: a\ndescription: A.\n---\nRead `./refs/ref.md` first.\n\n```sh\ncat ./refs/ref.md\n```\n';
    const files = {
      '.claude/skills/a/SKILL.md': skill,
      'notes/plan.md': 'Mentions `ref.md` here.\n',
      'docs/ref.md': '# Ref\n',
    };
    const plans = plan(files);
    const inSkill = plans.find((p) => p.path === '.claude/skills/a/SKILL.md')!;
    expect(inSkill.certain).toBe(true);
    expect(fixed(files, inSkill)).toBe(skill.replace('`./refs/ref.md`', '`../../../docs/ref.md`'));
    expect(plans.filter((p) => p.path === 'notes/plan.md').map((p) => p.certain)).toEqual([false]);
  });
});

describe('planFixes: files that are not nodes', () => {
  it('a bare file name the analyzer found once among every walked file is certain, even when it is not a node', () => {
    const files = {
      '.claude/skills/a/SKILL.md': '---\nname: a\ndescription: A.\n---\nRun [it](./run.sh).\n',
    };
    const { result } = scanSources(
      Object.entries(files).map(([path, text]) => ({ path, text, bytes: text.length, modifiedAtMs: null })),
      {},
      { walkedPaths: [...Object.keys(files), 'scripts/run.sh'] },
    );
    const plans = planFixes({
      issues: result.issues,
      links: result.links,
      texts: (p) => files[p as keyof typeof files] ?? null,
      renames: new Map(),
      paths: new Set(Object.keys(files)),
    });
    expect(plans.map((p) => [p.title, p.certain, p.basis])).toEqual([
      ["Write '../../../scripts/run.sh' instead of './run.sh'", true, 'file-name'],
    ]);
  });
});
