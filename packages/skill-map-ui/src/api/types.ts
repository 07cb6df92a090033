// Wire shapes the page reads. Domain types come from @skill-map/spec (types only: nothing of it is bundled).
export type {
  Issue,
  Link,
  MapLink,
  MapLinkState,
  MapNode,
  MapProjection,
  Node,
  PublicJob,
  Severity,
} from '@skill-map/spec';
import type { Issue, Link, Node } from '@skill-map/spec';

/** `GET /api/nodes/:pathB64?include=body`. */
export interface NodeBundle {
  schemaVersion: string;
  kind: 'node';
  item: Node & { body?: string | null };
  links: { incoming: Link[]; outgoing: Link[] };
  issues: Issue[];
}

/** `GET /api/health`. */
export interface Health {
  ok: boolean;
  db: 'present' | 'missing';
  implVersion: string;
  cwd: string;
  mcp: boolean;
}

/** `GET /api/mcp/status`. */
export interface McpStatus {
  enabled: boolean;
  connected: boolean;
  clients: number;
  url: string | null;
}

/** One `/ws` frame. */
export interface LiveEvent {
  type: string;
  timestamp: number;
  runId?: string | null;
  jobId?: string | null;
  data: Record<string, unknown>;
}
