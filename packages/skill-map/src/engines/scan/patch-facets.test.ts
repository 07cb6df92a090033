import { writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { BUILTIN_ANALYZERS } from '../../kernel/analyzers/catalog.js';
import { shortAnalyzerId } from '../../kernel/index.js';
import { RICH_PROJECT } from '../../kernel/testing/rich-project.js';
import { expectPatchedLikeFull, patchScan, rewriteAt, stableTree } from './testing/patch-tree.js';
import { rowFacts } from './testing/row-facts.js';

// A patch re-runs only the whole-graph checks of the facets a change moved (`WholeFacet`): the `node` checks on the
// changed nodes alone, the others over the stored graph. One issue of every whole-graph check is planted here in files
// no edit touches, and each edit moves one facet: a check re-run too narrowly (or classified in the wrong facet) would
// drop its planted issue or keep a stale one, and the rows would differ from a full scan of a copy.

const EXTRA: Record<string, string> = {
  // node: colour, model, tools, required fields, skill name; settings: hook event, hook script, permission rule.
  '.claude/agents/colourful.md':
    '---\nname: colourful\ndescription: Paints\ncolor: purpel\nmodel: gpt-4\ntools: [Reed]\n---\nPaint.\n',
  '.claude/skills/Bad_Name/SKILL.md': '---\nname: Bad_Name\n---\nNo description.\n',
  '.claude/settings.json': JSON.stringify({
    hooks: {
      PreToolUse: [{ hooks: [{ type: 'command', command: '$CLAUDE_PROJECT_DIR/.claude/nope.sh' }] }],
      PostTooluse: [{ hooks: [{ type: 'command', command: 'true' }] }],
    },
    permissions: { allow: ['Reed(./x)', 'mcp__ghost__run'] },
  }),
  // mcp: a configured server nothing names (while others are named); skills: an agent naming no skill.
  '.mcp.json': JSON.stringify({
    mcpServers: {
      linear: { command: 'linear-mcp' },
      github: { type: 'http', url: 'https://example.com/mcp' },
      sentry: { command: 'sentry-mcp' },
    },
  }),
  '.claude/agents/skilled.md':
    '---\nname: skilled\ndescription: Uses skills\nskills: [pdf, no-such-skill, never-there]\ntools: [mcp__nowhere__run]\n---\nGo.\n',
  '.claude/skills/later/SKILL.md': '---\nname: later\ndescription: Later\n---\nLater.\n',
  // imports: a cycle and a chain too deep; invocations: a cycle.
  'docs/loop-a.md': 'Loop: @docs/loop-b.md\n',
  'docs/loop-b.md': 'Back: @docs/loop-a.md\n',
  'mem/CLAUDE.md': '@mem/d1.md\n',
  'mem/d1.md': '@mem/d2.md\n',
  'mem/d2.md': '@mem/d3.md\n',
  'mem/d3.md': '@mem/d4.md\n',
  'mem/d4.md': '@mem/d5.md\n',
  'mem/d5.md': '@mem/d6.md\n',
  'mem/d6.md': 'Deep.\n',
  '.claude/commands/ping.md': '---\ndescription: Pings\n---\nThen run /pong.\n',
  '.claude/commands/pong.md': '---\ndescription: Pongs\n---\nThen run /ping.\n',
  // resources: one reached through a folder link, one nothing reaches; an annotated doc whose sidecar is stale.
  '.claude/skills/tables/SKILL.md':
    '---\nname: tables\ndescription: Tables\n---\nRead [the references](refs/).\n',
  '.claude/skills/tables/refs/one.md': 'One.\n',
  '.claude/skills/tables/orphan.md': 'Nobody links here.\n',
  '.claude/skills/tables/linked-later.md': 'An edit links here.\n',
  '.claude/skills/tables/guides/two.md': 'An edit links the folder of this one.\n',
  'docs/stale.md': 'Changed since.\n',
  'docs/fresh.md': 'Annotated, then edited.\n',
  'docs/fresh.sm': 'annotations:\n  tags: [b]\n',
  // Issue 25: a preload of a skill the model may not invoke; skill descriptions over Claude Code's 1,536 characters,
  // together over the listing budget; an AGENTS.md chain over Codex's 32 KiB.
  '.claude/skills/manual/SKILL.md':
    '---\nname: manual\ndescription: Run by hand\ndisable-model-invocation: true\n---\nBy hand.\n',
  '.claude/agents/preloader.md': '---\nname: preloader\ndescription: Preloads\nskills: [manual]\n---\nGo.\n',
  ...Object.fromEntries(
    [1, 2, 3, 4, 5, 6].map((n) => [
      `.claude/skills/wordy-${n}/SKILL.md`,
      `---\nname: wordy-${n}\ndescription: ${'Says a lot. '.repeat(140)}\n---\nWordy.\n`,
    ]),
  ),
  'AGENTS.md': `# Agents\n${'Keep it short. '.repeat(1400)}\n`,
  'pkg/AGENTS.md': `# Package\n${'Keep it short. '.repeat(900)}\n`,
  'docs/stale.sm':
    'identity:\n  bodyHash: "0000000000000000000000000000000000000000000000000000000000000000"\n  frontmatterHash: "0000000000000000000000000000000000000000000000000000000000000000"\nannotations:\n  tags: [a]\n',
};

const FILES = { ...RICH_PROJECT, ...EXTRA };
let tree: TempTree;
beforeEach(() => {
  tree = stableTree('sm-patch-facets-', FILES);
});
afterEach(() => tree.remove());

const scan = () => patchScan(tree);

// node-never-run reads the activity capture kept under .skill-map/, which the copy a full scan runs on leaves out: its
// patch is tested over the last-seen store in engines/activity/never-run.test.ts.
const WHOLE = BUILTIN_ANALYZERS.filter((a) => a.wholeGraph !== undefined)
  .map((a) => shortAnalyzerId(a.id))
  .filter((id) => id !== 'node-never-run');

/** Analyzer id → how many issues it has, for every whole-graph check. */
function wholeCounts(): Record<string, number> {
  const out: Record<string, number> = Object.fromEntries(WHOLE.map((id) => [id, 0]));
  for (const row of rowFacts(tree.root).issues) {
    const id = WHOLE.find((a) => row.includes(`"${a}"`));
    if (id !== undefined) out[id] = (out[id] ?? 0) + 1;
  }
  return out;
}

const AGENT = (fm: string, body = 'Triage.'): string =>
  `---\nname: triager\ndescription: Sorts\n${fm}---\n${body}\n`;

it('plants an issue of every whole-graph check', async () => {
  await scan();
  const counts = wholeCounts();
  expect(Object.entries(counts).filter(([, n]) => n === 0)).toEqual([]);
});

/** The stored node of `path`. */
function storedNode(path: string): {
  bodyHash: string;
  frontmatterHash: string;
  sidecar?: { status: string | null };
} {
  const db = new Database(tree.abs('.skill-map/skill-map.db'), { readonly: true });
  try {
    return JSON.parse(
      db.prepare(`SELECT node_json FROM scan_nodes WHERE path = ?`).pluck().get(path) as string,
    ) as ReturnType<typeof storedNode>;
  } finally {
    db.close();
  }
}

/** The drift badge of a stored node (`sidecar.status`). */
const sidecarStatus = (path: string): string | null | undefined => storedNode(path).sidecar?.status;

/** Writes the sidecar of `docs/fresh.md` with the node's current hashes (so that an edit of its body makes it stale). */
function stampFresh(): void {
  const node = storedNode('docs/fresh.md');
  const sidecar = `identity:\n  bodyHash: "${node.bodyHash}"\n  frontmatterHash: "${node.frontmatterHash}"\nannotations:\n  tags: [b]\n`;
  writeFileSync(tree.abs('docs/fresh.sm'), sidecar);
}

it('re-runs the checks of the facet each edit moves, row for row a full scan of a copy', async () => {
  await scan();
  stampFresh();
  await scan();
  expect(sidecarStatus('docs/fresh.md')).toBe('fresh');
  const edits: Array<[facet: string, path: string, text: string]> = [
    ['triager as the edits below start from', '.claude/agents/triager.md', AGENT('tools: [Read]\n')],
    ['node (colour)', '.claude/agents/triager.md', AGENT('color: bleu\ntools: [Read]\n')],
    ['node (colour fixed)', '.claude/agents/triager.md', AGENT('color: blue\ntools: [Read]\n')],
    // A body edit of an annotated node: its sidecar's hashes no longer match.
    ['node (an annotated body)', 'docs/fresh.md', 'Annotated, then edited again.\n'],
    ['mcp (a new server)', '.claude/agents/triager.md', AGENT('tools: [Read, mcp__fresh__go]\n')],
    ['skills', '.claude/agents/triager.md', AGENT('skills: [pdf, missing-one]\n')],
    // `skilled` names no-such-skill: renamed to it, a skill answers that entry of its list.
    [
      'skills (a skill renamed)',
      '.claude/skills/later/SKILL.md',
      '---\nname: no-such-skill\ndescription: Now\n---\nL.\n',
    ],
    ['imports', 'docs/guide.md', 'Guide. @docs/loop-a.md\n'],
    // The root memory file imports the deep chain too: a second file too deep.
    ['imports (a chain too deep)', 'CLAUDE.md', 'Project memory. @mem/d1.md\n'],
    ['invocations', '.claude/commands/deploy.md', '---\ndescription: Deploys\n---\nThen run /ping.\n'],
    // The settings allow mcp__ghost__run: once a config defines ghost, that rule names a known server.
    [
      'mcp (a config defines a server)',
      '.mcp.json',
      JSON.stringify({
        mcpServers: {
          linear: { command: 'l' },
          github: { url: 'https://x' },
          sentry: { command: 's' },
          ghost: { command: 'g' },
        },
      }),
    ],
    // Issue 25: the preloaded skill may be invoked now; the nested AGENTS.md shrinks, then grows again.
    [
      'skills (a preloaded skill opens up)',
      '.claude/skills/manual/SKILL.md',
      '---\nname: manual\ndescription: Run by hand or by the model\n---\nBy hand.\n',
    ],
    ['memory (under the limit)', 'pkg/AGENTS.md', '# Package\nShort now.\n'],
    ['memory (over again)', 'pkg/AGENTS.md', `# Package\n${'Keep it short. '.repeat(1000)}\n`],
    [
      'skills (a preload closes again)',
      '.claude/skills/manual/SKILL.md',
      '---\nname: manual\ndescription: Run by hand\ndisable-model-invocation: true\n---\nBy hand.\n',
    ],
    ['resources', 'docs/guide.md', 'Guide. See [orphan](../.claude/skills/tables/linked-later.md).\n'],
    // A folder link reaches the resources inside it.
    [
      'resources (a folder link)',
      '.claude/skills/tables/SKILL.md',
      '---\nname: tables\ndescription: Tables\n---\nRead [the references](refs/) and [the guides](guides/).\n',
    ],
  ];
  const reran: Array<[string, readonly string[]]> = [];
  for (const [n, [facet, path, text]] of edits.entries()) {
    rewriteAt(tree, path, text, n + 1);
    const out = await scan();
    await expectPatchedLikeFull(tree, facet, out);
    reran.push([facet, out.rechecked?.analyzers ?? []]);
  }
  // Only the checks of the facet that moved re-ran: a colour edit re-runs the node checks alone, a new server the MCP
  // checks (and the node checks: the tools list is frontmatter), a config defining a server the MCP checks alone, and
  // none of them re-runs the cycle, skills or reachability checks.
  const of = (facet: string): readonly string[] => reran.find(([f]) => f === facet)![1];
  expect(of('node (colour)')).toContain('agent-color-invalid');
  expect(of('node (colour)')).not.toContain('mcp-server-undefined');
  expect(of('mcp (a new server)')).toEqual(expect.arrayContaining(['mcp-server-undefined', 'tool-unknown']));
  for (const facet of ['node (colour)', 'mcp (a new server)', 'mcp (a config defines a server)'])
    expect(
      of(facet).filter((id) =>
        ['invocation-cycle', 'node-unreachable', 'import-circular', 'agent-skill-unknown'].includes(id),
      ),
    ).toEqual([]);
  // A config's servers are read by the MCP wiring checks alone.
  expect(of('mcp (a config defines a server)')).toEqual([
    'mcp-server-undefined',
    'mcp-server-unused',
    'permission-rule-unknown',
  ]);
  expect(of('invocations')).toContain('invocation-cycle');
  expect(of('skills (a preloaded skill opens up)')).toEqual(
    expect.arrayContaining(['skill-preload-dead', 'skill-listing-budget']),
  );
  expect(of('memory (under the limit)')).toEqual(['agents-md-over-limit']);
  // The planted issues of the files no edit touched are all still there.
  const after = wholeCounts();
  for (const id of WHOLE) expect(after[id], id).toBeGreaterThan(0);
  // The annotated body edit drifted its sidecar: a badge on the node (sidecar.status), no issue.
  expect(sidecarStatus('docs/fresh.md')).toBe('stale-body');
  expect(sidecarStatus('docs/stale.md')).toBe('stale-both');
});
