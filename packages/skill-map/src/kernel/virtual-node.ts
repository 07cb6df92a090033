import type { Node, NodeKind } from '@skill-map/spec';
import { canonicalFrontmatter } from './parse/frontmatter.js';
import type { HashFn } from './util/sha256.js';

/** The virtual path of an MCP server node. */
export function mcpPath(server: string): string {
  return `mcp://${server}`;
}

/** Builds a virtual `mcp://<server>` node derived from `source`. */
export function createMcpNode(
  server: string,
  provider: string,
  source: string,
  frontmatter: Record<string, unknown>,
  hash: HashFn,
): Node {
  return {
    path: mcpPath(server),
    kind: 'mcp' satisfies NodeKind,
    provider,
    frontmatter,
    bodyHash: hash(''),
    frontmatterHash: hash(canonicalFrontmatter(frontmatter)),
    bytes: { frontmatter: 0, body: 0, total: 0 },
    modifiedAtMs: null,
    linksOutCount: 0,
    linksInCount: 0,
    externalRefsCount: 0,
    virtual: true,
    derivedFrom: [source],
  };
}
