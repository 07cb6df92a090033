// Focus views: the part of the map one gesture asks about, held in the URL so it can be shared and Back returns
// from it. `#/?focus=hood&of=<path>&hops=<n>` is a node's neighbourhood (n links away, either direction),
// `#/?focus=path&from=<a>&to=<b>` a shortest chain of links between two nodes (either direction), and
// `#/?focus=reach&of=<path>` everything a node reaches following its links forward (what an agent or command
// can end up invoking or reading). Pure: no DOM, no renderer.
import type { MapProjection } from '../api/types';

export type FocusView =
  | { mode: 'hood'; of: string; hops: number }
  | { mode: 'path'; from: string; to: string }
  | { mode: 'reach'; of: string };

export const MAX_HOPS = 6;

/** The focus view a URL query names, or null (none, or incomplete). */
export function parseFocus(q: URLSearchParams): FocusView | null {
  const mode = q.get('focus');
  const of = q.get('of') ?? '';
  if (mode === 'hood' && of !== '') {
    const n = Number.parseInt(q.get('hops') ?? '1', 10);
    return { mode, of, hops: Number.isFinite(n) ? Math.min(MAX_HOPS, Math.max(1, n)) : 1 };
  }
  if (mode === 'reach' && of !== '') return { mode, of };
  const from = q.get('from') ?? '';
  const to = q.get('to') ?? '';
  if (mode === 'path' && from !== '' && to !== '') return { mode, from, to };
  return null;
}

/** The query parameters of a focus view (appended to the route's). */
export function focusParams(f: FocusView): [string, string][] {
  if (f.mode === 'hood')
    return [
      ['focus', 'hood'],
      ['of', f.of],
      ['hops', String(f.hops)],
    ];
  if (f.mode === 'reach')
    return [
      ['focus', 'reach'],
      ['of', f.of],
    ];
  return [
    ['focus', 'path'],
    ['from', f.from],
    ['to', f.to],
  ];
}

/** The nodes a focus view keeps (real nodes only; a broken target shows with the node that links to it). */
export function focusNodes(map: Pick<MapProjection, 'nodes' | 'links'>, f: FocusView): Set<string> {
  const known = new Set(map.nodes.map((n) => n.path));
  const out = new Map<string, string[]>();
  const both = new Map<string, string[]>();
  const add = (m: Map<string, string[]>, a: string, b: string): void => {
    const l = m.get(a);
    if (l === undefined) m.set(a, [b]);
    else l.push(b);
  };
  for (const l of map.links) {
    if (!known.has(l.source) || !known.has(l.target) || l.source === l.target) continue;
    add(out, l.source, l.target);
    add(both, l.source, l.target);
    add(both, l.target, l.source);
  }
  const start = f.mode === 'path' ? f.from : f.of;
  if (!known.has(start)) return new Set();
  // Breadth first from the start: parents kept for the path, depth for the hops.
  const adj = f.mode === 'reach' ? out : both;
  const parent = new Map<string, string | null>([[start, null]]);
  let frontier = [start];
  for (let depth = 0; frontier.length > 0; depth++) {
    if (f.mode === 'hood' && depth >= f.hops) break;
    if (f.mode === 'path' && parent.has(f.to)) break;
    const next: string[] = [];
    for (const k of frontier)
      for (const n of adj.get(k) ?? [])
        if (!parent.has(n)) {
          parent.set(n, k);
          next.push(n);
        }
    frontier = next;
  }
  if (f.mode !== 'path') return new Set(parent.keys());
  // No chain between them: the two ends alone.
  if (!parent.has(f.to)) return new Set(known.has(f.to) ? [f.from, f.to] : [f.from]);
  const chain = new Set<string>();
  for (let k: string | null = f.to; k !== null; k = parent.get(k) ?? null) chain.add(k);
  return chain;
}
