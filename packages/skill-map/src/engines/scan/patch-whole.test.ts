import { afterEach, beforeEach, expect, it } from 'vitest';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { RICH_PROJECT } from '../../kernel/testing/rich-project.js';
import { expectPatchedLikeFull, patchScan, rewriteAt, stableTree } from './testing/patch-tree.js';
import { rowFacts } from './testing/row-facts.js';

// A patch whose change the whole-graph checks can see re-runs them over the stored graph, reading only the rows they
// follow (adapters/sqlite/patch-reads.ts). Every kind of row they read is planted here in files the edits never touch:
// an @import cycle, a /ping–/pong invocation cycle, folder links that reach a skill's resources (and one resource nothing reaches), MCP tool
// uses of undefined servers, an annotated doc. A patch that left one of them out would drop or invent an issue.

const EXTRA: Record<string, string> = {
  '.claude/commands/ping.md': '---\ndescription: Pings\n---\nThen run /pong.\n',
  '.claude/commands/pong.md': '---\ndescription: Pongs\n---\nThen run /ping.\n',
  'docs/loop-a.md': 'Loop: @docs/loop-b.md\n',
  'docs/loop-b.md': 'Back: @docs/loop-a.md\n',
  '.claude/skills/tables/SKILL.md':
    '---\nname: tables\ndescription: Tables\n---\nRead [the references](refs/) and [the guides](guides/).\n',
  '.claude/skills/tables/refs/one.md': 'One.\n',
  '.claude/skills/tables/guides/two.md': 'Two.\n',
  '.claude/skills/tables/orphan.md': 'Nobody links here.\n',
  'docs/a.sm': 'annotations:\n  tags: [a]\n',
};

let tree: TempTree;
beforeEach(() => {
  tree = stableTree('sm-patch-whole-', { ...RICH_PROJECT, ...EXTRA });
});
afterEach(() => tree.remove());

const scan = () => patchScan(tree);

const issuesOf = (analyzer: string): string[] =>
  rowFacts(tree.root)
    .issues.filter((i) => i.includes(`"${analyzer}"`))
    .map((i) => (JSON.parse(i) as string[])[5]!);

it('re-runs the whole-graph checks over every row they read, row for row a full scan of a copy', async () => {
  await scan();
  const edits: Array<[string, string]> = [
    [
      '.claude/agents/triager.md',
      '---\nname: triager\ndescription: Sorts issues\ntools: [Read]\n---\nTriage.\n',
    ],
    [
      '.claude/agents/plain.md',
      '---\nname: plain\nmodel: opus\ntools: [Read, mcp__slack__post]\n---\nPlain.\n',
    ],
    [
      '.claude/skills/pdf/SKILL.md',
      '---\nname: pdf\ndescription: Reads PDFs\n---\nSee [reference](reference.md).\n',
    ],
  ];
  for (const [n, [path, text]] of edits.entries()) {
    rewriteAt(tree, path, text, n + 1);
    await expectPatchedLikeFull(tree, path, await scan());
    // The planted issues of files no edit touched are still there, and nothing the folder links reach is reported.
    expect(issuesOf('import-circular').length, path).toBeGreaterThan(0);
    expect(issuesOf('invocation-cycle').join('\n'), path).toMatch(/ping.*pong|pong.*ping/);
    const unreachable = issuesOf('node-unreachable').join('\n');
    expect(unreachable).toContain('orphan.md');
    expect(unreachable).not.toMatch(/one\.md|two\.md/);
    expect(issuesOf('mcp-server-undefined').join('\n')).toContain("'slack'");
  }
});
