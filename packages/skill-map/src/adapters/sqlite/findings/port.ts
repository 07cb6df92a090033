import type { Severity } from '@skill-map/spec';

/** How a finding was closed; null = open. */
export type FindingResolution = 'fixed' | 'human-decision' | 'dismissed';

/** One `state_findings` row (spec §7), camelCase. */
export interface FindingRow {
  id: number;
  nodeId: string;
  extensionId: string;
  extensionVersion: string | null;
  origin: 'extension' | 'kernel';
  type: string;
  severity: Severity;
  message: string;
  detail: string | null;
  confidence: number | null;
  model: string | null;
  resolution: FindingResolution | null;
  resolutionActor: 'human' | 'fixer' | null;
  resolutionNote: string | null;
  resolutionBy: string | null;
  resolutionAt: number | null;
  bodyHashAtGeneration: string | null;
  generatedAt: number;
  jobId: string | null;
}

/** A finding as read surfaces return it: the row plus the derived staleness (never stored). */
export interface FindingRecord extends FindingRow {
  /** The node's live body hash differs from the one the finding was judged on, or the node is gone. */
  stale: boolean;
}

/** One finding of a validated report, before it has an id. */
export interface NewFinding {
  type: string;
  severity: Severity;
  message: string;
  detail?: string | null;
  confidence?: number | null;
}

/** What every new row of one record carries. */
export interface FindingProvenance {
  extensionVersion: string;
  model: string | null;
  bodyHash: string | null;
  generatedAt: number;
  jobId: string;
}

/** The kernel-owned extension id of the safety lane rows (`injection-detected`, `content-suspicious`, `content-malformed`). */
export const SAFETY_LANE_EXTENSION = 'kernel/safety';

/**
 * The findings writes the RECORD engine makes inside its one transaction (adapters/sqlite/findings/write-through.ts),
 * and the read the SUBMIT engine makes to inject a fixer's findings.
 */
export interface FindingsWriteThrough {
  /** Deletes every prior row of (node, extension), both origins, then inserts `rows` (empty = a clean verdict). */
  replaceForExtension(
    nodeId: string,
    extensionId: string,
    rows: readonly NewFinding[],
    p: FindingProvenance,
  ): number[];
  /** Replaces the node's whole safety lane (origin kernel, extension SAFETY_LANE_EXTENSION) with `rows`. */
  replaceSafetyLane(nodeId: string, rows: readonly NewFinding[], p: FindingProvenance): void;
  /** Stamps a fixer's resolutions on open findings of the node whose extension is one of `analyzerIds`; returns how many. */
  stampFixerResolutions(
    nodeId: string,
    fixerId: string,
    analyzerIds: readonly string[],
    resolved: ReadonlyArray<{ id: number; state: 'fixed' | 'human-decision'; note?: string | null }>,
    at: number,
  ): number;
  /** Open, extension-origin findings of the node for those extensions (stale included), optionally only `ids`; by id. */
  openFindings(nodeId: string, extensionIds: readonly string[], ids?: readonly number[]): FindingRow[];
}

/** Filters of the findings list. */
export interface FindingsQuery {
  /** One node (exact path); omitted: the whole project. */
  node?: string;
  /** Qualified or bare extension id. */
  extension?: string;
}

/** The lifecycle reads and flips (adapters/sqlite/findings/lifecycle.ts); staleness is derived against scan_nodes. */
export interface FindingsLifecycle {
  list(query: FindingsQuery): FindingRecord[];
  get(id: number): FindingRecord | null;
  /** Guarded flip; false when the row is gone or already in that state (the engine tells which). */
  setResolution(
    id: number,
    resolution: FindingResolution | null,
    actor: 'human' | 'fixer' | null,
    note: string | null,
    at: number | null,
  ): boolean;
  delete(id: number): boolean;
  /** Rows of (node, extension, type) that are dismissed at row grain, excluding `exceptId`. */
  countDismissedOfClass(nodeId: string, extensionId: string, type: string, exceptId?: number): number;
  /** Rows of (node, extension, type) in any state, excluding `exceptId` (the class a suppression entry covers). */
  countOfClass(nodeId: string, extensionId: string, type: string, exceptId?: number): number;
  /** Deletes stale rows (node gone or body changed); returns how many. */
  pruneStale(): number;
}
