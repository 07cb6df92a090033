import { describe, expect, it } from 'vitest';
import type { MapProjection } from '../api/types';
import { CHILD_PX, cutAggregates, indexAggregates, OPEN_PX } from './aggregate';
import { NODE_RADIUS, packLayout } from './layout';

type N = MapProjection['nodes'][number];
const node = (path: string, provider = 'claude', kind = 'note', issues: N['issues'] = [0, 0, 0]): N => ({
  path,
  provider,
  kind,
  name: path.split('/').pop() ?? path,
  virtual: false,
  sidecar: false,
  issues,
});
const link = (source: string, target: string): MapProjection['links'][number] => ({
  source,
  target,
  kind: 'references',
  confidence: 1,
  state: 'ok',
});

function project() {
  const nodes: N[] = [node('CLAUDE.md')];
  for (let i = 0; i < 40; i++) nodes.push(node(`docs/api/a${i}.md`, 'core/markdown'));
  for (let i = 0; i < 30; i++)
    nodes.push(node(`docs/guides/g${i}.md`, 'core/markdown', 'note', i === 0 ? [1, 0, 0] : [0, 0, 4]));
  nodes.push(node('plugins/kit/plugin.json', 'claude', 'plugin'));
  for (let i = 0; i < 5; i++) nodes.push(node(`plugins/kit/skills/s${i}/SKILL.md`, 'claude', 'skill'));
  const links = [
    link('docs/api/a1.md', 'docs/guides/g1.md'),
    link('docs/api/a2.md', 'docs/guides/g2.md'),
    link('docs/api/a2.md', 'docs/api/a3.md'),
    link('CLAUDE.md', 'docs/api/a1.md'),
    { ...link('docs/api/a5.md', 'missing.md'), state: 'broken' as const },
  ];
  const layout = packLayout(nodes);
  const map = { nodes, links };
  return { map, index: indexAggregates(map, layout.clusters) };
}

describe('semantic zoom (aggregates)', () => {
  it('at a far zoom draws the hosts as aggregates sized by their visible nodes, hiding every member', () => {
    const { index } = project();
    const cut = cutAggregates(index, { pxPerUnit: 0.5 });
    expect(cut.aggregates.map((a) => [a.key, a.kind, a.count])).toEqual([
      ['claude:', 'host', 7],
      ['core/markdown:', 'host', 70],
    ]);
    expect(cut.collapsed.size).toBe(77);
    // error and warn counted, info hidden by default (the issues view's filter); worst severity kept.
    const md = cut.aggregates.find((a) => a.key === 'core/markdown:');
    expect(md?.issues).toEqual({ error: 1, warn: 0, info: 0 });
    expect(md?.severity).toBe(3);
    expect(
      cutAggregates(index, { pxPerUnit: 0.5, severities: new Set(['info']) }).aggregates[1]?.issues,
    ).toEqual({ error: 0, warn: 0, info: 116 });
    // Links summed between aggregates (the broken target and the inner link are not drawn).
    expect(cut.links).toEqual([{ source: 'claude:', target: 'core/markdown:', weight: 1 }]);
  });

  it('opens host, then folder, as the zoom passes the thresholds; members appear where the aggregate was', () => {
    const { index } = project();
    const docs = index.roots.find((r) => r.key === 'core/markdown:')?.children[0];
    expect(docs?.key).toBe('core/markdown:docs');
    // Just wide enough for docs and its folders to be told apart, not their files.
    const px = Math.max(OPEN_PX / docs!.r, CHILD_PX / docs!.childR) * 1.01;
    expect(px * NODE_RADIUS).toBeLessThan(CHILD_PX);
    const cut = cutAggregates(index, { pxPerUnit: px });
    const keys = cut.aggregates.map((a) => a.key);
    expect(keys).toContain('core/markdown:docs/api');
    expect(keys).toContain('core/markdown:docs/guides');
    const api = cut.aggregates.find((a) => a.key === 'core/markdown:docs/api');
    expect(api?.count).toBe(40);
    expect(cut.links).toContainEqual({
      source: 'core/markdown:docs/api',
      target: 'core/markdown:docs/guides',
      weight: 2,
    });
    // Close enough for single nodes: no aggregate, nothing hidden.
    const near = cutAggregates(index, { pxPerUnit: CHILD_PX * 4 });
    expect(near.aggregates).toEqual([]);
    expect(near.collapsed.size).toBe(0);
  });

  it('a click opens one aggregate in place; the selection keeps its folders open; filters shrink counts', () => {
    const { map, index } = project();
    const opened = cutAggregates(index, { pxPerUnit: 0.5, opened: new Set(['claude:']) });
    const keys = opened.aggregates.map((a) => a.key);
    expect(keys).not.toContain('claude:');
    expect(keys).toContain('claude:plugins/kit');
    expect(opened.aggregates.find((a) => a.key === 'claude:plugins/kit')?.kind).toBe('plugin');
    expect(opened.collapsed.has('CLAUDE.md')).toBe(false);
    // The plugin's link to docs now comes from the open host's node.
    expect(opened.links).toContainEqual({ source: 'CLAUDE.md', target: 'core/markdown:', weight: 1 });
    const pinned = cutAggregates(index, { pxPerUnit: 0.5, pinned: ['docs/api/a1.md'] });
    expect(pinned.collapsed.has('docs/api/a1.md')).toBe(false);
    expect(pinned.collapsed.get('docs/api/a2.md')).toBe(undefined);
    expect(pinned.collapsed.get('docs/guides/g2.md')).toBe('core/markdown:docs/guides');
    const visible = new Set(map.nodes.filter((n) => !n.path.startsWith('docs/guides')).map((n) => n.path));
    const filtered = cutAggregates(index, { pxPerUnit: 0.5, visible });
    expect(filtered.aggregates.find((a) => a.key === 'core/markdown:')?.count).toBe(40);
    expect(filtered.links).toEqual([{ source: 'claude:', target: 'core/markdown:', weight: 1 }]);
  });

  it('is deterministic', () => {
    const { map, index } = project();
    const a = cutAggregates(index, { pxPerUnit: 1 });
    const reversed = { nodes: [...map.nodes].reverse(), links: [...map.links].reverse() };
    const b = cutAggregates(indexAggregates(reversed, packLayout(map.nodes).clusters), {
      pxPerUnit: 1,
    });
    expect(b.aggregates).toEqual(a.aggregates);
    expect(b.links).toEqual(a.links);
  });
});
