import { describe, expect, it } from 'vitest';
import { layoutNodes, NODE_RADIUS, packLayout } from './layout';

const node = (path: string, provider = 'claude') => ({ path, provider });

function project(n: number) {
  const out = [node('CLAUDE.md'), node('AGENTS.md', 'codex')];
  for (let i = 0; i < n; i++) out.push(node(`.claude/skills/s${i % 7}/f${i}.md`));
  for (let i = 0; i < n / 2; i++) out.push(node(`docs/topic-${i % 5}/d${i}.md`, 'core/markdown'));
  return out;
}

describe('map layout', () => {
  it('places every node, no two overlapping', () => {
    const nodes = project(200);
    const { positions } = packLayout(nodes);
    expect(positions.size).toBe(nodes.length);
    const pts = [...positions.values()];
    let closest = Infinity;
    for (let i = 0; i < pts.length; i++)
      for (let j = i + 1; j < pts.length; j++)
        closest = Math.min(closest, Math.hypot(pts[i]!.x - pts[j]!.x, pts[i]!.y - pts[j]!.y));
    expect(closest).toBeGreaterThanOrEqual(NODE_RADIUS * 2 - 1e-9);
  });

  it('is deterministic and independent of input order', () => {
    const nodes = project(120);
    const a = packLayout(nodes).positions;
    const b = packLayout([...nodes].reverse()).positions;
    for (const [p, xy] of a) expect(b.get(p)).toEqual(xy);
  });

  it('keeps folders together: a folder circle holds its files', () => {
    const nodes = project(100);
    const { positions, clusters } = packLayout(nodes);
    const s3 = clusters.find((c) => c.key === 'claude:.claude/skills/s3');
    expect(s3).toBeDefined();
    for (const [p, xy] of positions)
      if (p.startsWith('.claude/skills/s3/'))
        expect(Math.hypot(xy.x - s3!.x, xy.y - s3!.y)).toBeLessThanOrEqual(s3!.r - NODE_RADIUS + 1e-6);
    const hosts = clusters.filter((c) => c.depth === 0).map((c) => c.key);
    expect(hosts.sort()).toEqual(['claude:', 'codex:', 'core/markdown:']);
  });

  it('reuses every known position for the same node set', () => {
    const nodes = project(80);
    const first = layoutNodes(nodes, null).positions;
    const again = layoutNodes(nodes, first).positions;
    expect(again.size).toBe(first.size);
    for (const [p, xy] of first) expect(again.get(p)).toEqual(xy);
  });

  it('adding a file moves nothing else and puts the file beside its folder', () => {
    const nodes = project(150);
    const before = layoutNodes(nodes, null);
    const added = node('.claude/skills/s2/new.md');
    const after = layoutNodes([...nodes, added], before.positions);
    for (const [p, xy] of before.positions) expect(after.positions.get(p)).toEqual(xy);
    const xy = after.positions.get(added.path)!;
    const folder = before.clusters.find((c) => c.key === 'claude:.claude/skills/s2')!;
    // Near its folder: within the folder's circle grown by a couple of node widths.
    expect(Math.hypot(xy.x - folder.x, xy.y - folder.y)).toBeLessThan(folder.r + NODE_RADIUS * 6);
    let closest = Infinity;
    for (const [p, q] of after.positions)
      if (p !== added.path) closest = Math.min(closest, Math.hypot(q.x - xy.x, q.y - xy.y));
    expect(closest).toBeGreaterThanOrEqual(NODE_RADIUS * 2);
  });

  it('removing a file moves nothing else', () => {
    const nodes = project(60);
    const before = layoutNodes(nodes, null).positions;
    const after = layoutNodes(nodes.slice(1), before).positions;
    for (const [p, xy] of after) expect(xy).toEqual(before.get(p));
  });

  it('packs again when most of the node set is new', () => {
    const before = layoutNodes(project(20), null).positions;
    const other = Array.from({ length: 100 }, (_, i) => node(`x/${i}.md`));
    expect(layoutNodes(other, before).positions).toEqual(packLayout(other).positions);
  });
});
