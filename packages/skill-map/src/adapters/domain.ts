/**
 * Local stand-ins for the `@skill-map/spec` domain types (Node, Link, Issue, ScanResult) until that package
 * lands them; the adapters only rely on the fields listed here. Swap these for re-exports of the spec types
 * in this one file.
 */

/** Frontmatter/body/total byte or token counts. */
export interface SizeTriple {
  frontmatter: number;
  body: number;
  total: number;
}

/** The sidecar overlay a node carries. */
export interface NodeSidecar {
  present: boolean;
  status: 'fresh' | 'stale-body' | 'stale-frontmatter' | 'stale-both' | null;
  annotations: Record<string, unknown> | null;
  root: Record<string, unknown> | null;
}

/** A classified file (or virtual entity) of the map. */
export interface Node {
  path: string;
  kind: string;
  provider: string;
  frontmatter?: Record<string, unknown>;
  bodyHash: string;
  frontmatterHash: string;
  bytes: SizeTriple;
  tokens?: SizeTriple;
  modifiedAtMs?: number | null;
  linksOutCount: number;
  linksInCount: number;
  externalRefsCount: number;
  externalRefs?: string[];
  sidecar?: NodeSidecar;
  virtual?: boolean;
  derivedFrom?: string[];
}

/** Where in the source file a link was found. */
export interface LinkLocation {
  line: number;
  column: number;
  offset: number;
}

/** A directed edge between nodes (the target may point nowhere). */
export interface Link {
  source: string;
  target: string;
  kind: 'invokes' | 'references' | 'mentions' | 'points';
  confidence: number;
  sources: string[];
  trigger?: { originalTrigger: string; normalizedTrigger: string } | null;
  location?: LinkLocation | null;
  raw?: string;
  occurrences?: Array<Record<string, unknown>>;
  resolvedTarget?: string | null;
}

/** A deterministic analyzer finding. */
export interface Issue {
  analyzerId: string;
  severity: 'error' | 'warn' | 'info';
  nodeIds: string[];
  message: string;
  linkIndices?: number[];
  detail?: string;
  fix?: Record<string, unknown>;
  data?: Record<string, unknown>;
}

/** Scan statistics. */
export interface ScanStats {
  filesWalked: number;
  filesSkipped: number;
  filesOversized?: number;
  nodesCount: number;
  linksCount: number;
  issuesCount: number;
  durationMs: number;
}

/** The output of one scan: the whole graph plus metadata. */
export interface ScanResult {
  schemaVersion: 1;
  scannedAt: number;
  roots: string[];
  nodes: Node[];
  links: Link[];
  issues: Issue[];
  stats: ScanStats;
  scannedBy?: { name: string; version: string; specVersion: string };
  providers?: string[];
  tokenizer?: string;
  activeProvider?: string | null;
  scanCeiling?: number;
  scanTruncated?: boolean;
  maxRenderNodes?: number;
  oversizedFiles?: Array<{ path: string; bytes: number }>;
}

/** The shape a read returns when no database exists (spec §2.4), with this build's scan ceiling. */
export function emptyScanResult(scanCeiling: number): ScanResult {
  return {
    schemaVersion: 1,
    scannedAt: 0,
    roots: ['.'],
    nodes: [],
    links: [],
    issues: [],
    stats: { filesWalked: 0, filesSkipped: 0, nodesCount: 0, linksCount: 0, issuesCount: 0, durationMs: 0 },
    scanCeiling,
    maxRenderNodes: 256,
  };
}
