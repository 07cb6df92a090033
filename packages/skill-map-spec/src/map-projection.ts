import type { Issue } from './issue.js';
import type { LinkKind } from './link.js';
import type { ScanResult } from './scan-result.js';

/** How a link's target stands: found, missing, a name reserved by the host, or a virtual node (an MCP server). */
export type MapLinkState = 'ok' | 'broken' | 'reserved' | 'virtual';

/** One node as the map draws it. `issues` counts by severity: [error, warn, info]. */
export interface MapNode {
  path: string;
  kind: string;
  provider: string;
  name: string;
  virtual: boolean;
  sidecar: boolean;
  issues: [number, number, number];
}

/** One link as the map draws it; `target` is the resolved node path, or the raw target when broken. */
export interface MapLink {
  source: string;
  target: string;
  kind: LinkKind;
  confidence: number;
  state: MapLinkState;
}

/** `GET /api/map`: the whole map in one light payload (no frontmatter, bodies or occurrences). */
export interface MapProjection {
  schemaVersion: '1';
  kind: 'map';
  /** Epoch ms of the scan; 0 when the project was never scanned. */
  scannedAt: number;
  roots: string[];
  providers: string[];
  counts: { nodes: number; links: number; issues: number };
  nodes: MapNode[];
  links: MapLink[];
  issues: Issue[];
}

const SEVERITY_SLOT = { error: 0, warn: 1, info: 2 } as const;

function displayName(path: string, frontmatter: Record<string, unknown> | undefined): string {
  const name = frontmatter?.['name'];
  if (typeof name === 'string' && name !== '') return name;
  const parts = path.split('/');
  const base = parts[parts.length - 1] ?? path;
  // A skill is named by its folder.
  return base === 'SKILL.md' && parts.length > 1 ? (parts[parts.length - 2] ?? base) : base;
}

/**
 * Projects a scan onto what the map draws. Pure; one pass over nodes, links and issues. The web page gets it from
 * `GET /api/map`; the MCP Apps view projects a tool's closed subgraph (nodes, links, issues) with it, so the two
 * draw the same thing from the same data.
 */
export function projectMap(
  scan: Pick<ScanResult, 'nodes' | 'links' | 'issues'> &
    Partial<Pick<ScanResult, 'scannedAt' | 'roots' | 'providers'>>,
): MapProjection {
  const virtual = new Set<string>();
  const reserved = new Set<string>();
  const issueCounts = new Map<string, [number, number, number]>();
  for (const issue of scan.issues) {
    if (issue.analyzerId === 'name-reserved') for (const id of issue.nodeIds) reserved.add(id);
    for (const id of issue.nodeIds) {
      const counts = issueCounts.get(id) ?? [0, 0, 0];
      counts[SEVERITY_SLOT[issue.severity]]++;
      issueCounts.set(id, counts);
    }
  }
  const nodes: MapNode[] = scan.nodes.map((n) => {
    if (n.virtual === true) virtual.add(n.path);
    return {
      path: n.path,
      kind: n.kind,
      provider: n.provider,
      name: displayName(n.path, n.frontmatter),
      virtual: n.virtual === true,
      sidecar: n.sidecar?.present === true,
      issues: issueCounts.get(n.path) ?? [0, 0, 0],
    };
  });
  const links: MapLink[] = scan.links.map((l) => {
    const resolved = l.resolvedTarget ?? null;
    const state: MapLinkState =
      resolved === null
        ? 'broken'
        : virtual.has(resolved)
          ? 'virtual'
          : reserved.has(resolved)
            ? 'reserved'
            : 'ok';
    return { source: l.source, target: resolved ?? l.target, kind: l.kind, confidence: l.confidence, state };
  });
  return {
    schemaVersion: '1',
    kind: 'map',
    scannedAt: scan.scannedAt ?? 0,
    roots: scan.roots ?? [],
    providers: scan.providers ?? [],
    counts: { nodes: nodes.length, links: links.length, issues: scan.issues.length },
    nodes,
    links,
    issues: scan.issues,
  };
}
