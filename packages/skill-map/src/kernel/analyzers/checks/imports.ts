import type { Link } from '@skill-map/spec';
import type { GraphView } from '../analyzer.js';

/** Memory files a host loads by itself and that may `@import` others (Claude Code: CLAUDE.md; AGENTS.md likewise). */
const MEMORY_FILE = /(?:^|\/)(?:CLAUDE|CLAUDE\.local|AGENTS)\.md$/;

/** Claude Code stops following `@imports` after this many hops. */
export const MAX_IMPORT_DEPTH = 5;

export function isMemoryFile(path: string): boolean {
  return MEMORY_FILE.test(path);
}

const EDGES = new WeakMap<readonly Link[], Map<string, { target: string; link: number }[]>>();

/** The `@path` import edges (resolved `core/at-file` links) by source: target path and link index (shared). */
export function importEdges(view: GraphView): Map<string, { target: string; link: number }[]> {
  const memo = EDGES.get(view.links);
  if (memo !== undefined) return memo;
  const out = new Map<string, { target: string; link: number }[]>();
  const links = view.links;
  for (let i = 0; i < links.length; i++) {
    const link = links[i]!;
    const to = link.resolvedTarget;
    if (to === null || to === undefined || !link.sources.includes('core/at-file')) continue;
    const list = out.get(link.source);
    if (list === undefined) out.set(link.source, [{ target: to, link: i }]);
    else list.push({ target: to, link: i });
  }
  EDGES.set(view.links, out);
  return out;
}
