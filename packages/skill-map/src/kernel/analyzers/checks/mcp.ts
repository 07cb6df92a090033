import type { Link, Node } from '@skill-map/spec';
import { BUILTIN_PROVIDERS } from '../../providers/registry.js';
import type { GraphView } from '../analyzer.js';

const CONFIG_PATTERNS: readonly RegExp[] = BUILTIN_PROVIDERS.flatMap((p) =>
  p.mcpConfigs.map((c) => c.pattern),
);

/** True when `path` is a host MCP config file (`.mcp.json`, `.cursor/mcp.json`, `opencode.json`, Codex TOML). */
export function isMcpConfigPath(path: string): boolean {
  return CONFIG_PATTERNS.some((re) => re.test(path));
}

/** The MCP servers of the graph: which config files declare each, and which links name each. */
export interface McpUsage {
  node: Node;
  configs: string[];
  uses: number[];
}

const USAGE = new WeakMap<readonly Link[], { nodes: readonly Node[]; usage: Map<string, McpUsage> }>();

/** `mcp://` node path → its declaring configs and the (non-config) links that name it (one pass per graph, shared). */
export function mcpUsage(view: GraphView): Map<string, McpUsage> {
  const memo = USAGE.get(view.links);
  if (memo !== undefined && memo.nodes === view.graph.nodes) return memo.usage;
  const usage = computeUsage(view);
  USAGE.set(view.links, { nodes: view.graph.nodes, usage });
  return usage;
}

function computeUsage(view: GraphView): Map<string, McpUsage> {
  const out = new Map<string, McpUsage>();
  for (const node of view.graph.nodes) {
    if (node.kind !== 'mcp' || node.virtual !== true) continue;
    out.set(node.path, { node, configs: (node.derivedFrom ?? []).filter(isMcpConfigPath), uses: [] });
  }
  if (out.size === 0) return out;
  const links: readonly Link[] = view.links;
  for (let i = 0; i < links.length; i++) {
    const link = links[i]!;
    const target = link.resolvedTarget ?? link.target;
    if (!target.startsWith('mcp://')) continue;
    out.get(target)?.uses.push(i);
  }
  return out;
}

/** `{line, column}` of a link, for issues that locate themselves in `data` (whole-graph checks carry no link indices:
 *  a stored scan patched in place keeps them, so they must not point into a changed file's links). */
export function linkAt(link: Link | undefined): { line: number; column: number } | Record<string, never> {
  const at = link?.location;
  return at === null || at === undefined ? {} : { line: at.line, column: at.column };
}
