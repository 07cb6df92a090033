/**
 * Migration 001: the three zones of spec §9.2. `scan_*` is rebuilt by every scan (diff-written),
 * `state_*` survives scans and lens switches, `config_*` is bookkeeping. Each scan row carries the
 * canonical JSON of the domain object (`*_json`) plus the columns SQL filters on, and a `row_hash`
 * the diff writer compares to skip unchanged rows.
 */
export const MIGRATION_001_INITIAL = `
CREATE TABLE scan_nodes (
  path TEXT PRIMARY KEY NOT NULL,
  kind TEXT NOT NULL,
  provider TEXT NOT NULL,
  title TEXT,
  description TEXT,
  stability TEXT,
  version INTEGER,
  frontmatter_json TEXT,
  body_hash TEXT NOT NULL,
  frontmatter_hash TEXT NOT NULL,
  bytes_frontmatter INTEGER NOT NULL,
  bytes_body INTEGER NOT NULL,
  bytes_total INTEGER NOT NULL,
  tokens_frontmatter INTEGER,
  tokens_body INTEGER,
  tokens_total INTEGER,
  links_out_count INTEGER NOT NULL DEFAULT 0,
  links_in_count INTEGER NOT NULL DEFAULT 0,
  external_refs_count INTEGER NOT NULL DEFAULT 0,
  external_refs_json TEXT,
  scanned_at INTEGER NOT NULL,
  modified_at_ms INTEGER,
  virtual INTEGER NOT NULL DEFAULT 0,
  derived_from_json TEXT,
  sidecar_present INTEGER NOT NULL DEFAULT 0,
  sidecar_status TEXT,
  annotations_json TEXT,
  sidecar_root_json TEXT,
  node_json TEXT NOT NULL,
  row_hash TEXT NOT NULL
);
CREATE INDEX scan_nodes_kind ON scan_nodes (kind, path);
CREATE INDEX scan_nodes_body_hash ON scan_nodes (body_hash);

CREATE TABLE scan_links (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  link_key TEXT NOT NULL UNIQUE,
  source_path TEXT NOT NULL,
  target_path TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('invokes', 'references', 'mentions', 'points')),
  confidence REAL NOT NULL CHECK (confidence >= 0 AND confidence <= 1),
  sources_json TEXT NOT NULL,
  original_trigger TEXT,
  normalized_trigger TEXT,
  location_line INTEGER,
  location_column INTEGER,
  location_offset INTEGER,
  occurrences_json TEXT,
  resolved_target TEXT,
  raw TEXT,
  link_json TEXT NOT NULL,
  row_hash TEXT NOT NULL
);
CREATE INDEX scan_links_source ON scan_links (source_path);
CREATE INDEX scan_links_target ON scan_links (target_path);
CREATE INDEX scan_links_resolved_target ON scan_links (resolved_target);

CREATE TABLE scan_issues (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  issue_key TEXT NOT NULL UNIQUE,
  group_key TEXT NOT NULL DEFAULT '',
  analyzer_id TEXT NOT NULL,
  severity TEXT NOT NULL CHECK (severity IN ('error', 'warn', 'info')),
  node_ids_json TEXT NOT NULL,
  link_keys_json TEXT,
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

-- Issue-to-node membership: "issues of node X" is an indexed lookup instead of a json_each scan.
CREATE TABLE scan_issue_nodes (
  issue_id INTEGER NOT NULL REFERENCES scan_issues (id) ON DELETE CASCADE,
  node_path TEXT NOT NULL,
  PRIMARY KEY (node_path, issue_id)
) WITHOUT ROWID;
CREATE INDEX scan_issue_nodes_issue ON scan_issue_nodes (issue_id);

CREATE TABLE scan_meta (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  roots_json TEXT NOT NULL,
  scanned_at INTEGER NOT NULL,
  scanned_by_name TEXT,
  scanned_by_version TEXT,
  scanned_by_spec_version TEXT,
  providers_json TEXT,
  stats_json TEXT NOT NULL,
  scan_ceiling INTEGER,
  scan_truncated INTEGER NOT NULL DEFAULT 0,
  files_not_scanned INTEGER NOT NULL DEFAULT 0,
  persist_generation INTEGER NOT NULL DEFAULT 0,
  max_render_nodes INTEGER,
  files_oversized INTEGER NOT NULL DEFAULT 0,
  oversized_files_json TEXT,
  tokenizer TEXT,
  active_provider TEXT,
  extra_json TEXT,
  schema_fingerprint TEXT,
  result_fingerprint TEXT
);

-- Per-file cache of the kernel's analyzeFile output, for incremental scans.
CREATE TABLE scan_file_cache (
  path TEXT PRIMARY KEY NOT NULL,
  size INTEGER NOT NULL,
  mtime_ms REAL NOT NULL,
  content_hash TEXT NOT NULL,
  cache_key TEXT NOT NULL,
  record_json TEXT NOT NULL
);

CREATE TABLE state_job_contents (
  content_hash TEXT PRIMARY KEY NOT NULL,
  content TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE state_jobs (
  id TEXT PRIMARY KEY NOT NULL,
  extension_id TEXT NOT NULL,
  extension_version TEXT NOT NULL,
  extension_kind TEXT NOT NULL CHECK (extension_kind IN ('action', 'analyzer')),
  node_id TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  prompt_template_hash TEXT,
  nonce TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed', 'cancelled')),
  failure_reason TEXT CHECK (failure_reason IS NULL OR failure_reason IN
    ('runner-error', 'report-invalid', 'timeout', 'abandoned', 'job-file-missing', 'user-failed')),
  priority INTEGER NOT NULL DEFAULT 0,
  ttl_seconds INTEGER,
  finding_ids_json TEXT,
  auto_fix INTEGER NOT NULL DEFAULT 0,
  runner TEXT CHECK (runner IS NULL OR runner IN ('agent', 'in-process')),
  submitted_by TEXT,
  created_at INTEGER NOT NULL,
  claimed_at INTEGER,
  finished_at INTEGER,
  expires_at INTEGER
);
-- Hard backstop against two live jobs for the same work, even under --force.
CREATE UNIQUE INDEX state_jobs_active_unique ON state_jobs (extension_id, node_id, content_hash)
  WHERE status IN ('queued', 'running');
CREATE INDEX state_jobs_claim ON state_jobs (status, priority DESC, created_at);
CREATE INDEX state_jobs_node ON state_jobs (node_id);
CREATE INDEX state_jobs_expiry ON state_jobs (expires_at) WHERE status = 'running';

CREATE TABLE state_executions (
  id TEXT PRIMARY KEY NOT NULL,
  kind TEXT NOT NULL DEFAULT 'action' CHECK (kind = 'action'),
  extension_id TEXT NOT NULL,
  extension_version TEXT NOT NULL,
  node_ids_json TEXT NOT NULL,
  content_hash TEXT,
  status TEXT NOT NULL CHECK (status IN ('completed', 'failed', 'cancelled')),
  failure_reason TEXT,
  exit_code INTEGER,
  runner TEXT,
  started_at INTEGER,
  finished_at INTEGER,
  duration_ms INTEGER,
  tokens_in INTEGER,
  tokens_out INTEGER,
  model TEXT,
  report_path TEXT,
  report_json TEXT,
  job_id TEXT
);
CREATE INDEX state_executions_job ON state_executions (job_id);
CREATE INDEX state_executions_extension ON state_executions (extension_id, finished_at);

CREATE TABLE state_summaries (
  node_id TEXT NOT NULL,
  summarizer_action_id TEXT NOT NULL,
  summarizer_version TEXT,
  body_hash_at_generation TEXT,
  summary_json TEXT NOT NULL,
  generated_at INTEGER NOT NULL,
  job_id TEXT,
  PRIMARY KEY (node_id, summarizer_action_id)
);

CREATE TABLE state_findings (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  node_id TEXT NOT NULL,
  extension_id TEXT NOT NULL,
  extension_version TEXT,
  origin TEXT NOT NULL CHECK (origin IN ('extension', 'kernel')),
  type TEXT NOT NULL,
  severity TEXT NOT NULL CHECK (severity IN ('info', 'warn', 'error')),
  message TEXT NOT NULL,
  detail TEXT,
  confidence REAL,
  model TEXT,
  resolution TEXT CHECK (resolution IS NULL OR resolution IN ('fixed', 'human-decision', 'dismissed')),
  resolution_actor TEXT CHECK (resolution_actor IS NULL OR resolution_actor IN ('human', 'fixer')),
  resolution_note TEXT,
  resolution_by TEXT,
  resolution_at INTEGER,
  body_hash_at_generation TEXT,
  generated_at INTEGER NOT NULL,
  job_id TEXT
);
CREATE INDEX state_findings_node ON state_findings (node_id, extension_id);
CREATE INDEX state_findings_extension ON state_findings (extension_id);

CREATE TABLE state_enrichments (
  node_id TEXT NOT NULL,
  extension_id TEXT NOT NULL,
  extension_version TEXT,
  body_hash_at_enrichment TEXT,
  data_json TEXT NOT NULL,
  enriched_at INTEGER NOT NULL,
  PRIMARY KEY (node_id, extension_id)
);

CREATE TABLE state_plugin_kvs (
  plugin_id TEXT NOT NULL,
  node_id TEXT NOT NULL DEFAULT '',
  key TEXT NOT NULL,
  value_json TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (plugin_id, node_id, key)
);
CREATE INDEX state_plugin_kvs_node ON state_plugin_kvs (node_id);

CREATE TABLE state_node_favorites (
  node_path TEXT PRIMARY KEY NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE config_preferences (
  key TEXT PRIMARY KEY NOT NULL,
  value_json TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
`;
