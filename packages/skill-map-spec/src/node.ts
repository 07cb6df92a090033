/** A byte or token count split between frontmatter and body. */
export interface SizeTriple {
  frontmatter: number;
  body: number;
  total: number;
}

/** Freshness of a sidecar against the node it annotates. */
export type SidecarStatus = 'fresh' | 'stale-body' | 'stale-frontmatter' | 'stale-both';

/** The `.sm` sidecar overlay carried by a node. */
export interface SidecarOverlay {
  present: boolean;
  status: SidecarStatus | null;
  annotations: Record<string, unknown> | null;
  root: Record<string, unknown> | null;
}

/** One classified file (or virtual node) in the graph; mirrors `node.schema.json`. */
export interface Node {
  /** Scope-root-relative POSIX path, or `mcp://<server>` for virtual MCP nodes. */
  path: string;
  /** Open kind string matching `^[a-zA-Z][a-zA-Z0-9_-]{0,63}$`. */
  kind: string;
  /** Id of the provider that classified the node. */
  provider: string;
  frontmatter?: Record<string, unknown>;
  /** sha256 hex (lowercase) of the body bytes. */
  bodyHash: string;
  /** sha256 hex (lowercase) of the canonical frontmatter dump. */
  frontmatterHash: string;
  bytes: SizeTriple;
  tokens?: SizeTriple;
  modifiedAtMs?: number | null;
  linksOutCount: number;
  linksInCount: number;
  externalRefsCount: number;
  externalRefs?: string[];
  sidecar?: SidecarOverlay;
  virtual?: boolean;
  derivedFrom?: string[];
  isFavorite?: boolean;
  contributions?: unknown[];
  tags?: string[];
  body?: string | null;
  raw?: string | null;
}

/** Lowercase sha256 hex, as the schemas require for bodyHash/frontmatterHash. */
export const SHA256_HEX_PATTERN = /^[0-9a-f]{64}$/;

/** Kind pattern from `node.schema.json` (security: kinds end up in CSS custom-property names). */
export const NODE_KIND_PATTERN = /^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/;
