// The PostgreSQL schema, kept by its own numbered migrations (SQLite's are in adapters/sqlite/migrations: the two
// dialects differ, the rows they hold do not). Every row carries the project it belongs to (`project_id`, the
// stable id of .skill-map/settings.json), so many projects share one database. Migrations run under a
// transaction-scoped advisory lock: several servers starting at once on one database apply each step once.
import { AdapterError } from '../errors.js';
import { CLAIM_BY_KEY_SQL, JOB_FUNCTIONS_SQL } from './job-functions.js';
import type { SyncPg } from './sync-pg.js';

/** One step: its number and the statements it runs (in one transaction). */
interface PgMigration {
  version: number;
  name: string;
  sql: string;
}

const MIGRATIONS: readonly PgMigration[] = [
  {
    version: 1,
    name: 'job zone',
    sql: `
CREATE TABLE state_job_contents (
  project_id TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  content TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (project_id, content_hash)
);
CREATE TABLE state_jobs (
  project_id TEXT NOT NULL,
  id TEXT NOT NULL,
  seq BIGSERIAL NOT NULL,
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
  auto_fix BOOLEAN NOT NULL DEFAULT FALSE,
  runner TEXT CHECK (runner IS NULL OR runner IN ('agent', 'in-process')),
  submitted_by TEXT,
  created_at BIGINT NOT NULL,
  claimed_at BIGINT,
  finished_at BIGINT,
  expires_at BIGINT,
  PRIMARY KEY (project_id, id)
);
CREATE UNIQUE INDEX state_jobs_active_unique ON state_jobs (project_id, extension_id, node_id, content_hash)
  WHERE status IN ('queued', 'running');
CREATE INDEX state_jobs_claim ON state_jobs (project_id, priority DESC, created_at, seq) WHERE status = 'queued';
CREATE INDEX state_jobs_node ON state_jobs (project_id, node_id);
CREATE INDEX state_jobs_expiry ON state_jobs (project_id, expires_at) WHERE status = 'running';
CREATE TABLE state_executions (
  project_id TEXT NOT NULL,
  id TEXT NOT NULL,
  kind TEXT NOT NULL DEFAULT 'action' CHECK (kind = 'action'),
  extension_id TEXT NOT NULL,
  extension_version TEXT NOT NULL,
  node_ids_json TEXT NOT NULL,
  content_hash TEXT,
  status TEXT NOT NULL CHECK (status IN ('completed', 'failed', 'cancelled')),
  failure_reason TEXT,
  exit_code INTEGER,
  runner TEXT,
  started_at BIGINT,
  finished_at BIGINT,
  duration_ms BIGINT,
  tokens_in BIGINT,
  tokens_out BIGINT,
  model TEXT,
  report_path TEXT,
  report_json TEXT,
  job_id TEXT,
  PRIMARY KEY (project_id, id)
);
CREATE INDEX state_executions_job ON state_executions (project_id, job_id);
CREATE INDEX state_executions_extension ON state_executions (project_id, extension_id, finished_at);
CREATE TABLE state_summaries (
  project_id TEXT NOT NULL,
  node_id TEXT NOT NULL,
  summarizer_action_id TEXT NOT NULL,
  summarizer_version TEXT,
  body_hash_at_generation TEXT,
  summary_json TEXT NOT NULL,
  generated_at BIGINT NOT NULL,
  job_id TEXT,
  PRIMARY KEY (project_id, node_id, summarizer_action_id)
);`,
  },
  {
    version: 2,
    name: 'scan zone and projects',
    sql: `
CREATE TABLE sm_projects (
  project_id TEXT PRIMARY KEY,
  label TEXT NOT NULL,
  scanned_at BIGINT,
  updated_at BIGINT NOT NULL
);
CREATE TABLE scan_nodes (
  project_id TEXT NOT NULL,
  path TEXT NOT NULL,
  ord INTEGER NOT NULL,
  kind TEXT NOT NULL,
  provider TEXT NOT NULL,
  name TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  node_json TEXT NOT NULL,
  PRIMARY KEY (project_id, path)
);
CREATE INDEX scan_nodes_name ON scan_nodes (lower(name));
CREATE TABLE scan_links (
  project_id TEXT NOT NULL,
  ord INTEGER NOT NULL,
  source TEXT NOT NULL,
  target TEXT NOT NULL,
  kind TEXT NOT NULL,
  link_json TEXT NOT NULL,
  PRIMARY KEY (project_id, ord)
);
CREATE INDEX scan_links_target ON scan_links (target, project_id);
CREATE TABLE scan_issues (
  project_id TEXT NOT NULL,
  ord INTEGER NOT NULL,
  analyzer_id TEXT NOT NULL,
  severity TEXT NOT NULL CHECK (severity IN ('info', 'warn', 'error')),
  node_ids TEXT[] NOT NULL,
  issue_json TEXT NOT NULL,
  PRIMARY KEY (project_id, ord)
);
CREATE INDEX scan_issues_severity ON scan_issues (severity, project_id);
CREATE TABLE scan_meta (
  project_id TEXT PRIMARY KEY,
  scan_json TEXT NOT NULL
);`,
  },
  {
    version: 3,
    name: 'findings and activity',
    sql: `
CREATE TABLE state_findings (
  project_id TEXT NOT NULL,
  id BIGSERIAL PRIMARY KEY,
  node_id TEXT NOT NULL,
  extension_id TEXT NOT NULL,
  extension_version TEXT,
  origin TEXT NOT NULL CHECK (origin IN ('extension', 'kernel')),
  type TEXT NOT NULL,
  severity TEXT NOT NULL CHECK (severity IN ('info', 'warn', 'error')),
  message TEXT NOT NULL,
  detail TEXT,
  confidence DOUBLE PRECISION,
  model TEXT,
  resolution TEXT CHECK (resolution IS NULL OR resolution IN ('fixed', 'human-decision', 'dismissed')),
  resolution_actor TEXT CHECK (resolution_actor IS NULL OR resolution_actor IN ('human', 'fixer')),
  resolution_note TEXT,
  resolution_by TEXT,
  resolution_at BIGINT,
  body_hash_at_generation TEXT,
  generated_at BIGINT NOT NULL,
  job_id TEXT
);
CREATE INDEX state_findings_node ON state_findings (project_id, node_id, extension_id);
CREATE TABLE state_activity_seen (
  project_id TEXT NOT NULL,
  node_path TEXT NOT NULL,
  host TEXT NOT NULL,
  last_seen_at BIGINT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (project_id, node_path, host)
);`,
  },
  {
    version: 4,
    name: 'scan generation',
    sql: `ALTER TABLE sm_projects ADD COLUMN generation BIGINT NOT NULL DEFAULT 0;`,
  },
  { version: 5, name: 'job functions', sql: JOB_FUNCTIONS_SQL },
  { version: 6, name: 'claim by primary key', sql: CLAIM_BY_KEY_SQL },
  {
    // Every move of a project's scan generation (a persist, an annotations refresh, a suppression) is announced on
    // sm_scans at commit, so a running server learns of a map stored by another process (scan-follow.ts).
    version: 7,
    name: 'scan notifications',
    sql: `
CREATE FUNCTION sm_notify_scan() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_notify('sm_scans', json_build_object('project', NEW.project_id, 'generation', NEW.generation)::text);
  RETURN NULL;
END
$fn$;
CREATE TRIGGER sm_projects_scan AFTER INSERT OR UPDATE OF generation ON sm_projects
  FOR EACH ROW EXECUTE FUNCTION sm_notify_scan();`,
  },
];

/** The newest schema version this build knows. */
export const PG_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;

/** A database written by a newer skill-map than this one: refused rather than misread. */
function tooNew(found: number): AdapterError {
  return new AdapterError(
    'DB_SCHEMA_NEWER',
    `the PostgreSQL database is at schema ${found}, newer than this skill-map knows (${PG_SCHEMA_VERSION}): upgrade skill-map`,
    { data: { found, known: PG_SCHEMA_VERSION } },
  );
}

/** An arbitrary fixed key of the advisory lock that serialises migrations (any skill-map on the database). */
const MIGRATION_LOCK = 0x5eed_0001;

/** Applies the missing steps; answers the versions applied now (empty when the schema was current). */
export function migratePg(pg: SyncPg): number[] {
  pg.query(`CREATE TABLE IF NOT EXISTS sm_schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`);
  const applied: number[] = [];
  pg.query('BEGIN');
  try {
    pg.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const done =
      pg.query<{ v: number | null }>('SELECT MAX(version) AS v FROM sm_schema_migrations').rows[0]?.v ?? 0;
    if (done > PG_SCHEMA_VERSION) throw tooNew(done);
    for (const m of MIGRATIONS) {
      if (m.version <= done) continue;
      pg.query(m.sql);
      pg.query('INSERT INTO sm_schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
        m.version,
        m.name,
        Date.now(),
      ]);
      applied.push(m.version);
    }
    pg.query('COMMIT');
  } catch (err) {
    pg.query('ROLLBACK');
    throw err;
  }
  return applied;
}
