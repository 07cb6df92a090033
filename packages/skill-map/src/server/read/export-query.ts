/**
 * The `sm export` query grammar (`kind=` / `has=` / `path=`), as the server needs it.
 *
 * Interim: this is a stand-in for the kernel's export-grammar functions until `src/kernel` lands them;
 * swap the bodies for re-exports from the kernel in this one file. The semantics follow the shared
 * grammar exactly so a query means the same thing in `sm export`, `GET /api/nodes` and `query_graph`.
 */
import type { Issue, Link, Node } from '@skill-map/spec';

/** A parsed export query; absent keys do not filter. */
export interface ExportQuery {
  /** node.kind whitelist (exact, case-sensitive). */
  readonly kinds?: readonly string[];
  /** `has=issues`: only nodes named by some issue's nodeIds. */
  readonly hasIssues: boolean;
  /** Anchored POSIX globs over node.path, OR-ed together. */
  readonly pathGlobs?: readonly string[];
}

/** Parse outcome: a value, or the reason the query is invalid. */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

const KEYS = new Set(['kind', 'has', 'path']);

/** Parses `key=v1,v2 key2=...`; keys are case-insensitive, values trimmed, empties dropped. */
export function parseExportQuery(text: string): ParseResult<ExportQuery> {
  const seen = new Map<string, string[]>();
  for (const token of text.split(/\s+/).filter((t) => t.length > 0)) {
    const eq = token.indexOf('=');
    if (eq <= 0 || eq === token.length - 1) return { ok: false, error: `invalid token "${token}": expected key=value` };
    const key = token.slice(0, eq).toLowerCase();
    if (!KEYS.has(key)) return { ok: false, error: `unknown key "${key}" (expected kind, has or path)` };
    if (seen.has(key)) return { ok: false, error: `duplicate key "${key}"` };
    const values = token
      .slice(eq + 1)
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v.length > 0);
    if (values.length === 0) return { ok: false, error: `key "${key}" has no values` };
    seen.set(key, values);
  }
  const has = seen.get('has');
  if (has !== undefined && has.some((v) => v !== 'issues')) {
    return { ok: false, error: `unsupported has value "${has.find((v) => v !== 'issues') ?? ''}" (only has=issues)` };
  }
  const kinds = seen.get('kind');
  const pathGlobs = seen.get('path');
  return {
    ok: true,
    value: {
      hasIssues: has !== undefined,
      ...(kinds === undefined ? {} : { kinds }),
      ...(pathGlobs === undefined ? {} : { pathGlobs }),
    },
  };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Compiles an anchored glob: `**` matches anything (slashes too), `*` a run without `/`, the rest literally. */
export function globToRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    if (glob[i] === '*') {
      if (glob[i + 1] === '*') {
        out += '.*';
        i++;
      } else out += '[^/]*';
    } else out += escapeRegExp(glob[i] ?? '');
  }
  return new RegExp(`^${out}$`, 's');
}

/** A node predicate for the kind and path filters (has=issues needs the issue set; see `applyExportQuery`). */
export function compileNodeFilter(query: ExportQuery): (node: Pick<Node, 'kind' | 'path'>) => boolean {
  const kinds = query.kinds === undefined ? null : new Set(query.kinds);
  const globs = query.pathGlobs?.map(globToRegExp) ?? null;
  return (node) => (kinds === null || kinds.has(node.kind)) && (globs === null || globs.some((g) => g.test(node.path)));
}

/** A closed subgraph: links whose two ends survive, issues naming any surviving node. */
export interface Subgraph {
  nodes: Node[];
  links: Link[];
  issues: Issue[];
}

/** Closes a node set over links (source and RAW target both kept) and issues (any nodeId kept). */
export function closeSubgraph(nodes: Node[], links: readonly Link[], issues: readonly Issue[]): Subgraph {
  const kept = new Set(nodes.map((n) => n.path));
  return {
    nodes,
    links: links.filter((l) => kept.has(l.source) && kept.has(l.target)),
    issues: issues.filter((i) => i.nodeIds.some((id) => kept.has(id))),
  };
}

/** Applies a query to a whole graph and returns the closed subgraph (storage order kept). */
export function applyExportQuery(graph: { nodes: readonly Node[]; links: readonly Link[]; issues: readonly Issue[] }, query: ExportQuery): Subgraph {
  const matches = compileNodeFilter(query);
  const withIssues = query.hasIssues ? new Set(graph.issues.flatMap((i) => i.nodeIds)) : null;
  const nodes = graph.nodes.filter((n) => matches(n) && (withIssues === null || withIssues.has(n.path)));
  return closeSubgraph(nodes, graph.links, graph.issues);
}
