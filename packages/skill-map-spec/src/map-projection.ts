import type { Issue } from './issue.js';
import type { LinkKind } from './link.js';

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
