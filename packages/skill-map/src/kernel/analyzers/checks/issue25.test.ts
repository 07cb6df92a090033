// Issue 25's checks over their fixture projects (packages/skill-map/test/fixtures/checks25): the planted project
// plants each problem, the clean twin fixes each one and reports nothing; one-file edits re-run the checks in the
// incremental build's patch mode, equal to a full build.
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
import type { ScanSettings } from '../../types.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../../../../test/fixtures/checks25');
const sha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');
const RULES = new Set(['host-field-unknown', 'host-field-invalid']);
const GRAPH_RULES = new Set([
  'skill-preload-dead',
  'description-truncated',
  'skill-listing-budget',
  'agents-md-over-limit',
  'reference-deprecated',
]);

function fixture(name: string): Record<string, string> {
  const root = join(FIXTURES, name);
  const out: Record<string, string> = {};
  const visit = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) visit(join(dir, e.name));
      else
        out[relative(root, join(dir, e.name)).split(sep).join('/')] = readFileSync(join(dir, e.name), 'utf8');
    }
  };
  visit(root);
  return out;
}

function scanTree(tree: Record<string, string>, settings: ScanSettings = {}): Issue[] {
  const sources = Object.entries(tree)
    .filter(([path]) => isCandidatePath(path))
    .map(([path, text]) => ({ path, text, bytes: Buffer.byteLength(text), modifiedAtMs: null }));
  return scanSources(sources, settings, { hash: sha, walkedPaths: Object.keys(tree) }).result.issues;
}

const line = (i: Issue): string =>
  `${i.severity} ${i.analyzerId} ${i.nodeIds[0]!}${typeof i.data?.target === 'string' ? ` ${i.data.target}` : ''}` +
  (typeof i.data?.suggestion === 'string' ? ` -> ${i.data.suggestion}` : '');

const ours = (issues: Issue[]): string[] =>
  issues
    .filter((i) => RULES.has(i.analyzerId))
    .map(line)
    .sort();

describe('host schema checks (host-field-unknown, host-field-invalid)', () => {
  it('the planted project: every host we map, each planted field reported once, near misses named', () => {
    expect(ours(scanTree(fixture('planted')))).toEqual([
      'info host-field-unknown .claude/skills/deploy/SKILL.md owner',
      'warn host-field-invalid .claude/agents/reviewer.md maxTurns',
      'warn host-field-invalid .claude/agents/reviewer.md permissionMode -> acceptEdits',
      'warn host-field-invalid .claude/settings.json hooks.PreToolUse[0].hooks[0].type',
      'warn host-field-invalid .claude/settings.json includeCoAuthoredBy',
      'warn host-field-invalid .codex/agents/explorer.toml model_reasoning_effort',
      'warn host-field-invalid .codex/config.toml mcp_servers.docs.args',
      'warn host-field-invalid .cursor/rules/typescript.mdc alwaysApply',
      'warn host-field-invalid .opencode/agent/helper.md mode -> subagent',
      'warn host-field-invalid .opencode/command/test.md subtask',
      'warn host-field-unknown .claude/agents/reviewer.md disalowedTools -> disallowedTools',
      'warn host-field-unknown .claude/settings.json permissions.defaultMod -> permissions.defaultMode',
      'warn host-field-unknown .claude/skills/deploy/SKILL.md allowed_tools -> allowed-tools',
      'warn host-field-unknown .codex/agents/explorer.toml sandbox-mode -> sandbox_mode',
      'warn host-field-unknown .codex/config.toml mcp_servers.docs.startup_timeout -> mcp_servers.docs.startup_timeout_sec',
      'warn host-field-unknown .opencode/agent/helper.md temprature -> temperature',
    ]);
  });

  it('says where: the line of a frontmatter or TOML key, and the fix', () => {
    const issues = scanTree(fixture('planted')).filter((i) => RULES.has(i.analyzerId));
    const at = (node: string, target: string): Issue =>
      issues.find((i) => i.nodeIds[0] === node && i.data?.target === target)!;
    expect(at('.claude/agents/reviewer.md', 'disalowedTools').data?.line).toBe(7);
    expect(at('.codex/agents/explorer.toml', 'sandbox-mode').data?.line).toBe(4);
    expect(at('.claude/skills/deploy/SKILL.md', 'allowed_tools').message).toBe(
      "'allowed_tools' is not a field of a Claude Code skill: did you mean 'allowed-tools'?",
    );
    expect(at('.claude/skills/deploy/SKILL.md', 'allowed_tools').fix).toEqual({
      hint: "rename 'allowed_tools' to 'allowed-tools'",
    });
  });

  it('the clean twin: nothing', () => {
    expect(ours(scanTree(fixture('clean')))).toEqual([]);
  });

  it('tools: on a skill points at allowed-tools; OpenCode passes unknown fields on (only near misses)', () => {
    const issues = scanTree({
      '.claude/skills/a/SKILL.md': '---\nname: a\ndescription: Does a; use for a.\ntools: Read\n---\n',
      'opencode.json': '{}\n',
      '.opencode/agent/b.md': '---\ndescription: B\nreasoningEffort: high\ntop_k: 3\n---\nB.\n',
    });
    expect(ours(issues)).toEqual([
      'warn host-field-unknown .claude/skills/a/SKILL.md tools -> allowed-tools',
    ]);
  });

  it('a one-file edit re-runs them in the incremental patch mode (equal to a full build)', () => {
    const files = new Map(Object.entries(fixture('clean')));
    const settings = {};
    const project = incrementalProject(files, settings, sha);
    const { analyze, recordOf, graphCtx, records } = project;
    let state = project.state;
    const path = '.claude/agents/reviewer.md';
    for (const [edit, expected] of [
      [
        (t: string) => t.replace('maxTurns: 10', 'maxTurns: ten'),
        ['warn host-field-invalid .claude/agents/reviewer.md maxTurns'],
      ],
      [(t: string) => t.replace('maxTurns: ten', 'maxTurns: 10'), []],
    ] as const) {
      files.set(path, edit(files.get(path)!));
      recordOf.set(path, analyze(path));
      const out = buildGraphIncremental(records(), graphCtx, state);
      expect(out.mode).toBe('patch');
      expect(JSON.stringify(out.result)).toBe(JSON.stringify(buildGraph(records(), graphCtx)));
      expect(ours(out.result.issues)).toEqual(expected);
      state = out.state;
    }
  });
});

const skill = (name: string, extra = '', description = `Does ${name}; use for ${name}.`): string =>
  `---\nname: ${name}\ndescription: ${description}\n${extra}---\nBody of ${name}.\n`;
const agent = (skills: string): string =>
  `---\nname: reviewer\ndescription: Reviews a change; use after edits.\nskills: [${skills}]\n---\nReview.\n`;

/** Issue 25's graph checks, planted (first) and fixed (second), each pair differing only in what plants the problem. */
const PAIRS: Record<string, [Record<string, string>, Record<string, string>, ScanSettings?]> = {
  'skill-preload-dead': [
    {
      '.claude/agents/reviewer.md': agent('release, lint-rules'),
      '.claude/skills/release/SKILL.md': skill('release', 'disable-model-invocation: true\n'),
      '.cursor/skills/lint-rules/SKILL.md': skill('lint-rules'),
    },
    {
      '.claude/agents/reviewer.md': agent('release, lint-rules'),
      '.claude/skills/release/SKILL.md': skill('release'),
      '.claude/skills/lint-rules/SKILL.md': skill('lint-rules'),
      '.cursor/skills/lint-rules/SKILL.md': skill('lint-rules'),
    },
  ],
  'description-truncated': [
    { '.claude/skills/long/SKILL.md': skill('long', '', `Does long things. ${'Really. '.repeat(200)}`) },
    { '.claude/skills/long/SKILL.md': skill('long', '', 'Does long things; use when things are long.') },
  ],
  'skill-listing-budget': [
    {
      '.claude/skills/a/SKILL.md': skill('a', '', `A. ${'Word '.repeat(40)}`),
      '.claude/skills/b/SKILL.md': skill('b', '', `B. ${'Word '.repeat(40)}`),
      '.claude/agents/c.md': `---\nname: c\ndescription: C. ${'Word '.repeat(40)}\n---\nC.\n`,
    },
    {
      '.claude/skills/a/SKILL.md': skill('a', '', `A. ${'Word '.repeat(40)}`),
      '.claude/skills/b/SKILL.md': skill('b', 'disable-model-invocation: true\n', `B. ${'Word '.repeat(40)}`),
      '.claude/agents/c.md': `---\nname: c\ndescription: C. ${'Word '.repeat(40)}\n---\nC.\n`,
    },
    { listingBudget: 500 },
  ],
  'agents-md-over-limit': [
    {
      'AGENTS.md': `# Rules\n${'Keep it short. '.repeat(1400)}\n`,
      'packages/api/AGENTS.md': `# API\n${'Keep it short. '.repeat(1000)}\n`,
      'packages/web/AGENTS.md': '# Web\nSmall.\n',
    },
    {
      'AGENTS.md': `# Rules\n${'Keep it short. '.repeat(1400)}\n`,
      'packages/api/AGENTS.md': `# API\n${'Keep it short. '.repeat(600)}\n`,
      'packages/web/AGENTS.md': '# Web\nSmall.\n',
    },
  ],
  'reference-deprecated': [
    {
      'CLAUDE.md': 'See [the old guide](docs/old.md), [twice](docs/old.md) and [notes](archive/notes.md).\n',
      'docs/old.md': '# Old\n',
      'docs/old.sm': 'annotations:\n  stability: deprecated\n',
      'docs/new.md': '# New\n',
      'archive/notes.md': '# Notes\nSee [old](../docs/old.md).\n',
    },
    {
      'CLAUDE.md': 'See [the guide](docs/new.md).\n',
      'docs/old.md': '# Old\n',
      'docs/old.sm': 'annotations:\n  stability: deprecated\n',
      'docs/new.md': '# New\n',
      'archive/notes.md': '# Notes\nSee [old](../docs/old.md).\n',
    },
  ],
};

const graphLines = (issues: Issue[]): string[] =>
  issues.filter((i) => GRAPH_RULES.has(i.analyzerId)).map((i) => `${line(i)} | ${i.message}`);

describe('issue 25 graph checks: planted and clean twins', () => {
  it('each planted project reports exactly its problems; each clean twin nothing', () => {
    const got = Object.fromEntries(
      Object.entries(PAIRS).map(([rule, [planted, clean, settings]]) => {
        expect(graphLines(scanTree(clean, settings)), `${rule} clean`).toEqual([]);
        return [rule, graphLines(scanTree(planted, settings))];
      }),
    );
    expect(got).toEqual({
      'skill-preload-dead': [
        "warn skill-preload-dead .claude/agents/reviewer.md lint-rules | skills: 'lint-rules' is only a cursor skill ('.cursor/skills/lint-rules/SKILL.md'): the claude host of this agent does not read it, so nothing is preloaded",
        "warn skill-preload-dead .claude/agents/reviewer.md release | skills: 'release' preloads '.claude/skills/release/SKILL.md', which sets disable-model-invocation: true: Claude Code does not preload such a skill into a subagent",
      ],
      'description-truncated': [
        "warn description-truncated .claude/skills/long/SKILL.md | the skill's description is 1617 characters: Claude Code lists only the first 1536, so the last 81 never reach the model",
      ],
      'skill-listing-budget': [
        "info skill-listing-budget .claude/agents/c.md claude | claude's skills and agents list 606 characters of descriptions at session start, over the budget of 500 (3 entries; longest: .claude/agents/c.md 202, .claude/skills/a/SKILL.md 202, .claude/skills/b/SKILL.md 202)",
      ],
      'agents-md-over-limit': [
        'warn agents-md-over-limit packages/api/AGENTS.md | Codex concatenates AGENTS.md + packages/api/AGENTS.md: 35.2 KiB, over its 32.0 KiB limit; what comes after is cut',
      ],
      'reference-deprecated': [
        "info reference-deprecated CLAUDE.md archive/notes.md | links to 'archive/notes.md', which is in an archive folder",
        "warn reference-deprecated CLAUDE.md docs/old.md | links to 'docs/old.md', which is marked deprecated",
      ],
    });
  });

  it('re-run by a one-file edit in the incremental patch mode, equal to a full build', () => {
    const files = new Map(
      Object.entries({
        ...PAIRS['skill-preload-dead']![1],
        ...PAIRS['agents-md-over-limit']![1],
        ...PAIRS['reference-deprecated']![1],
      }),
    );
    const settings = {};
    const project = incrementalProject(files, settings, sha);
    const { analyze, recordOf, graphCtx, records } = project;
    let state = project.state;
    const edits: [string, (t: string) => string, string[]][] = [
      // An agent's preload list names the skill only Cursor reads.
      [
        '.claude/agents/reviewer.md',
        (t) => t.replace('release, lint-rules', 'release, lint-rules, cursor-rule'),
        [],
      ],
      [
        '.claude/skills/release/SKILL.md',
        (t) => t.replace('---\nBody', 'disable-model-invocation: true\n---\nBody'),
        ['skill-preload-dead release'],
      ],
      [
        'packages/api/AGENTS.md',
        (t) => t + 'Keep it short. '.repeat(300),
        ['skill-preload-dead release', 'agents-md-over-limit packages/api/AGENTS.md'],
      ],
      [
        'CLAUDE.md',
        (t) => `${t}Also [notes](archive/notes.md).\n`,
        [
          'skill-preload-dead release',
          'agents-md-over-limit packages/api/AGENTS.md',
          'reference-deprecated archive/notes.md',
        ],
      ],
      [
        '.claude/skills/release/SKILL.md',
        (t) => t.replace('disable-model-invocation: true\n', ''),
        ['agents-md-over-limit packages/api/AGENTS.md', 'reference-deprecated archive/notes.md'],
      ],
    ];
    for (const [path, edit, expected] of edits) {
      files.set(path, edit(files.get(path)!));
      recordOf.set(path, analyze(path));
      const out = buildGraphIncremental(records(), graphCtx, state);
      expect(out.mode, path).toBe('patch');
      expect(JSON.stringify(out.result)).toBe(JSON.stringify(buildGraph(records(), graphCtx)));
      expect(
        out.result.issues
          .filter((i) => GRAPH_RULES.has(i.analyzerId))
          .map((i) => `${i.analyzerId} ${String(i.data?.target ?? i.nodeIds[0])}`)
          .sort(),
      ).toEqual([...expected].sort());
      state = out.state;
    }
  });
});
