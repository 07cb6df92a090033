/** The baseline file format this build reads and writes (`schemaVersion`). */
export const BASELINE_SCHEMA_VERSION = 1;

/** One accepted fingerprint of a baseline file; mirrors `baseline.schema.json#/$defs/Entry`. */
export interface BaselineEntry {
  /** Short analyzer id. */
  rule: string;
  /** The first node (a path, or a virtual id such as `mcp://github`). */
  node: string;
  /** The issue's `data.target`, or null. */
  target: string | null;
  /** 16 hex digits: the hash of the normalised trigger. */
  trigger: string;
  /** How many issues with this fingerprint are accepted (absent: 1). */
  count?: number;
  /** Why the issue is accepted (absent: empty). */
  reason?: string;
  /** Last day (UTC, `YYYY-MM-DD`) the entry suppresses. */
  expires?: string;
  /** The message when written, for the reader; never matched. */
  message?: string;
}

/** A baseline file; mirrors `baseline.schema.json`. */
export interface BaselineFile {
  $schema?: string;
  schemaVersion: typeof BASELINE_SCHEMA_VERSION;
  entries: BaselineEntry[];
}
