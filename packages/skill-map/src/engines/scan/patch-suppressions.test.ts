import { afterEach, beforeEach, expect, it } from 'vitest';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { expectPatchedLikeFull, patchScan, rewriteAt, stableTree } from './testing/patch-tree.js';
import { rowFacts } from './testing/row-facts.js';

// A node whose sidecar suppresses some of its issues (what `sm issues dismiss` writes) is patched in place like any
// other: its own, link-level and `node` check issues pass the suppressions again, and the scan's suppressed count moves
// by what the edit changed. Each edit below moves that count (a suppressed broken link goes, comes back twice; the
// unknown tool goes and comes back; a new MCP server the sidecar suppresses), and the rows and counts must be those of
// a full scan of a copy.

const AGENT = (tools: string, body: string): string =>
  `---\nname: reviewer\ndescription: Reviews\ntools: [${tools}]\n---\n${body}\n`;

const FILES: Record<string, string> = {
  '.mcp.json': JSON.stringify({ mcpServers: { linear: { command: 'linear-mcp' } } }),
  '.claude/agents/reviewer.md': AGENT('Read, Raed, mcp__linear__search', 'See [old](../../docs/old.md).'),
  '.claude/agents/reviewer.sm': [
    'annotations:',
    '  issueSuppressions:',
    '    - analyzer: core/reference-broken',
    '      value: docs/old.md',
    '    - analyzer: tool-unknown',
    '      value: Raed',
    '    - analyzer: mcp-server-undefined',
    '      value: mcp://ghost',
    '',
  ].join('\n'),
  '.claude/agents/other.md': AGENT('Read', 'Also [old](../../docs/old.md), not suppressed here.'),
  'docs/guide.md': 'Ask @reviewer.\n',
};

let tree: TempTree;
beforeEach(() => {
  tree = stableTree('sm-patch-suppressions-', FILES);
});
afterEach(() => tree.remove());

/** The suppressed count the scan stored. */
const suppressedCount = (): number => JSON.parse(rowFacts(tree.root).counts[0]!)[3] as number;

it('patches a node with sidecar suppressions in place, its suppressed count row for row a full scan', async () => {
  await patchScan(tree);
  expect(suppressedCount()).toBe(2);
  const edits: Array<[label: string, text: string, suppressed: number]> = [
    ['a plain line', AGENT('Read, Raed, mcp__linear__search', 'See [old](../../docs/old.md).\n\nMore.'), 2],
    ['the suppressed link goes', AGENT('Read, Raed, mcp__linear__search', 'No link.'), 1],
    [
      'it comes back twice',
      AGENT('Read, Raed, mcp__linear__search', '[old](../../docs/old.md) and [old](../../docs/old.md#x).'),
      2,
    ],
    [
      'the unknown tool goes (node checks re-run)',
      AGENT('Read, mcp__linear__search', '[old](../../docs/old.md).'),
      1,
    ],
    ['it comes back', AGENT('Read, Raed, mcp__linear__search', '[old](../../docs/old.md).'), 2],
    [
      'a server no config defines, suppressed (MCP checks re-run)',
      AGENT('Read, Raed, mcp__linear__search, mcp__ghost__go', '[old](../../docs/old.md).'),
      3,
    ],
    ['and gone again', AGENT('Read, Raed, mcp__linear__search', '[old](../../docs/old.md).'), 2],
  ];
  for (const [n, [label, text, suppressed]] of edits.entries()) {
    rewriteAt(tree, '.claude/agents/reviewer.md', text, n + 1);
    await expectPatchedLikeFull(tree, label, await patchScan(tree));
    expect(suppressedCount(), label).toBe(suppressed);
  }
});
