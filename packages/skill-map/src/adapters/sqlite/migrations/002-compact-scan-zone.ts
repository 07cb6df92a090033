/**
 * Migration 002: a compact scan zone. The scan tables are rebuilt (every scan rewrites them; the next scan
 * repopulates the zone and the per-file cache, `state_*` and `config_*` are untouched):
 *
 * - `scan_links` stores each link as columns (source, target, kind, confidence, resolved target, extractor,
 *   trigger, location, raw) with a `shape` bitmask (which optional fields are present, which repeat the target
 *   and are stored as NULL, the occurrence context) and a small `extra_json` only for what is rare or
 *   multi-valued; no per-row JSON, no key.
 * - `scan_nodes` keeps the node's canonical JSON and only the columns SQL filters on, plus the row fingerprint
 *   (`record_id` with the mtime and link counts, `links_digest` for its outgoing links) that lets a persist skip
 *   unchanged rows without reading or serialising them.
 * - `scan_issues` name their links by row id instead of by key.
 * - `scan_file_cache` holds the kernel's record in one column (its content hash and cache key live inside it).
 * - `scan_meta.row_salt` is the salt the stored fingerprints were computed under; `graph_digest` what the
 *   stored nodes and links were built from besides the cached records (see `RowInputs.graph`).
 *
 * Secondary indexes of the scan zone are dropped before an empty-zone bulk load and rebuilt from this DDL.
 * `scan_links` has no CHECK constraints (the kind list check alone cost about a fifth of a 50k-link bulk load):
 * its rows are the kernel's validated output, written only by the store.
 */
export const MIGRATION_002_COMPACT_SCAN_ZONE = `
DROP TABLE scan_issue_nodes;
DROP TABLE scan_issues;
DROP TABLE scan_links;
DROP TABLE scan_nodes;
DROP TABLE scan_file_cache;
DELETE FROM scan_meta;
ALTER TABLE scan_meta ADD COLUMN row_salt TEXT;
ALTER TABLE scan_meta ADD COLUMN graph_digest TEXT;

CREATE TABLE scan_nodes (
  path TEXT PRIMARY KEY NOT NULL,
  kind TEXT NOT NULL,
  provider TEXT NOT NULL,
  title TEXT,
  virtual INTEGER NOT NULL DEFAULT 0,
  links_out_count INTEGER NOT NULL DEFAULT 0,
  links_in_count INTEGER NOT NULL DEFAULT 0,
  modified_at_ms INTEGER,
  node_json TEXT NOT NULL,
  record_id INTEGER,
  links_digest INTEGER
);
CREATE INDEX scan_nodes_kind ON scan_nodes (kind, path);
-- Covers the fingerprint read of a persist without an in-memory index (no node_json page read).
CREATE INDEX scan_nodes_fingerprint ON scan_nodes (path, record_id, modified_at_ms, links_out_count, links_in_count, links_digest);

CREATE TABLE scan_links (
  id INTEGER PRIMARY KEY,
  source_path TEXT NOT NULL,
  target_path TEXT NOT NULL,
  kind TEXT NOT NULL,
  confidence REAL NOT NULL,
  resolved_target TEXT,
  extractor TEXT,
  original_trigger TEXT,
  normalized_trigger TEXT,
  location_line INTEGER,
  location_column INTEGER,
  location_offset INTEGER,
  raw TEXT,
  shape INTEGER NOT NULL,
  extra_json TEXT
);
CREATE INDEX scan_links_source ON scan_links (source_path);
CREATE INDEX scan_links_target ON scan_links (target_path);
CREATE INDEX scan_links_resolved_target ON scan_links (resolved_target) WHERE resolved_target IS NOT NULL;

CREATE TABLE scan_issues (
  id INTEGER PRIMARY KEY,
  issue_key TEXT NOT NULL,
  group_key TEXT NOT NULL DEFAULT '',
  analyzer_id TEXT NOT NULL,
  severity TEXT NOT NULL CHECK (severity IN ('error', 'warn', 'info')),
  node_ids_json TEXT NOT NULL,
  link_ids_json TEXT,
  message TEXT NOT NULL,
  detail TEXT,
  fix_json TEXT,
  data_json TEXT,
  data_target TEXT,
  row_hash TEXT NOT NULL
);
CREATE INDEX scan_issues_analyzer ON scan_issues (analyzer_id, severity);
CREATE INDEX scan_issues_severity ON scan_issues (severity);
CREATE INDEX scan_issues_suppression ON scan_issues (data_target, analyzer_id);

CREATE TABLE scan_issue_nodes (
  issue_id INTEGER NOT NULL REFERENCES scan_issues (id) ON DELETE CASCADE,
  node_path TEXT NOT NULL,
  PRIMARY KEY (node_path, issue_id)
) WITHOUT ROWID;
CREATE INDEX scan_issue_nodes_issue ON scan_issue_nodes (issue_id);

CREATE TABLE scan_file_cache (
  path TEXT PRIMARY KEY NOT NULL,
  size INTEGER NOT NULL,
  mtime_ms REAL NOT NULL,
  record_json TEXT NOT NULL
);
`;
