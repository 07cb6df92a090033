// What is a reference: each rule of broken-reason.ts and mention-context.ts on a small project, one case per rule.
import { createHash } from 'node:crypto';
import type { Issue, ScanResult } from '@skill-map/spec';
import { describe, expect, it } from 'vitest';
import { inLinkText, isPlaceholderPath, mentionQualifier } from '../extractors/mention-context.js';
import { scanSources } from '../scan.js';

const sha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

function scan(tree: Record<string, string>, extra: string[] = []): ScanResult {
  const files = Object.entries(tree).map(([path, text]) => ({
    path,
    text,
    bytes: Buffer.byteLength(text),
    modifiedAtMs: 1,
  }));
  return scanSources(files, {}, { hash: sha, walkedPaths: [...files.map((f) => f.path), ...extra] }).result;
}

const broken = (r: ScanResult): string[] =>
  r.issues
    .filter((i: Issue) => i.analyzerId === 'reference-broken')
    .map((i) => `${i.severity} ${i.nodeIds[0]} ${String(i.data?.['target'])} ${String(i.data?.['reason'])}`);

const SKILL = (body: string): string => `---\nname: audit\ndescription: Audits\n---\n${body}\n`;

describe('mention context', () => {
  it('knows placeholders', () => {
    for (const p of [
      'NNNN-title.md',
      'plans/YYYY-MM-DD-x.md',
      '{name}.md',
      'task-N-brief.md',
      'a/*.md',
      'x-MM-DD.md',
    ])
      expect(isPlaceholderPath(p), p).toBe(true);
    for (const p of ['references/auth.md', 'README.md', 'N1.md', 'plan-a.md', 'notes.md'])
      expect(isPlaceholderPath(p), p).toBe(false);
  });

  it('knows outputs and another unit’s files from the prose before a mention', () => {
    const at = (line: string): ReturnType<typeof mentionQualifier> =>
      mentionQualifier(
        line.replace(/`[^`]*`/g, (m) => '\0'.repeat(m.length)),
        line.lastIndexOf('`x.md`'),
      );
    expect(at('Create `x.md`')).toBe('output');
    expect(at('Save the output to `x.md`')).toBe('output');
    expect(at('Name it appropriately (e.g., `x.md`')).toBe('output');
    expect(at('This produces `a.json` and `x.md`')).toBe('output');
    expect(at("`other-skill`'s `x.md`")).toBe('qualified');
    expect(at('See `x.md` for details')).toBeNull();
    expect(at('Read the rules in `x.md`')).toBeNull();
  });

  it('knows the inline code of a link text', () => {
    const t = 'see [`x.md`](x.md) and `y.md` [a `z.md` b](z.md)';
    expect(inLinkText(t, t.indexOf('`x.md`'), t.indexOf('`x.md`') + 6)).toBe(true);
    expect(inLinkText(t, t.indexOf('`y.md`'), t.indexOf('`y.md`') + 6)).toBe(false);
    expect(inLinkText(t, t.indexOf('`z.md`'), t.indexOf('`z.md`') + 6)).toBe(true);
  });
});

describe('reference-broken judges what a broken link is', () => {
  it('keeps explicit links, imports and clear mentions as errors', () => {
    const r = scan({
      'skills/audit/SKILL.md': SKILL(
        'See [auth](references/auth.md), `references/session.md`, `./notes.md`, [`../agents/x.md`](../agents/x.md).',
      ),
      'skills/audit/references/top10.md': '# Top 10\n',
      'commands/security.md': 'Run `security-deps.md` then `security-secrets.md`.\n',
      'commands/security-deps.md': 'Deps.\n',
      'CLAUDE.md': 'Memory: @docs/missing.md\n',
      'agents/helper.md': '---\nname: helper\n---\nRead @AGENTS.md of the project you work in.\n',
      '.claude-plugin/plugin.json': '{"name":"p"}',
    });
    expect(broken(r)).toEqual([
      'error CLAUDE.md docs/missing.md at-import',
      'info agents/helper.md agents/AGENTS.md generic-name',
      'error commands/security.md commands/security-secrets.md sibling-mention',
      'error skills/audit/SKILL.md skills/agents/x.md explicit-link',
      'error skills/audit/SKILL.md skills/audit/notes.md relative-mention',
      'error skills/audit/SKILL.md skills/audit/references/auth.md explicit-link',
      'error skills/audit/SKILL.md skills/audit/references/session.md missing-in-folder',
    ]);
    // The [`x`](x) idiom is one link, and its raw text is the authored one (no NUL where the inline code was).
    const idiom = r.links.filter((l) => l.target === 'skills/agents/x.md');
    expect(idiom.map((l) => [l.kind, l.raw])).toEqual([['references', '[`../agents/x.md`](../agents/x.md)']]);
  });

  it('a ./ path in inline code names a file next to the text, never a root file: outside skills, agents and commands a missing one is a warning, or info naming the file when it exists under another base (docs quote paths as other files see them)', () => {
    const r = scan({
      'app/context/notes.md':
        'Tracks `_work_in_progress/plan.md`; see `./local-only.md` and `../ctx/gone.md`.\n',
      '_work_in_progress/plan.md': '# Plan\n',
      'local-only.md': '# Local\n',
    });
    expect(broken(r)).toEqual([
      'info app/context/notes.md app/context/local-only.md elsewhere',
      'warn app/context/notes.md app/ctx/gone.md relative-mention',
    ]);
    const plan = r.links.find((l) => l.target === 'app/context/_work_in_progress/plan.md');
    expect([plan?.resolvedTarget, plan?.confidence]).toEqual(['_work_in_progress/plan.md', 1]);
  });

  it('follows Codex @….toml references: an agent file that is missing is an error, another TOML file info', () => {
    const r = scan({
      '.codex/config.toml': '[mcp_servers]\n',
      '.codex/agents/reviewer.toml': 'name = "reviewer"\ndeveloper_instructions = "Review."\n',
      'AGENTS.md':
        'Hand off to @.codex/agents/reviewer.toml, not @.codex/agents/gone.toml. Pins: @pyproject.toml.\n',
    });
    const toml = r.links.filter((l) => l.sources.includes('codex/at-toml'));
    expect(toml.map((l) => [l.target, l.resolvedTarget ?? null])).toEqual([
      ['.codex/agents/reviewer.toml', '.codex/agents/reviewer.toml'],
      ['.codex/agents/gone.toml', null],
      ['pyproject.toml', null],
    ]);
    expect(broken(r)).toEqual([
      'error AGENTS.md .codex/agents/gone.toml codex-agent',
      'info AGENTS.md pyproject.toml mention',
    ]);
  });

  it('reports unclear mentions at info, with a did-you-mean when one file ends with the path', () => {
    const r = scan({
      'docs/plan.md': 'Uses `writer/SKILL.md`, `SKILL.md`, `gone.md` and `README.md`; /nobody-cmd.\n',
      'skills/writer/SKILL.md': SKILL('Writes.'),
      '.claude/settings.json': '{}',
    });
    const issues = r.issues.filter((i) => i.analyzerId === 'reference-broken');
    expect(issues.every((i) => i.severity === 'info')).toBe(true);
    expect(broken(r)).toEqual([
      'info docs/plan.md /nobody-cmd trigger-unresolved',
      'info docs/plan.md docs/README.md generic-name',
      'info docs/plan.md docs/SKILL.md generic-name',
      'info docs/plan.md docs/gone.md mention',
      'info docs/plan.md docs/writer/SKILL.md elsewhere',
    ]);
    const hint = issues.find((i) => i.data?.['reason'] === 'elsewhere')!;
    expect(hint.data?.['didYouMean']).toBe('skills/writer/SKILL.md');
    expect(hint.message).toContain("did you mean 'skills/writer/SKILL.md'?");
  });

  it('says nothing for fenced code, code-shaped @Tokens, placeholders, outputs and other units’ files', () => {
    const r = scan({
      '.claude/skills/audit/SKILL.md': SKILL(
        [
          'Check every @State and @Binding; release with @semantic-release/git.',
          'Plans go to `docs/plans/NNNN-title.md`; see [a template](t/{name}.md).',
          'Create `plan.md`, save the output to `.full-review/00-scope.md`.',
          "The list is `picker`'s `references/catalog.md`.",
          '',
          '1. Step:',
          '',
          '   ```sh',
          '   cat docs/in-list.md',
          '   ```',
          '',
          '~~~~ text `info`',
          'docs/in-tilde.md',
          '~~~~~',
        ].join('\n'),
      ),
    });
    expect(broken(r)).toEqual([]);
  });
});

describe('the other analyzers', () => {
  it('name-mismatch checks skills only; name-reserved reports the node once and each linking skill, agent or command once', () => {
    const r = scan({
      '.claude/agents/reviewer.md': '---\nname: code-reviewer\n---\nReviews.\n',
      '.claude/commands/deploy.md': '---\nname: ops:deploy\n---\nDeploys.\n',
      '.claude/skills/pdf/SKILL.md': '---\nname: pdf-tools\n---\nPDFs.\n',
      '.claude/commands/status.md': 'Prints. `/status` takes no arguments; /status again.\n',
      'README.md': 'Run /status, or `/status`.\n',
      '.claude/commands/ship.md': 'Ship, then /status and `/status`.\n',
    });
    const lines = r.issues
      .filter((i) => i.analyzerId === 'name-mismatch' || i.analyzerId === 'name-reserved')
      .map((i) => `${i.analyzerId} ${i.nodeIds[0]}`);
    expect(lines).toEqual([
      'name-mismatch .claude/skills/pdf/SKILL.md',
      'name-reserved .claude/commands/ship.md',
      'name-reserved .claude/commands/status.md',
    ]);
  });

  it('a mention next to a link is no kind conflict and no second form', () => {
    const r = scan({
      'docs/a.md': 'See [b](b.md) and `b.md`, and `docs/b.md`.\n',
      'docs/b.md': 'B.\n',
    });
    expect(
      r.issues.filter((i) => ['link-kind-conflict', 'reference-redundant'].includes(i.analyzerId)),
    ).toEqual([]);
  });
});
