// What a tool result draws: the closed subgraph of query_graph / get_branch (the map), or get_node's bundle (one
// node and its links, whose far ends the view then asks for). Pure: shapes in, shapes out.
import { projectMap } from '@skill-map/spec';
import type { Issue, Link, MapProjection, Node } from '../api/types';

/** What to draw: the projected map, the node to select (get_node), and the neighbours still to fetch. */
export interface ToolView {
  map: MapProjection;
  focus: string | null;
  /** Paths at the other end of the focus node's links that are not in `map` yet. */
  missing: string[];
  /** The spec-shaped subgraph `map` was projected from. */
  raw: Subgraph;
}

interface Subgraph {
  nodes: Node[];
  links: Link[];
  issues: Issue[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isArray = (v: unknown): v is unknown[] => Array.isArray(v);

/** The structuredContent of a tool result (a CallToolResult), or null when it carries none. */
export function structuredOf(result: unknown): Record<string, unknown> | null {
  if (!isObject(result)) return null;
  const s = result['structuredContent'];
  return isObject(s) ? s : null;
}

/** The far end of a link from `path` (the resolved target when it resolved), or null for a self-link. */
function otherEnd(link: Link, path: string): string | null {
  const target = link.resolvedTarget ?? null;
  if (link.source !== path) return link.source;
  return target === null || target === path ? null : target;
}

function subgraphOf(nodes: unknown[], links: unknown[], issues: unknown): Subgraph {
  const ls = links as Link[];
  return {
    nodes: nodes as Node[],
    links: ls,
    issues: reindexed((isArray(issues) ? issues : []) as Issue[], ls),
  };
}

/**
 * An issue's `linkIndices` point into the WHOLE scan's links, not into a tool's subgraph; the map reads them to rank
 * broken targets. They are pointed again at the subgraph's links: the unresolved links from one of the issue's
 * nodes to the raw target the issue names (`data.target`); an issue that names none keeps no index.
 */
function reindexed(issues: readonly Issue[], links: readonly Link[]): Issue[] {
  return issues.map((issue) => {
    if (issue.linkIndices === undefined) return issue;
    const target = issue.data?.target;
    const linkIndices: number[] = [];
    links.forEach((l, i) => {
      const unresolved = (l.resolvedTarget ?? null) === null;
      if (target !== undefined && l.target === target && unresolved && issue.nodeIds.includes(l.source))
        linkIndices.push(i);
    });
    return { ...issue, linkIndices };
  });
}

/** The view a tool's structured result draws, or null when it is neither a subgraph nor a node bundle. */
export function viewOf(structured: Record<string, unknown>): ToolView | null {
  const { nodes, links, issues, item } = structured;
  if (isArray(nodes) && isArray(links)) {
    const raw = subgraphOf(nodes, links, issues);
    return { map: projectMap(raw), focus: null, missing: [], raw };
  }
  if (isObject(item) && isObject(links) && typeof item['path'] === 'string') {
    const node = item as unknown as Node;
    const all = [
      ...(isArray(links['incoming']) ? links['incoming'] : []),
      ...(isArray(links['outgoing']) ? links['outgoing'] : []),
    ] as Link[];
    const missing = new Set<string>();
    for (const l of all) {
      const end = otherEnd(l, node.path);
      if (end !== null) missing.add(end);
    }
    const raw = subgraphOf([node], all, issues);
    return { map: projectMap(raw), focus: node.path, missing: [...missing].sort(), raw };
  }
  return null;
}

/** Glob characters of the query grammar: a path holding one cannot be asked for as itself. */
const GLOB = /[*?[\]{},]/;

/** The `query_graph` arguments that fetch the given paths (those that can be named literally), or null. */
export function neighbourQuery(paths: readonly string[]): { path: string; limit: number } | null {
  const literal = paths.filter((p) => !GLOB.test(p));
  return literal.length === 0 ? null : { path: literal.join(','), limit: literal.length };
}

function unique<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((i) => {
    const k = key(i);
    return seen.has(k) ? false : (seen.add(k), true);
  });
}

/** The focus view completed with the neighbours a query returned (their links kept, nothing twice). */
export function withNeighbours(view: ToolView, neighbours: Record<string, unknown>): ToolView {
  const { nodes, links, issues } = neighbours;
  if (view.focus === null || !isArray(nodes)) return view;
  const more = subgraphOf(nodes, isArray(links) ? links : [], issues);
  const raw: Subgraph = {
    nodes: unique([...view.raw.nodes, ...more.nodes], (n) => n.path),
    links: unique([...view.raw.links, ...more.links], (l) => `${l.source}\n${l.target}\n${l.kind}`),
    issues: [],
  };
  // Deduplicated, then pointed at the merged links.
  raw.issues = reindexed(
    unique([...view.raw.issues, ...more.issues], (i) => JSON.stringify([i.analyzerId, i.message, i.nodeIds])),
    raw.links,
  );
  return { map: projectMap(raw), focus: view.focus, missing: [], raw };
}
