// "Every detected host is active": a project serving Claude Code, OpenCode, Codex, Antigravity and Cursor at once
// (modelled on examples/demo-project), plus a scan of the demo project fixture (testing/demo-project.ts: the tests
// never read the repository's example folder, which `npm run demo` leaves alone too).
import { createHash } from 'node:crypto';
import { createSpecValidator } from '@skill-map/spec/testing';
import { toSpecScanResult } from '@skill-map/spec';
import type { Link, ScanResult } from '@skill-map/spec';
import { describe, expect, it } from 'vitest';
import { isCandidatePath } from './analyze-file.js';
import { cacheKey, createFileContext } from './context.js';
import { detectLens } from './lens.js';
import { scanSources, type ScanSourcesResult } from './scan.js';
import { DEMO_PROJECT } from './testing/demo-project.js';
import { CHECK_ANALYZERS } from './analyzers/checks/registry.js';
import type { ScanSettings, SourceFile } from './types.js';

const sha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');
const validator = createSpecValidator();

function toSources(tree: Record<string, string>): SourceFile[] {
  return Object.entries(tree).map(([path, text]) => ({
    path,
    text,
    bytes: Buffer.byteLength(text),
    modifiedAtMs: null,
  }));
}

function expectSchemaValid(result: ScanResult): void {
  expect(validator.validate('scanResult', toSpecScanResult(result))).toEqual({ ok: true });
  for (const n of result.nodes) expect(validator.validate('node', n)).toEqual({ ok: true });
  for (const l of result.links) expect(validator.validate('link', l)).toEqual({ ok: true });
  for (const i of result.issues) expect(validator.validate('issue', i)).toEqual({ ok: true });
}

const nodes = (r: ScanResult): string[] => r.nodes.map((n) => `${n.path} ${n.provider}:${n.kind}`);
const linkLine = (l: Link): string =>
  `${l.source} -${l.kind}-> ${l.target} => ${l.resolvedTarget ?? '∅'} @${l.confidence}`;
const issueLine = (r: ScanResult): string[] =>
  r.issues.map((i) => `${i.severity} ${i.analyzerId} [${i.nodeIds.join(',')}] ${i.message}`);
const linkFrom = (r: ScanResult, source: string, target: string): Link | undefined =>
  r.links.find((l) => l.source === source && l.target === target);

const MULTI_HOST: Record<string, string> = {
  // Claude Code
  '.claude/skills/release-notes/SKILL.md':
    '---\nname: release-notes\ndescription: Drafts release notes.\n---\nDraft, then hand over to @reviewer and run `/deploy`.\n',
  '.claude/agents/reviewer.md':
    '---\nname: reviewer\ndescription: Reviews notes.\ntools: Read, mcp__github__get_pull_request\n---\nReview the notes, then suggest /deploy.\n',
  '.claude/commands/ship.md':
    '---\ndescription: Prepare a release.\n---\nDraft with /release-notes, ask @reviewer, stop with a go/no-go.\n',
  '.claude/commands/deploy.md': '---\ndescription: Deploy.\n---\nOnly after `/ship` said go.\n',
  '.mcp.json':
    '{"mcpServers":{"github":{"type":"stdio","command":"github-mcp-server"},"filesystem":{"command":"fs-mcp"}}}',
  // Codex
  '.codex/config.toml': '[mcp_servers.docs]\ncommand = "docs-mcp"\n',
  '.codex/agents/triager.toml':
    'name = "triager"\ndescription = "Sorts issues."\ndeveloper_instructions = """\nLabel issues; ask for $db-migrate when the schema is involved.\n"""\n',
  '.agents/skills/db-migrate/SKILL.md':
    '---\nname: db-migrate\ndescription: Writes a migration.\n---\nRecord the result in [the process](../../../docs/process.md).\n',
  // OpenCode
  '.opencode/agent/planner.md': '---\ndescription: Plans changes.\nmode: subagent\n---\nEnd with `/plan`.\n',
  '.opencode/commands/plan.md': '---\ndescription: Make a plan.\n---\nAsk the planner agent.\n',
  'opencode.json': '{ "mcp": { "tracker": { "type": "remote", "url": "http://127.0.0.1:7000/mcp" } } }',
  // Antigravity
  '.agent/workflows/hotfix.md':
    '---\ndescription: Ship a hotfix.\n---\nRun /release-notes for the change, then /deploy.\n',
  // Cursor
  '.cursor/rules/typescript.mdc':
    '---\ndescription: TS conventions.\nglobs: "**/*.ts"\nalwaysApply: false\n---\nStrict mode. See @docs/process.md and run /format.\n',
  '.cursor/commands/format.md': 'Format the diff.\n',
  '.cursor/commands/review.md': 'Review the diff like @reviewer.\n',
  '.cursor/mcp.json':
    '{"mcpServers":{"github":{"command":"github-mcp-server"},"linear":{"url":"https://l"}}}',
  // Shared instructions
  'AGENTS.md':
    '# Agents\n\nRun /ship (it asks @reviewer). Database changes go through $db-migrate. Plans: /plan. Hotfixes: /hotfix.\n',
  'CLAUDE.md': 'Follow @AGENTS.md. Use `/deploy` only after `/ship`.\n',
  'docs/process.md': '# Process\n\n1. `/ship`\n2. `/deploy`\n',
};

describe('multi-host project: every detected host is active', () => {
  // The issue-11 checks have their own fixture suite (analyzers/checks/checks.test.ts).
  const settings = { disabledAnalyzers: CHECK_ANALYZERS.map((a) => a.id) };
  const { lens, records, result }: ScanSourcesResult = scanSources(toSources(MULTI_HOST), settings, {
    hash: sha,
  });

  it('activates every host with a strong marker, claude first', () => {
    expect(lens).toMatchObject({
      provider: 'claude',
      providers: ['claude', 'opencode', 'codex', 'antigravity', 'cursor'],
      status: 'detected',
      warnings: [],
    });
    expect(result).toMatchObject({
      activeProvider: 'claude',
      providers: ['claude', 'opencode', 'codex', 'antigravity', 'cursor'],
    });
    expectSchemaValid(result);
  });

  it('classifies every file by its own host with the right kind (shared territories by precedence)', () => {
    expect(nodes(result)).toEqual([
      '.agent/workflows/hotfix.md antigravity:workflow',
      // `.agents/skills` is shared by opencode, codex and antigravity: the first active one in precedence claims it.
      '.agents/skills/db-migrate/SKILL.md opencode:skill',
      '.claude/agents/reviewer.md claude:agent',
      '.claude/commands/deploy.md claude:command',
      '.claude/commands/ship.md claude:command',
      '.claude/skills/release-notes/SKILL.md claude:skill',
      '.codex/agents/triager.toml codex:agent',
      '.cursor/commands/format.md cursor:command',
      '.cursor/commands/review.md cursor:command',
      '.cursor/rules/typescript.mdc cursor:rule',
      '.opencode/agent/planner.md opencode:agent',
      '.opencode/commands/plan.md opencode:command',
      'AGENTS.md core/markdown:markdown',
      'CLAUDE.md core/markdown:markdown',
      'docs/process.md core/markdown:markdown',
      'mcp://docs codex:mcp',
      'mcp://filesystem claude:mcp',
      'mcp://github claude:mcp',
      'mcp://linear cursor:mcp',
      'mcp://tracker opencode:mcp',
    ]);
  });

  it("runs every active host's grammar and resolves through the merged resolution maps", () => {
    expect(result.links.map(linkLine)).toEqual([
      // claude reserves `release-notes` (a built-in slash command): the skill shadows it, links to it are penalised.
      '.agent/workflows/hotfix.md -invokes-> /release-notes => .claude/skills/release-notes/SKILL.md @0.1',
      '.agent/workflows/hotfix.md -invokes-> /deploy => .claude/commands/deploy.md @1',
      '.agents/skills/db-migrate/SKILL.md -references-> docs/process.md => docs/process.md @1',
      '.claude/agents/reviewer.md -references-> mcp://github => mcp://github @1',
      '.claude/agents/reviewer.md -invokes-> /deploy => .claude/commands/deploy.md @1',
      '.claude/commands/deploy.md -invokes-> /ship => .claude/commands/ship.md @1',
      '.claude/commands/ship.md -invokes-> /release-notes => .claude/skills/release-notes/SKILL.md @0.1',
      '.claude/commands/ship.md -mentions-> @reviewer => .claude/agents/reviewer.md @1',
      '.claude/skills/release-notes/SKILL.md -mentions-> @reviewer => .claude/agents/reviewer.md @1',
      '.claude/skills/release-notes/SKILL.md -invokes-> /deploy => .claude/commands/deploy.md @1',
      '.codex/agents/triager.toml -invokes-> $db-migrate => .agents/skills/db-migrate/SKILL.md @1',
      '.cursor/commands/review.md -mentions-> @reviewer => .claude/agents/reviewer.md @1',
      '.cursor/rules/typescript.mdc -references-> .cursor/rules/docs/process.md => docs/process.md @1',
      '.cursor/rules/typescript.mdc -invokes-> /format => .cursor/commands/format.md @1',
      '.opencode/agent/planner.md -invokes-> /plan => .opencode/commands/plan.md @1',
      'AGENTS.md -invokes-> /ship => .claude/commands/ship.md @1',
      'AGENTS.md -mentions-> @reviewer => .claude/agents/reviewer.md @1',
      'AGENTS.md -invokes-> $db-migrate => .agents/skills/db-migrate/SKILL.md @1',
      'AGENTS.md -invokes-> /plan => .opencode/commands/plan.md @1',
      'AGENTS.md -invokes-> /hotfix => .agent/workflows/hotfix.md @1',
      'CLAUDE.md -references-> AGENTS.md => AGENTS.md @1',
      'CLAUDE.md -invokes-> /deploy => .claude/commands/deploy.md @1',
      'CLAUDE.md -invokes-> /ship => .claude/commands/ship.md @1',
      'docs/process.md -invokes-> /ship => .claude/commands/ship.md @1',
      'docs/process.md -invokes-> /deploy => .claude/commands/deploy.md @1',
    ]);
  });

  it('resolves /ship to the claude command, $db-migrate to the .agents/skills skill, @reviewer to the claude agent', () => {
    expect(linkFrom(result, 'AGENTS.md', '/ship')).toMatchObject({
      kind: 'invokes',
      resolvedTarget: '.claude/commands/ship.md',
      confidence: 1,
    });
    expect(linkFrom(result, 'AGENTS.md', '$db-migrate')).toMatchObject({
      kind: 'invokes',
      resolvedTarget: '.agents/skills/db-migrate/SKILL.md',
      confidence: 1,
    });
    expect(linkFrom(result, '.codex/agents/triager.toml', '$db-migrate')?.resolvedTarget).toBe(
      '.agents/skills/db-migrate/SKILL.md',
    );
    expect(linkFrom(result, 'AGENTS.md', '@reviewer')).toMatchObject({
      kind: 'mentions',
      resolvedTarget: '.claude/agents/reviewer.md',
      confidence: 1,
    });
    expect(linkFrom(result, '.cursor/commands/review.md', '@reviewer')?.resolvedTarget).toBe(
      '.claude/agents/reviewer.md',
    );
  });

  it('lists every MCP server once, whichever configs declare it', () => {
    const mcp = result.nodes.filter((n) => n.kind === 'mcp');
    // Two configs declare github: the first active host in precedence (claude's .mcp.json) owns the node.
    expect(mcp.map((n) => [n.path, n.provider, n.derivedFrom])).toEqual([
      ['mcp://docs', 'codex', ['.codex/config.toml']],
      ['mcp://filesystem', 'claude', ['.mcp.json']],
      ['mcp://github', 'claude', ['.claude/agents/reviewer.md', '.cursor/mcp.json', '.mcp.json']],
      ['mcp://linear', 'cursor', ['.cursor/mcp.json']],
      ['mcp://tracker', 'opencode', ['opencode.json']],
    ]);
    expect(mcp.every((n) => n.virtual === true && !('env' in (n.frontmatter ?? {})))).toBe(true);
  });

  it("applies each host's reserved names to that host's own files only", () => {
    expect(issueLine(result)).toEqual([
      "warn name-reserved [.agent/workflows/hotfix.md] '/release-notes' resolves to '.claude/skills/release-notes/SKILL.md', whose name the claude runtime reserves",
      "warn name-reserved [.claude/commands/ship.md] '/release-notes' resolves to '.claude/skills/release-notes/SKILL.md', whose name the claude runtime reserves",
      "warn name-reserved [.claude/skills/release-notes/SKILL.md] skill 'release notes' shadows the claude built-in of the same name",
      // `.cursor/commands/review.md` is not flagged: Claude's `/review` built-in does not shadow a Cursor command.
    ]);
  });

  it('keys the per-file cache on the active set', () => {
    const paths = Object.keys(MULTI_HOST);
    const key = (settings: ScanSettings): string =>
      cacheKey(createFileContext(detectLens(paths, settings), settings, { hash: sha }));
    const all = key({});
    expect(records.every((r) => r.cacheKey === all)).toBe(true);
    expect(key({ activeProvider: 'claude' })).not.toBe(all);
    expect(key({ activeProvider: ['claude', 'codex'] })).not.toBe(key({ activeProvider: 'claude' }));
    expect(key({ activeProvider: ['codex', 'claude'] })).toBe(key({ activeProvider: ['claude', 'codex'] }));
    expect(key({ activeProvider: ['cursor', 'antigravity', 'codex', 'opencode', 'claude'] })).toBe(all);
  });
});

describe('multi-host name collisions', () => {
  it('reports a command name shared by two active hosts', () => {
    const tree = { ...MULTI_HOST, '.cursor/commands/deploy.md': 'Cursor deploy.\n' };
    const { result } = scanSources(toSources(tree), { activeProvider: ['codex', 'cursor'] }, { hash: sha });
    // Restricted to codex + cursor, the claude command is plain markdown: no collision.
    expect(result.issues.filter((i) => i.analyzerId === 'name-collision').map((i) => i.nodeIds)).toEqual([]);
    const all = scanSources(toSources(tree), {}, { hash: sha }).result;
    expect(all.issues.filter((i) => i.analyzerId === 'name-collision').map((i) => i.nodeIds)).toEqual([
      ['.claude/commands/deploy.md', '.cursor/commands/deploy.md'],
    ]);
    expect(linkFrom(all, 'CLAUDE.md', '/deploy')?.resolvedTarget).toBe('.claude/commands/deploy.md');
  });
});

describe('multi-host project restricted by activeProvider', () => {
  const { lens, result } = scanSources(
    toSources(MULTI_HOST),
    { activeProvider: ['cursor', 'codex'] },
    { hash: sha },
  );

  it('classifies only the configured hosts; the others fall back to agent-skills / markdown', () => {
    expect(lens).toMatchObject({ provider: 'codex', providers: ['codex', 'cursor'], status: 'configured' });
    expect(nodes(result)).toEqual([
      '.agent/workflows/hotfix.md core/markdown:markdown',
      '.agents/skills/db-migrate/SKILL.md codex:skill',
      '.claude/agents/reviewer.md core/markdown:markdown',
      '.claude/commands/deploy.md core/markdown:markdown',
      '.claude/commands/ship.md core/markdown:markdown',
      '.claude/skills/release-notes/SKILL.md agent-skills:skill',
      '.codex/agents/triager.toml codex:agent',
      '.cursor/commands/format.md cursor:command',
      '.cursor/commands/review.md cursor:command',
      '.cursor/rules/typescript.mdc cursor:rule',
      '.opencode/agent/planner.md core/markdown:markdown',
      '.opencode/commands/plan.md core/markdown:markdown',
      'AGENTS.md core/markdown:markdown',
      'CLAUDE.md core/markdown:markdown',
      'docs/process.md core/markdown:markdown',
      'mcp://docs codex:mcp',
      'mcp://filesystem claude:mcp',
      // No active config host outranks the other here: cursor is active, claude is not.
      'mcp://github cursor:mcp',
      'mcp://linear cursor:mcp',
      'mcp://tracker opencode:mcp',
    ]);
    // claude's @mentions do not run; `/ship` (cursor grammar) finds no command, claude's reserved list is inactive.
    expect(linkFrom(result, 'AGENTS.md', '@reviewer')).toBeUndefined();
    expect(linkFrom(result, 'AGENTS.md', '/ship')).toMatchObject({ resolvedTarget: null, confidence: 0.25 });
    expect(linkFrom(result, 'AGENTS.md', '$db-migrate')?.resolvedTarget).toBe(
      '.agents/skills/db-migrate/SKILL.md',
    );
    expect(result.issues.some((i) => i.analyzerId === 'name-reserved')).toBe(false);
  });
});

/** The demo fixture as a walk would see it: every file walked, the candidates read. */
function readDemo(): { walked: string[]; sources: SourceFile[] } {
  const walked = Object.keys(DEMO_PROJECT).sort();
  const sources = toSources(DEMO_PROJECT).filter((f) => isCandidatePath(f.path));
  return { walked, sources };
}

describe('the demo project (fixture)', () => {
  const { walked, sources } = readDemo();
  const { lens, result } = scanSources(sources, {}, { hash: sha, walkedPaths: walked });

  it('activates all five hosts', () => {
    expect(lens).toMatchObject({
      provider: 'claude',
      providers: ['claude', 'opencode', 'codex', 'antigravity', 'cursor'],
      status: 'detected',
      warnings: [],
    });
    expectSchemaValid(result);
  });

  it('classifies each host layout by its own host', () => {
    expect(nodes(result)).toEqual([
      '.agent/workflows/hotfix.md antigravity:workflow',
      '.agents/skills/db-migrate/SKILL.md opencode:skill',
      '.claude/agents/reviewer.md claude:agent',
      '.claude/commands/deploy.md claude:command',
      '.claude/commands/ship.md claude:command',
      '.claude/skills/changelog-lint/SKILL.md claude:skill',
      '.claude/skills/release-notes/SKILL.md claude:skill',
      '.codex/agents/triager.toml codex:agent',
      '.cursor/commands/review.md cursor:command',
      '.cursor/rules/typescript.mdc cursor:rule',
      '.opencode/agent/planner.md opencode:agent',
      '.opencode/commands/plan.md opencode:command',
      'AGENTS.md core/markdown:markdown',
      'CLAUDE.md core/markdown:markdown',
      'README.md core/markdown:markdown',
      'docs/architecture.md core/markdown:markdown',
      'docs/release-process.md core/markdown:markdown',
      'mcp://docs codex:mcp',
      'mcp://filesystem claude:mcp',
      'mcp://github claude:mcp',
      'mcp://tracker opencode:mcp',
    ]);
  });

  it('resolves the cross-host triggers of AGENTS.md and the host files', () => {
    const to = (source: string, target: string): string | null | undefined =>
      linkFrom(result, source, target)?.resolvedTarget;
    expect(to('AGENTS.md', '/ship')).toBe('.claude/commands/ship.md');
    expect(to('AGENTS.md', '$db-migrate')).toBe('.agents/skills/db-migrate/SKILL.md');
    expect(to('AGENTS.md', '@reviewer')).toBe('.claude/agents/reviewer.md');
    expect(to('.codex/agents/triager.toml', '$db-migrate')).toBe('.agents/skills/db-migrate/SKILL.md');
    expect(to('.opencode/agent/planner.md', '/plan')).toBe('.opencode/commands/plan.md');
    expect(to('.agent/workflows/hotfix.md', '/deploy')).toBe('.claude/commands/deploy.md');
    expect(to('.cursor/rules/typescript.mdc', 'docs/architecture.md')).toBe('docs/architecture.md');
    expect(result.links.filter((l) => l.resolvedTarget === null).map(linkLine)).toEqual([
      '.claude/skills/changelog-lint/SKILL.md -references-> docs/style-guide.md => ∅ @0.25',
      'docs/architecture.md -references-> docs/deployment.md => ∅ @0.25',
    ]);
  });

  it('reports the two intentionally broken links as reference-broken', () => {
    expect(
      result.issues
        .filter((i) => i.analyzerId === 'reference-broken')
        .map((i) => [i.severity, i.nodeIds, i.data?.target]),
    ).toEqual([
      ['error', ['.claude/skills/changelog-lint/SKILL.md'], 'docs/style-guide.md'],
      ['error', ['docs/architecture.md'], 'docs/deployment.md'],
    ]);
  });
});
