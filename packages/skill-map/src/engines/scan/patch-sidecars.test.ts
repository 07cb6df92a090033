import { afterEach, beforeEach, expect, it } from 'vitest';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { expectPatchedLikeFull, patchScan, rewriteAt, stableTree } from './testing/patch-tree.js';
import { rowFacts } from './testing/row-facts.js';

// An edited `.sm` sidecar (tags, an owner, what `sm issues dismiss` writes) is patched in place: the node it annotates
// gets its new overlay, its issues pass the new suppressions, and the checks that read a sidecar re-run on it. Each edit
// below changes what the sidecar says (tags; a suppression of a link issue, of a node check, of a whole-graph check; an
// unknown field; stale recorded hashes; YAML that does not parse), and the rows and counts must be those of a full scan
// of a copy.

const FILES: Record<string, string> = {
  '.mcp.json': JSON.stringify({ mcpServers: { linear: { command: 'linear-mcp' } } }),
  '.claude/agents/reviewer.md':
    '---\nname: reviewer\ndescription: Reviews\ntools: [Read, Raed, mcp__ghost__go]\n---\nSee [old](../../docs/old.md).\n',
  '.claude/agents/reviewer.sm': 'annotations:\n  tags: [review]\n',
  '.claude/agents/other.md': '---\nname: other\ndescription: Other\ntools: [Read]\n---\nAsk @reviewer.\n',
  'docs/guide.md': 'Ask @reviewer, see [old](old.md).\n',
};

const SUPPRESS = (...entries: Array<[analyzer: string, value: string]>): string =>
  entries.map(([analyzer, value]) => `    - analyzer: ${analyzer}\n      value: ${value}\n`).join('');

const SIDECAR = (body: string): string => `annotations:\n  tags: [review]\n${body}`;

let tree: TempTree;
beforeEach(() => {
  tree = stableTree('sm-patch-sidecars-', FILES);
});
afterEach(() => tree.remove());

const counts = (): { issues: number; suppressed: number } => {
  const [, , issues, suppressed] = JSON.parse(rowFacts(tree.root).counts[0]!) as number[];
  return { issues: issues!, suppressed: suppressed! };
};

it('patches an edited sidecar in place, row for row a full scan of a copy', async () => {
  await patchScan(tree);
  const broken = ['core/reference-broken', 'docs/old.md'] as [string, string];
  const tool = ['tool-unknown', 'Raed'] as [string, string];
  const server = ['mcp-server-undefined', 'mcp://ghost'] as [string, string];
  const edits: Array<[label: string, text: string, suppressed: number]> = [
    ['other tags', 'annotations:\n  tags: [review, team]\n  owner: me\n', 0],
    ['a link issue suppressed', SIDECAR(`  issueSuppressions:\n${SUPPRESS(broken)}`), 1],
    ['a node check suppressed too', SIDECAR(`  issueSuppressions:\n${SUPPRESS(broken, tool)}`), 2],
    [
      'a whole-graph check suppressed too',
      SIDECAR(`  issueSuppressions:\n${SUPPRESS(broken, tool, server)}`),
      3,
    ],
    [
      'an unknown field',
      SIDECAR(`  colour: red\n  issueSuppressions:\n${SUPPRESS(broken, tool, server)}`),
      3,
    ],
    [
      'stale recorded hashes',
      `identity:\n  bodyHash: "0000"\n  frontmatterHash: "1111"\n${SIDECAR(`  issueSuppressions:\n${SUPPRESS(tool)}`)}`,
      1,
    ],
    ['YAML that does not parse', 'annotations: [tags\n', 0],
    ['tags again', SIDECAR(''), 0],
  ];
  const reran: Record<string, readonly string[]> = {};
  for (const [n, [label, text, suppressed]] of edits.entries()) {
    rewriteAt(tree, '.claude/agents/reviewer.sm', text, n + 1);
    const out = await patchScan(tree);
    await expectPatchedLikeFull(tree, label, out);
    expect(counts().suppressed, label).toBe(suppressed);
    reran[label] = out.rechecked?.analyzers ?? [];
  }
  // The sidecar's own checks and the node checks re-run on the node; a whole-graph check only when a suppression of it
  // came or went.
  expect(reran['other tags']).toEqual(expect.arrayContaining(['tool-unknown', 'invalid-sidecar']));
  expect(reran['other tags']).not.toContain('mcp-server-undefined');
  expect(reran['a node check suppressed too']).not.toContain('mcp-server-undefined');
  expect(reran['a whole-graph check suppressed too']).toContain('mcp-server-undefined');
});

it('builds in full when the sidecar stops or starts marking its node deprecated, or annotates no node', async () => {
  await patchScan(tree);
  rewriteAt(tree, '.claude/agents/reviewer.sm', 'annotations:\n  stability: deprecated\n', 1);
  expect((await patchScan(tree)).fullBuildReason).toBe(
    "the sidecar '.claude/agents/reviewer.sm' changes whether '.claude/agents/reviewer.md' is deprecated",
  );
  const orphan = stableTree('sm-patch-sidecars-orphan-', {
    'docs/a.md': 'A.\n',
    'docs/gone.sm': 'annotations: {}\n',
  });
  try {
    await patchScan(orphan);
    rewriteAt(orphan, 'docs/gone.sm', 'annotations:\n  tags: [x]\n', 1);
    const out = await patchScan(orphan);
    expect(out.fullBuildReason).toBe("the sidecar 'docs/gone.sm' annotates no node");
    expect(rowFacts(orphan.root).issues.some((i) => i.includes('annotation-orphan'))).toBe(true);
  } finally {
    orphan.remove();
  }
  expect(counts().issues).toBeGreaterThan(0);
});
