/**
 * Migration 003: `scan_resolution_index`, the kernel's resolution index of the stored graph (every node's path, kind
 * and provider, the name index, skill folders, plugin names, reserved names, as one JSON text) stamped with the
 * persist generation it was written at. A scan in a new process re-resolves a few changed files against it instead
 * of rebuilding the whole graph; it is trusted only while its generation is `scan_meta.persist_generation` (any
 * persist that does not rewrite it leaves it stale).
 */
export const MIGRATION_003_RESOLUTION_INDEX = `
CREATE TABLE scan_resolution_index (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  generation INTEGER NOT NULL,
  index_json TEXT NOT NULL
);
`;
