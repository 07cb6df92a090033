// Wire shapes the page reads. Domain types come from @skill-map/spec (types only: nothing of it is bundled).
export type {
  ActivitySummary,
  ContributionRegistryEntry,
  EnvelopeRegistries,
  KindRegistryEntry,
  Issue,
  Link,
  ListEnvelope,
  MapLink,
  MapLinkState,
  MapNode,
  MapProjection,
  Node,
  NodeActivity,
  PairActivity,
  PublicJob,
  Severity,
} from '@skill-map/spec';
import type { ContributionRegistryEntry, Issue, Link, Node } from '@skill-map/spec';

/** `GET /api/nodes/:pathB64?include=body`. */
export interface NodeBundle {
  schemaVersion: string;
  kind: 'node';
  item: Omit<Node, 'contributions'> & {
    body?: string | null;
    contributions?: Array<{ id: string; data: unknown }>;
  };
  links: { incoming: Link[]; outgoing: Link[] };
  issues: Issue[];
  /** The loaded plugins' view contributions (`<plugin>/<id>`), on every payload-bearing envelope. */
  contributionsRegistry?: Record<string, ContributionRegistryEntry>;
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
  /** `/mcp` is mounted in the running server. */
  enabled: boolean;
  connected: boolean;
  clients: number;
  url: string | null;
  /** `mcp.server.enabled` as the settings say it now (what the next start does). */
  configured: boolean;
  /** The setting changed since the server started: a restart applies it. */
  restartRequired: boolean;
}

/** One `/ws` frame. */
export interface LiveEvent {
  type: string;
  timestamp: number;
  runId?: string | null;
  jobId?: string | null;
  data: Record<string, unknown>;
}

/** One finding of `GET /api/nodes/:pathB64/findings` (the engine's view row). */
export interface Finding {
  id: number;
  nodeId: string;
  extensionId: string;
  extensionVersion: string | null;
  origin: 'extension' | 'kernel';
  type: string;
  severity: 'error' | 'warn' | 'info';
  message: string;
  detail: string | null;
  confidence: number | null;
  model: string | null;
  resolution: 'fixed' | 'human-decision' | 'dismissed' | null;
  resolutionActor: 'human' | 'fixer' | null;
  resolutionNote: string | null;
  resolutionBy: string | null;
  resolutionAt: number | null;
  generatedAt: number;
  jobId: string | null;
  stale: boolean;
  /** Hidden by a class suppression of its node. */
  suppressed: boolean;
}

/** One `GET /api/extensions` entry. */
export interface ExtensionInfo {
  id: string;
  kind: 'analyzer' | 'action';
  role: 'finder' | 'fixer' | 'standalone';
  description: string;
  analyzerIds?: string[];
}
