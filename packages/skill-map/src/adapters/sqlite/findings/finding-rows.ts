import type { FindingRow } from './port.js';

/** A `state_findings` row as SQLite returns it (snake_case). */
export interface FindingRowOut {
  id: number;
  node_id: string;
  extension_id: string;
  extension_version: string | null;
  origin: FindingRow['origin'];
  type: string;
  severity: FindingRow['severity'];
  message: string;
  detail: string | null;
  confidence: number | null;
  model: string | null;
  resolution: FindingRow['resolution'];
  resolution_actor: FindingRow['resolutionActor'];
  resolution_note: string | null;
  resolution_by: string | null;
  resolution_at: number | null;
  body_hash_at_generation: string | null;
  generated_at: number;
  job_id: string | null;
}

/** The one mapping from a stored row to the port's FindingRow (write-through reads and lifecycle reads share it). */
export function toFindingRow(r: FindingRowOut): FindingRow {
  return {
    id: r.id,
    nodeId: r.node_id,
    extensionId: r.extension_id,
    extensionVersion: r.extension_version,
    origin: r.origin,
    type: r.type,
    severity: r.severity,
    message: r.message,
    detail: r.detail,
    confidence: r.confidence,
    model: r.model,
    resolution: r.resolution,
    resolutionActor: r.resolution_actor,
    resolutionNote: r.resolution_note,
    resolutionBy: r.resolution_by,
    resolutionAt: r.resolution_at,
    bodyHashAtGeneration: r.body_hash_at_generation,
    generatedAt: r.generated_at,
    jobId: r.job_id,
  };
}
