// The node kinds a scan produces: the one vocabulary every door accepts (`sm list` / `sm export` queries, REST
// `GET /api/nodes?kind=`, MCP `query_graph {kind}`, the web page's filter) and the docs list.
import { suggest } from './suggest.js';

/**
 * Every node kind a scan produces, sorted. `agent`, `command`, `skill`, `rule`, `workflow`: files a host runs;
 * `mcp`: a virtual node per MCP server a config defines or a tool list names; `markdown`: any other Markdown file;
 * `plugin` / `marketplace`: plugin and marketplace manifests; `settings`: host settings (hooks, permissions).
 */
export const NODE_KINDS = [
  'agent',
  'command',
  'markdown',
  'marketplace',
  'mcp',
  'plugin',
  'rule',
  'settings',
  'skill',
  'workflow',
] as const;

/** A node kind of the vocabulary. */
export type NodeKind = (typeof NODE_KINDS)[number];

/** True when `kind` is a node kind of the vocabulary (exact, case-sensitive). */
export function isNodeKind(kind: string): kind is NodeKind {
  return (NODE_KINDS as readonly string[]).includes(kind);
}

/**
 * Why `kind` is not in the vocabulary nor among `also` (kinds of the project's plugins), with the nearest kind when
 * one is close; null when it is known.
 */
export function unknownKindMessage(kind: string, also: readonly string[] = []): string | null {
  if (isNodeKind(kind) || also.includes(kind)) return null;
  const known = [...NODE_KINDS, ...also.filter((k) => !isNodeKind(k)).sort()];
  const [near] = suggest(kind, known);
  const hint = near === undefined ? '' : `; did you mean '${near}'?`;
  return `'${kind}' is not a known kind${hint} (known kinds: ${known.join(', ')})`;
}
