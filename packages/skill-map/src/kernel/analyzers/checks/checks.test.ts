// Acceptance 2 of issue 11: a fixture project plants each new check's problem exactly once; each analyzer reports
// exactly its planted instance, and nothing at all on the clean twin. Fixtures: packages/skill-map/test/fixtures/checks.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Issue } from '@skill-map/spec';
import { describe, expect, it } from 'vitest';
import { isCandidatePath } from '../../analyze-file.js';
import { buildGraph } from '../../build-graph.js';
import { buildGraphIncremental } from '../../graph/incremental.js';
import { scanSources } from '../../scan.js';
import { incrementalProject } from '../../testing/incremental-project.js';
import type { ScanSettings, SourceFile } from '../../types.js';
import { CHECK_ANALYZERS } from './registry.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../../../../test/fixtures/checks');
const sha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');
const CHECK_IDS = new Set([
  ...CHECK_ANALYZERS.map((a) => a.id.slice(a.id.indexOf('/') + 1)),
  'secret-in-body',
  'dangerous-command',
]);

function walk(root: string): string[] {
  const out: string[] = [];
  const visit = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) visit(join(dir, e.name));
      else out.push(relative(root, join(dir, e.name)).split(sep).join('/'));
    }
  };
  visit(root);
  return out.sort();
}

function sourcesOf(tree: Record<string, string>): SourceFile[] {
  return Object.entries(tree).map(([path, text]) => ({
    path,
    text,
    bytes: Buffer.byteLength(text),
    modifiedAtMs: null,
  }));
}

function scanTree(tree: Record<string, string>, settings: ScanSettings = {}): Issue[] {
  const sources = sourcesOf(tree).filter((s) => isCandidatePath(s.path));
  return scanSources(sources, settings, { hash: sha, walkedPaths: Object.keys(tree) }).result.issues;
}

function fixture(name: string): Record<string, string> {
  const root = join(FIXTURES, name);
  return Object.fromEntries(walk(root).map((p) => [p, readFileSync(join(root, p), 'utf8')]));
}

const line = (i: Issue): string =>
  `${i.severity} ${i.analyzerId} ${i.nodeIds[0]!}${typeof i.data?.target === 'string' ? ` target=${i.data.target}` : ''}`;

describe('issue-11 checks over the fixture projects', () => {
  it('the planted project: each check reports exactly its planted instance', () => {
    const issues = scanTree(fixture('planted')).filter((i) => CHECK_IDS.has(i.analyzerId));
    expect(issues.map(line)).toEqual([
      'warn agent-color-invalid .claude/agents/reviewer.md target=magenta',
      'warn agent-skill-unknown .claude/agents/reviewer.md target=code-reveiw',
      'warn dangerous-command .claude/commands/reset.md target=rm-rf-root',
      'warn frontmatter-field-missing .claude/agents/helper.md target=description',
      'warn hook-command-missing .claude/settings.json target=.claude/hooks/guard.sh',
      'warn hook-event-unknown .claude/settings.json target=SesionStart',
      'warn import-circular docs/style.md target=CLAUDE.md',
      'warn import-too-deep deep/e.md target=deep/f.md',
      'info invocation-cycle .claude/commands/build.md',
      'warn mcp-server-undefined .claude/agents/reporter.md target=mcp://gh',
      'info mcp-server-unused mcp://jira',
      'warn model-unknown .claude/agents/reviewer.md target=sonet',
      'info node-unreachable .claude/skills/pdf-tools/forms.md target=.claude/skills/pdf-tools/forms.md',
      'warn permission-rule-unknown .claude/settings.json target=Raed(./src/**)',
      'warn skill-name-invalid .claude/skills/pdf-tools/SKILL.md target=PDF Tools',
      'warn tool-unknown .claude/agents/reviewer.md target=grep',
    ]);
    // Every new check but path-case-clash and secret-in-body is planted in the committed fixture (see below why);
    // issue 25's are planted in issue25.test.ts (node-never-run, which reads the activity capture, in
    // node-never-run.test.ts).
    const issue25 = new Set([
      'skill-preload-dead',
      'description-truncated',
      'skill-listing-budget',
      'agents-md-over-limit',
      'node-never-run',
    ]);
    expect(new Set(issues.map((i) => i.analyzerId))).toEqual(
      new Set(
        [...CHECK_IDS].filter(
          (id) => id !== 'path-case-clash' && id !== 'secret-in-body' && !issue25.has(id),
        ),
      ),
    );
    for (const i of issues)
      expect(typeof (i.fix as { hint?: unknown } | undefined)?.hint, i.analyzerId).toBe('string');
  });

  it('path-case-clash (planted in memory: a committed clash would break checkouts on macOS and Windows)', () => {
    const tree = {
      '.claude/commands/deploy.md': '---\ndescription: Deploys\n---\nShip it.\n',
      'docs/Guide.md': '# Guide\n',
      'docs/guide.md': '# guide\n',
    };
    expect(
      scanTree(tree)
        .filter((i) => i.analyzerId === 'path-case-clash')
        .map((i) => i.nodeIds),
    ).toEqual([['docs/Guide.md', 'docs/guide.md']]);
  });

  it('secret-in-body (planted in memory: a committed token, even a fake one, trips secret scanners)', () => {
    // Built from parts so that this source file holds no token either.
    const key = ['AKIA', 'Q3EGRJ7ZT5', 'NW2XKB'].join('');
    const tree = {
      '.claude/agents/deploy.md': `---\nname: deploy\ndescription: Deploys; use to ship.\n---\nexport AWS_ACCESS_KEY_ID=${key}\n`,
      'docs/aws.md': `Docs example: AKIAIOSFODNN7EXAMPLE and ${['gh', 'p_', 'x'.repeat(36)].join('')}\n`,
    };
    const issues = scanTree(tree).filter((i) => i.analyzerId === 'secret-in-body');
    expect(issues.map(line)).toEqual([
      `warn secret-in-body .claude/agents/deploy.md target=aws-access-key:${sha(key).slice(0, 12)}`,
    ]);
    expect(issues[0]!.data).toMatchObject({ line: 5, column: 26, kind: 'aws-access-key' });
    expect(JSON.stringify(issues)).not.toContain(key);
  });

  it('dangerous-command: not when the line warns against it, not outside instructions', () => {
    const cmd = (body: string): string => `---\ndescription: Cleans\n---\n${body}\n`;
    const kinds = (body: string, path = '.claude/commands/clean.md'): string[] =>
      scanTree({ [path]: cmd(body) })
        .filter((i) => i.analyzerId === 'dangerous-command')
        .map((i) => `${i.severity} ${String(i.data?.kind)}`);
    expect(kinds('Never run `rm -rf /` here.')).toEqual([]);
    expect(kinds('Run `rm -rf /tmp/build` and `rm -rf ~/.cache/x`.')).toEqual([]);
    expect(kinds('Install: `curl -fsSL https://x.test/i.sh | bash`')).toEqual(['info pipe-to-shell']);
    expect(kinds('Start with `claude --dangerously-skip-permissions`.')).toEqual(['info skip-permissions']);
    expect(kinds('Run `rm -rf ~` first.', 'docs/clean.md')).toEqual([]);
  });

  it('plugin and marketplace manifests are nodes linked to what they list; a listed path that is missing is broken', () => {
    const tree = {
      '.claude-plugin/marketplace.json': JSON.stringify({
        name: 'market',
        plugins: [
          { name: 'tools', source: './plugins/tools', skills: ['./skills/fmt'] },
          { name: 'gone', source: './plugins/gone' },
          { name: 'remote', source: { source: 'github', repo: 'x/y' } },
        ],
      }),
      'plugins/tools/.claude-plugin/plugin.json': JSON.stringify({
        name: 'tools',
        commands: ['./cmds/run.md'],
      }),
      'plugins/tools/skills/fmt/SKILL.md': '---\nname: fmt\ndescription: Formats; use before commits.\n---\n',
      'plugins/other/.claude-plugin/plugin.json': '{ "name": "other", ',
    };
    const sources = sourcesOf(tree);
    const { result } = scanSources(sources, {}, { hash: sha, walkedPaths: Object.keys(tree) });
    const kinds = result.nodes.filter((n) => n.kind === 'plugin' || n.kind === 'marketplace');
    expect(kinds.map((n) => `${n.kind} ${n.path}`)).toEqual([
      'marketplace .claude-plugin/marketplace.json',
      'plugin plugins/other/.claude-plugin/plugin.json',
      'plugin plugins/tools/.claude-plugin/plugin.json',
    ]);
    const manifestLinks = result.links.filter((l) => l.sources.includes('core/plugin-manifest'));
    expect(manifestLinks.map((l) => `${l.source} -> ${l.target} => ${String(l.resolvedTarget)}`)).toEqual([
      '.claude-plugin/marketplace.json -> plugins/tools => null',
      '.claude-plugin/marketplace.json -> plugins/tools/skills/fmt => plugins/tools/skills/fmt/SKILL.md',
      '.claude-plugin/marketplace.json -> plugins/gone => null',
      'plugins/tools/.claude-plugin/plugin.json -> plugins/tools/cmds/run.md => null',
    ]);
    expect(
      result.issues.filter((i) => i.analyzerId === 'reference-broken').map((i) => i.data?.target),
    ).toEqual(['plugins/gone', 'plugins/tools/cmds/run.md']);
    expect(result.issues.filter((i) => i.analyzerId === 'manifest-invalid').map((i) => i.nodeIds[0])).toEqual(
      ['plugins/other/.claude-plugin/plugin.json'],
    );
  });

  it('settings-invalid: a broken settings file keeps its node; a hooks file outside a plugin is not read', () => {
    const issues = scanTree({
      '.claude/settings.json': '{ "permissions": { "allow": ["Read"] }\n',
      '.claude/settings.local.json':
        '// comments are fine\n{ "permissions": { "deny": ["Read(./.env)"] } }\n',
      'tools/hooks/hooks.json': '{ not json',
    });
    const lines = issues.filter((i) => CHECK_IDS.has(i.analyzerId) || i.analyzerId === 'settings-invalid');
    expect(lines.map(line)).toEqual(['warn settings-invalid .claude/settings.json']);
  });

  it('the clean project: no issue at all', () => {
    expect(scanTree(fixture('clean')).map(line)).toEqual([]);
  });

  it('severities that depend on what the project shows', () => {
    const agent = (tools: string, extra = ''): string =>
      `---\nname: a\ndescription: Does a; use for a.\ntools: ${tools}\n${extra}---\nBody.\n`;
    // No MCP config in the project: the server may be user-level, so only a note.
    const noConfig = scanTree({ '.claude/agents/a.md': agent('mcp__gh__x') });
    expect(noConfig.filter((i) => i.analyzerId === 'mcp-server-undefined').map((i) => i.severity)).toEqual([
      'info',
    ]);
    // A name the tool list does not know (no near miss) is a note; every documented list form is read.
    const tools = scanTree({ '.claude/agents/a.md': agent('[Read, "Bash(git add:*)", FancyNewTool, "*"]') });
    expect(tools.filter((i) => i.analyzerId === 'tool-unknown').map(line)).toEqual([
      'info tool-unknown .claude/agents/a.md target=FancyNewTool',
    ]);
    const spaced = scanTree({ '.claude/agents/a.md': agent('Read Grep Glob WebFetch') });
    expect(spaced.filter((i) => i.analyzerId === 'tool-unknown')).toEqual([]);
    // A skill of a plugin the project does not hold may be installed: a note.
    const foreign = scanTree({ '.claude/agents/a.md': agent('Read', 'skills: [other-plugin:thing]\n') });
    expect(foreign.filter((i) => i.analyzerId === 'agent-skill-unknown').map((i) => i.severity)).toEqual([
      'info',
    ]);
    // Opencode agents (hex colours, provider/model ids) are not held to Claude Code's lists.
    const opencode = scanTree({
      'opencode.json': '{}\n',
      '.opencode/agent/a.md': '---\ndescription: Does a\ncolor: "#ff0000"\nmodel: anthropic/claude-x\n---\n',
    });
    expect(opencode.filter((i) => CHECK_IDS.has(i.analyzerId))).toEqual([]);
  });

  it('the incremental patch mode re-runs the checks over the patched graph (equal to a full build)', () => {
    const files = new Map(Object.entries(fixture('clean')));
    const settings = {};
    const project = incrementalProject(files, settings, sha);
    const { analyze, recordOf, graphCtx, records } = project;
    let state = project.state;
    const edits: [string, (t: string) => string, string][] = [
      [
        '.claude/agents/reviewer.md',
        (t) => t.replace('color: purple', 'color: magenta'),
        'agent-color-invalid',
      ],
      ['.claude/commands/build.md', (t) => `${t}Then run /plan.\n`, 'invocation-cycle'],
      [
        '.claude/skills/pdf-tools/SKILL.md',
        (t) => t.replace('[forms](forms.md)', 'the forms'),
        'node-unreachable',
      ],
      ['.claude/agents/reviewer.md', (t) => t.replace('color: magenta', 'color: purple'), ''],
    ];
    for (const [path, edit, expected] of edits) {
      files.set(path, edit(files.get(path)!));
      recordOf.set(path, analyze(path));
      const out = buildGraphIncremental(records(), graphCtx, state);
      expect(out.mode).toBe('patch');
      expect(JSON.stringify(out.result)).toBe(JSON.stringify(buildGraph(records(), graphCtx)));
      if (expected !== '') expect(out.result.issues.map((i) => i.analyzerId)).toContain(expected);
      state = out.state;
    }
    expect(state.result.issues.map((i) => i.analyzerId)).not.toContain('agent-color-invalid');
  });
});
