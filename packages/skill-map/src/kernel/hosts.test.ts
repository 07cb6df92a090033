import { createHash } from 'node:crypto';
import { createSpecValidator } from '@skill-map/spec/testing';
import { toSpecScanResult } from '@skill-map/spec';
import type { Issue, Link, ScanResult } from '@skill-map/spec';
import { describe, expect, it } from 'vitest';
import { scanSources, type ScanSourcesResult } from './scan.js';
import { CHECK_ANALYZERS } from './analyzers/checks/registry.js';
import type { ScanSettings } from './types.js';

const sha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');
const validator = createSpecValidator();
const CHECK_IDS = CHECK_ANALYZERS.map((a) => a.id);

function scan(tree: Record<string, string>, settings: ScanSettings = {}): ScanSourcesResult {
  const files = Object.entries(tree).map(([path, text]) => ({
    path,
    text,
    bytes: Buffer.byteLength(text),
    modifiedAtMs: null,
  }));
  // The issue-11 checks have their own fixture suite (analyzers/checks/checks.test.ts).
  const out = scanSources(files, { disabledAnalyzers: CHECK_IDS, ...settings }, { hash: sha });
  expect(validator.validate('scanResult', toSpecScanResult(out.result))).toEqual({ ok: true });
  return out;
}

const nodes = (r: ScanResult): string[] => r.nodes.map((n) => `${n.path} ${n.provider}:${n.kind}`);
const links = (r: ScanResult): string[] =>
  r.links.map(
    (l: Link) => `${l.source} -${l.kind}-> ${l.target} => ${l.resolvedTarget ?? '∅'} @${l.confidence}`,
  );
const issues = (r: ScanResult): string[] =>
  r.issues.map((i: Issue) => `${i.severity} ${i.analyzerId} [${i.nodeIds.join(',')}]`);

describe('Codex project', () => {
  const { lens, result } = scan({
    '.codex/config.toml': '[mcp_servers.github]\ncommand = "gh"\n[mcp_servers.docs]\nurl = "https://d"\n',
    '.codex/agents/reviewer.toml':
      'name = "reviewer"\ndeveloper_instructions = """\nRun $lint-fix then $nope.\n"""\n',
    '.agents/skills/lint-fix/SKILL.md': '---\nname: lint-fix\n---\nFix lint.\n',
    'AGENTS.md': 'Use `$lint-fix`, and $LINT_FIX. /slash is not a codex trigger. @x.md\n',
  });

  it('detects the lens, classifies agents (TOML) and skills, reads MCP servers', () => {
    expect(lens).toMatchObject({ provider: 'codex', status: 'detected' });
    expect(nodes(result)).toEqual([
      '.agents/skills/lint-fix/SKILL.md codex:skill',
      '.codex/agents/reviewer.toml codex:agent',
      'AGENTS.md core/markdown:markdown',
      'mcp://docs codex:mcp',
      'mcp://github codex:mcp',
    ]);
  });

  it('resolves $skill triggers through the normalised name index', () => {
    expect(links(result)).toEqual([
      '.codex/agents/reviewer.toml -invokes-> $lint-fix => .agents/skills/lint-fix/SKILL.md @1',
      '.codex/agents/reviewer.toml -invokes-> $nope => ∅ @0.25',
      'AGENTS.md -invokes-> $lint-fix => .agents/skills/lint-fix/SKILL.md @1',
      'AGENTS.md -invokes-> $LINT_FIX => .agents/skills/lint-fix/SKILL.md @1',
      'AGENTS.md -references-> x.md => ∅ @0.25',
    ]);
    expect(issues(result)).toEqual([
      'info reference-broken [.codex/agents/reviewer.toml]',
      'error reference-broken [AGENTS.md]',
      'info reference-redundant [AGENTS.md]',
    ]);
  });
});

const OPENCODE_TREE: Record<string, string> = {
  'opencode.json':
    '{ "mcp": { "search": { "type": "remote", "url": "u" }, "off": { "type": "local", "enabled": false } } }',
  '.opencode/command/ship.md': 'Ship it.\n',
  '.opencode/command/init.md': 'Shadows a built-in.\n',
  '.opencode/agent/planner.md': '---\nname: planner\n---\nRun /ship, then /init, then /undo, then /nope.\n',
  '.claude/skills/legacy/SKILL.md': '---\nname: legacy\n---\n',
  '.claude/agents/old.md': 'Not an opencode territory.\n',
};

describe('OpenCode project (activeProvider: opencode)', () => {
  const { lens, result } = scan(OPENCODE_TREE, { activeProvider: 'opencode' });

  it('restricted to opencode: skips disabled MCP servers, claims .claude/skills, leaves .claude/agents to markdown', () => {
    expect(lens).toMatchObject({
      provider: 'opencode',
      providers: ['opencode'],
      status: 'configured',
      candidates: ['claude', 'opencode'],
    });
    expect(nodes(result)).toEqual([
      '.claude/agents/old.md core/markdown:markdown',
      '.claude/skills/legacy/SKILL.md opencode:skill',
      '.opencode/agent/planner.md opencode:agent',
      '.opencode/command/init.md opencode:command',
      '.opencode/command/ship.md opencode:command',
      'mcp://search opencode:mcp',
    ]);
  });

  it('resolves /command, treats built-ins as resolved to the runtime, and penalises shadowing files', () => {
    expect(links(result)).toEqual([
      '.opencode/agent/planner.md -invokes-> /ship => .opencode/command/ship.md @1',
      '.opencode/agent/planner.md -invokes-> /init => .opencode/command/init.md @0.1',
      '.opencode/agent/planner.md -invokes-> /undo => ∅ @1',
      '.opencode/agent/planner.md -invokes-> /nope => ∅ @0.25',
    ]);
    expect(issues(result)).toEqual([
      'warn name-reserved [.opencode/agent/planner.md]',
      'warn name-reserved [.opencode/command/init.md]',
      'info reference-broken [.opencode/agent/planner.md]',
    ]);
  });
});

describe('OpenCode + Claude project (both detected)', () => {
  const { lens, result } = scan(OPENCODE_TREE);

  it('activates both hosts (no more subsumption): claude keeps .claude/, opencode .opencode/', () => {
    expect(lens).toMatchObject({
      provider: 'claude',
      providers: ['claude', 'opencode'],
      status: 'detected',
      candidates: ['claude', 'opencode'],
      warnings: [],
    });
    expect(nodes(result)).toEqual([
      '.claude/agents/old.md claude:agent',
      '.claude/skills/legacy/SKILL.md claude:skill',
      '.opencode/agent/planner.md opencode:agent',
      '.opencode/command/init.md opencode:command',
      '.opencode/command/ship.md opencode:command',
      'mcp://search opencode:mcp',
    ]);
    expect(result).toMatchObject({ activeProvider: 'claude', providers: ['claude', 'opencode'] });
  });

  it('resolves through the merged maps, names the runtime that reserves a shadowed name', () => {
    expect(links(result)).toEqual([
      '.opencode/agent/planner.md -invokes-> /ship => .opencode/command/ship.md @1',
      '.opencode/agent/planner.md -invokes-> /init => .opencode/command/init.md @0.1',
      '.opencode/agent/planner.md -invokes-> /undo => ∅ @1',
      '.opencode/agent/planner.md -invokes-> /nope => ∅ @0.25',
    ]);
    expect(result.issues.map((i) => `${i.analyzerId} [${i.nodeIds.join(',')}] ${i.message}`)).toEqual([
      "name-reserved [.opencode/agent/planner.md] '/init' resolves to '.opencode/command/init.md', whose name the opencode runtime reserves",
      "name-reserved [.opencode/command/init.md] command 'init' shadows the opencode built-in of the same name",
      "reference-broken [.opencode/agent/planner.md] Unresolved invokes mention '/nope' (a prose mention that names no node, not a link)",
    ]);
  });
});

describe('Antigravity project', () => {
  const { lens, result } = scan({
    '.agent/workflows/release.md': '---\nname: release\n---\nRun /lint then /release-notes.\n',
    '.agent/workflows/release-notes.md': 'Notes.\n',
    '.agents/skills/lint/SKILL.md': '---\nname: lint\n---\n',
  });

  it('classifies workflows and skills and resolves /name across both kinds', () => {
    expect(lens.provider).toBe('antigravity');
    expect(nodes(result)).toEqual([
      '.agent/workflows/release-notes.md antigravity:workflow',
      '.agent/workflows/release.md antigravity:workflow',
      '.agents/skills/lint/SKILL.md antigravity:skill',
    ]);
    expect(links(result)).toEqual([
      '.agent/workflows/release.md -invokes-> /lint => .agents/skills/lint/SKILL.md @1',
      '.agent/workflows/release.md -invokes-> /release-notes => .agent/workflows/release-notes.md @1',
    ]);
    expect(result.issues).toEqual([]);
  });
});

describe('Cursor project', () => {
  const { lens, result } = scan({
    '.cursor/rules/style.mdc':
      '---\ndescription: Style\nglobs: "*.ts"\nalwaysApply: false\n---\nBefore merging run /review. Follow @docs/style.md.\n',
    '.cursor/commands/review.md': 'Review.\n',
    '.cursor/mcp.json': '{"mcpServers":{"linear":{"url":"https://l"}}}',
    'docs/style.md': 'Style guide.\n',
  });

  it('classifies rules (.mdc) and commands, reads .cursor/mcp.json, resolves /command and @file', () => {
    expect(lens).toMatchObject({ provider: 'cursor', status: 'detected' });
    expect(nodes(result)).toEqual([
      '.cursor/commands/review.md cursor:command',
      '.cursor/rules/style.mdc cursor:rule',
      'docs/style.md core/markdown:markdown',
      'mcp://linear cursor:mcp',
    ]);
    expect(result.nodes[1]?.frontmatter).toEqual({ description: 'Style', globs: '*.ts', alwaysApply: false });
    expect(links(result)).toEqual([
      '.cursor/rules/style.mdc -invokes-> /review => .cursor/commands/review.md @1',
      '.cursor/rules/style.mdc -references-> .cursor/rules/docs/style.md => docs/style.md @1',
    ]);
    expect(result.issues).toEqual([]);
  });
});

describe('Open Agent Skills layout (default lens)', () => {
  const { lens, result } = scan({
    '.agents/skills/a/SKILL.md':
      '---\nname: a\n---\nSee [b](../../../tools/b/SKILL.md). /not-gated @no-mentions\n',
    'tools/b/SKILL.md': '---\nname: b-skill\n---\n',
    'README.md': '# Readme\n',
  });

  it('makes every SKILL.md folder a skill and runs only universal extractors', () => {
    expect(lens).toMatchObject({ provider: 'agent-skills', status: 'default' });
    expect(nodes(result)).toEqual([
      '.agents/skills/a/SKILL.md agent-skills:skill',
      'README.md core/markdown:markdown',
      'tools/b/SKILL.md agent-skills:skill',
    ]);
    expect(links(result)).toEqual([
      '.agents/skills/a/SKILL.md -references-> tools/b/SKILL.md => tools/b/SKILL.md @1',
    ]);
    expect(issues(result)).toEqual(['warn name-mismatch [tools/b/SKILL.md]']);
  });
});

describe('Claude Code plugin layout', () => {
  const { lens, result } = scan({
    '.claude-plugin/plugin.json': '{"name":"sp","version":"1.0.0"}',
    'skills/brainstorm/SKILL.md':
      '---\nname: brainstorm\n---\nThen use sp:plan and **REQUIRED:** `sp:plan`. Not other:plan, not sp:ghost.\n',
    'skills/plan/SKILL.md': '---\nname: plan\n---\nCalls /go and @critic.\n',
    'commands/go.md': 'Go: /brainstorm\n',
    'agents/critic.md': '---\nname: critic\n---\n',
    'skills/plan/notes.md': 'Supporting doc.\n',
  });

  it('uses the manifest as a weak claude marker and claims skills/commands/agents under the plugin root', () => {
    expect(lens).toMatchObject({ provider: 'claude', status: 'detected', pluginRoots: [''] });
    expect(nodes(result)).toEqual([
      '.claude-plugin/plugin.json plugin:plugin',
      'agents/critic.md plugin:agent',
      'commands/go.md plugin:command',
      'skills/brainstorm/SKILL.md plugin:skill',
      'skills/plan/SKILL.md plugin:skill',
      'skills/plan/notes.md core/markdown:markdown',
    ]);
  });

  it('resolves plugin-qualified triggers only through declared plugin names, and drops the rest silently', () => {
    expect(links(result)).toEqual([
      'commands/go.md -invokes-> /brainstorm => skills/brainstorm/SKILL.md @1',
      'skills/brainstorm/SKILL.md -invokes-> sp:plan => skills/plan/SKILL.md @1',
      'skills/plan/SKILL.md -invokes-> /go => commands/go.md @1',
      'skills/plan/SKILL.md -mentions-> @critic => agents/critic.md @1',
    ]);
    expect(result.links[1]?.occurrences?.map((o) => o.context)).toEqual([null, 'inline-code']);
    expect(result.issues).toEqual([]);
  });
});
