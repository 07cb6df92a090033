// Lookups over the loaded map, built once per map object (a 10,000-node map is not re-indexed per opened node).
import type { Link, MapLink, MapLinkState, MapNode, MapProjection } from '../../api/types';

export interface MapIndex {
  node: (path: string) => MapNode | undefined;
  /** The link's state as the map projection decided it (the server's one decision), else from the link. */
  linkState: (l: Pick<Link, 'source' | 'target' | 'kind' | 'resolvedTarget'>) => MapLinkState;
  /** The node's links as the map knows them (no occurrences), for the panel to show before its bundle loads. */
  linksOf: (path: string) => { outgoing: MapLink[]; incoming: MapLink[] };
}

const key = (source: string, target: string, kind: string): string => `${source}\u0000${target}\u0000${kind}`;
const cache = new WeakMap<MapProjection, MapIndex>();

const fromLink = (l: Pick<Link, 'resolvedTarget'>): MapLinkState =>
  (l.resolvedTarget ?? null) === null ? 'broken' : 'ok';
const NO_LINKS = { outgoing: [], incoming: [] };
const EMPTY: MapIndex = { node: () => undefined, linkState: fromLink, linksOf: () => NO_LINKS };

/** Links grouped by source and by target, built on first use. */
function grouped(map: MapProjection): (path: string) => { outgoing: MapLink[]; incoming: MapLink[] } {
  let out: Map<string, MapLink[]> | null = null;
  let inc: Map<string, MapLink[]> | null = null;
  return (path) => {
    if (out === null || inc === null) {
      out = new Map();
      inc = new Map();
      for (const l of map.links) {
        const o = out.get(l.source);
        if (o === undefined) out.set(l.source, [l]);
        else o.push(l);
        if (l.state === 'broken') continue;
        const i = inc.get(l.target);
        if (i === undefined) inc.set(l.target, [l]);
        else i.push(l);
      }
    }
    return { outgoing: out.get(path) ?? [], incoming: inc.get(path) ?? [] };
  };
}

export function mapIndex(map: MapProjection | null): MapIndex {
  if (map === null) return EMPTY;
  const known = cache.get(map);
  if (known !== undefined) return known;
  const nodes = new Map(map.nodes.map((n) => [n.path, n]));
  const states = new Map<string, MapLinkState>();
  for (const l of map.links) states.set(key(l.source, l.target, l.kind), l.state);
  const index: MapIndex = {
    node: (p) => nodes.get(p),
    linkState: (l) => states.get(key(l.source, l.resolvedTarget ?? l.target, l.kind)) ?? fromLink(l),
    linksOf: grouped(map),
  };
  cache.set(map, index);
  return index;
}
