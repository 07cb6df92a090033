// Lookups over the loaded map, built once per map object (a 10,000-node map is not re-indexed per opened node).
import type { Link, MapLinkState, MapNode, MapProjection } from '../../api/types';

export interface MapIndex {
  node: (path: string) => MapNode | undefined;
  /** The link's state as the map projection decided it (the server's one decision), else from the link. */
  linkState: (l: Link) => MapLinkState;
}

const key = (source: string, target: string, kind: string): string => `${source}\u0000${target}\u0000${kind}`;
const cache = new WeakMap<MapProjection, MapIndex>();

const fromLink = (l: Link): MapLinkState => ((l.resolvedTarget ?? null) === null ? 'broken' : 'ok');
const EMPTY: MapIndex = { node: () => undefined, linkState: fromLink };

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
  };
  cache.set(map, index);
  return index;
}
