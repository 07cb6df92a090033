// Test support only: a small Claude Code harness (skills, agents, commands, docs; no sidecars) with every kind of
// link, link snippets to rewrite its files with, and a comparison form of a graph whose link order may differ.
import type { ScanResult } from '@skill-map/spec';

export const HARNESS_PROJECT: Readonly<Record<string, string>> = {
  '.claude/skills/pdf/SKILL.md':
    '---\nname: pdf\ndescription: PDFs\n---\nUse /review then see [guide](../../../docs/guide.md).\n',
  '.claude/skills/pdf/reference.md': 'Reference for `pdf`. See `docs/a.md`.\n',
  '.claude/agents/reviewer.md': '---\nname: reviewer\ndescription: Reviews\n---\nAsk @helper, run /deploy.\n',
  '.claude/agents/helper.md': '---\nname: helper\n---\nHelps. /missing-cmd\n',
  '.claude/commands/deploy.md': 'Deploy after `/review`. See [a](../../docs/a.md).\n',
  '.claude/commands/review.md': 'Review the diff.\n',
  '.claude/commands/help.md': 'Named like a built-in.\n',
  'docs/guide.md': 'Guide: [a](a.md), [b](b.md), [gone](gone.md), `docs/a.md`.\n',
  'docs/a.md': 'A. [guide](guide.md) [self](a.md)\n',
  'docs/b.md': 'B. [a](./a.md) and [a again](a.md#x). @reviewer\n',
  'docs/c.md': 'C.\n',
  'CLAUDE.md': 'Memory. @docs/guide.md and [b](docs/b.md).\n',
};

/** Link snippets to append (relative ones resolve from `docs/`; elsewhere they are broken, which is part of it). */
export const LINK_SNIPPETS: readonly string[] = [
  ' [x](a.md)',
  ' [a](a.md) [a](a.md)',
  ' [c](c.md) [guide](guide.md)',
  ' [gone](nope.md)',
  ' [gone](nope.md) [gone](nope.md)',
  ' [self](c.md)',
  ' run /deploy',
  ' run /help',
  ' run /deploy and /help',
  ' run /review',
  ' ask @reviewer',
  ' ask @nobody',
  ' ask @reviewer or @nobody',
  ' ask @helper',
  ' see `docs/a.md`',
  ' see `x/y.md`',
  ' see `docs/a.md` and `x/y.md`',
  ' see `docs/c.md`',
  ' [k](../docs/a.md) and `docs/a.md`',
  ' [k](../docs/b.md) and `docs/guide.md`',
  ' https://example.com/page',
  '\n---\nnot frontmatter\n',
];

/**
 * A graph in comparable form: nodes and issues as sets, links per source as a sorted list, issues naming their links
 * by (source, position in that source's links) instead of by index in the whole list.
 */
export function canonicalGraph(r: Pick<ScanResult, 'nodes' | 'links' | 'issues'>): unknown {
  // Links are compared per source as a sorted list (a stored scan keeps the row order its diffs wrote, which may
  // differ from a fresh build's within one source); issues name links by their place in that list.
  const bySource = new Map<string, { json: string; index: number }[]>();
  r.links.forEach((l, index) => {
    const list = bySource.get(l.source) ?? [];
    list.push({ json: JSON.stringify(l), index });
    bySource.set(l.source, list);
  });
  const position = new Array<string>(r.links.length);
  for (const [source, list] of bySource) {
    list.sort((a, b) => (a.json < b.json ? -1 : a.json > b.json ? 1 : a.index - b.index));
    list.forEach((e, n) => (position[e.index] = `${source}#${n}`));
  }
  return {
    nodes: r.nodes.map((n) => JSON.stringify(n)).sort(),
    links: [...bySource]
      .sort((a, b) => (a[0] < b[0] ? -1 : 1))
      .map(([source, list]) => [source, list.map((e) => e.json)]),
    issues: r.issues
      .map((i) => JSON.stringify({ ...i, linkIndices: i.linkIndices?.map((x) => position[x]) }))
      .sort(),
  };
}
