// Reads across every project of one PostgreSQL database (`sm org`): which projects there are and how they stand,
// where a name is defined, which nodes use a target (an MCP server, a skill), and every project's issues. Also the
// one write that spans projects' rows: deleting one project's data, in one transaction, touching no other project.
import type { Severity } from '@skill-map/spec';
import type { Issue } from '../domain.js';
import type { SyncPg } from './sync-pg.js';

/** One project as `sm org list` shows it. */
export interface OrgProject {
  projectId: string;
  label: string;
  scannedAt: number | null;
  nodes: number;
  issues: { error: number; warn: number; info: number };
  jobs: { queued: number; running: number };
}

/** A node found by name in some project. */
export interface OrgNodeHit {
  projectId: string;
  label: string;
  path: string;
  kind: string;
  name: string;
}

/** A node of some project that links to a target. */
export interface OrgUse {
  projectId: string;
  label: string;
  source: string;
  sourceKind: string | null;
  linkKind: string;
}

/** One issue of some project. */
export interface OrgIssue {
  projectId: string;
  label: string;
  issue: Issue;
}

const SEVERITIES: readonly Severity[] = ['error', 'warn', 'info'];

/** The tables holding a project's rows (deleteProject's list: a new per-project table goes here too). */
const PROJECT_TABLES = [
  'scan_nodes',
  'scan_links',
  'scan_issues',
  'scan_meta',
  'state_jobs',
  'state_job_contents',
  'state_executions',
  'state_summaries',
  'state_findings',
  'state_activity_seen',
  'sm_projects',
] as const;

export interface OrgReader {
  projects(): OrgProject[];
  /** Nodes whose name is `name` (case-insensitive), by project then path. */
  findByName(name: string): OrgNodeHit[];
  /** Nodes whose links resolve to `target` (`mcp://github`, `.claude/skills/x/SKILL.md`), by project then source. */
  usesOf(target: string): OrgUse[];
  /** Issues at `minSeverity` or worse, by project, severity, then stored order. */
  issues(minSeverity: Severity): OrgIssue[];
  /** Deletes every row of `projectId`; answers the rows removed (0: no such project). */
  deleteProject(projectId: string): number;
}

export function createOrgReader(pg: SyncPg): OrgReader {
  return {
    projects() {
      return pg
        .query<{
          project_id: string;
          label: string;
          scanned_at: number | null;
          nodes: number;
          error: number;
          warn: number;
          info: number;
          queued: number;
          running: number;
        }>(
          `SELECT p.project_id, p.label, p.scanned_at,
            (SELECT COUNT(*)::int FROM scan_nodes n WHERE n.project_id = p.project_id) AS nodes,
            (SELECT COUNT(*)::int FROM scan_issues i WHERE i.project_id = p.project_id AND i.severity = 'error') AS error,
            (SELECT COUNT(*)::int FROM scan_issues i WHERE i.project_id = p.project_id AND i.severity = 'warn') AS warn,
            (SELECT COUNT(*)::int FROM scan_issues i WHERE i.project_id = p.project_id AND i.severity = 'info') AS info,
            (SELECT COUNT(*)::int FROM state_jobs j WHERE j.project_id = p.project_id AND j.status = 'queued') AS queued,
            (SELECT COUNT(*)::int FROM state_jobs j WHERE j.project_id = p.project_id AND j.status = 'running') AS running
          FROM sm_projects p ORDER BY p.label, p.project_id`,
        )
        .rows.map((r) => ({
          projectId: r.project_id,
          label: r.label,
          scannedAt: r.scanned_at,
          nodes: r.nodes,
          issues: { error: r.error, warn: r.warn, info: r.info },
          jobs: { queued: r.queued, running: r.running },
        }));
    },
    findByName(name) {
      return pg
        .query<{ project_id: string; label: string; path: string; kind: string; name: string }>(
          `SELECT n.project_id, p.label, n.path, n.kind, n.name FROM scan_nodes n
            JOIN sm_projects p ON p.project_id = n.project_id
            WHERE lower(n.name) = lower($1) ORDER BY p.label, n.project_id, n.path`,
          [name],
        )
        .rows.map((r) => ({
          projectId: r.project_id,
          label: r.label,
          path: r.path,
          kind: r.kind,
          name: r.name,
        }));
    },
    usesOf(target) {
      return pg
        .query<{
          project_id: string;
          label: string;
          source: string;
          source_kind: string | null;
          kind: string;
        }>(
          `SELECT DISTINCT l.project_id, p.label, l.source, n.kind AS source_kind, l.kind FROM scan_links l
            JOIN sm_projects p ON p.project_id = l.project_id
            LEFT JOIN scan_nodes n ON n.project_id = l.project_id AND n.path = l.source
            WHERE l.target = $1 ORDER BY p.label, l.project_id, l.source, l.kind`,
          [target],
        )
        .rows.map((r) => ({
          projectId: r.project_id,
          label: r.label,
          source: r.source,
          sourceKind: r.source_kind,
          linkKind: r.kind,
        }));
    },
    issues(minSeverity) {
      const wanted = SEVERITIES.slice(0, SEVERITIES.indexOf(minSeverity) + 1);
      return pg
        .query<{ project_id: string; label: string; issue_json: string }>(
          `SELECT i.project_id, p.label, i.issue_json FROM scan_issues i
            JOIN sm_projects p ON p.project_id = i.project_id
            WHERE i.severity = ANY($1::text[])
            ORDER BY p.label, i.project_id, array_position($2::text[], i.severity), i.ord`,
          [wanted, [...SEVERITIES]],
        )
        .rows.map((r) => ({
          projectId: r.project_id,
          label: r.label,
          issue: JSON.parse(r.issue_json) as Issue,
        }));
    },
    deleteProject(projectId) {
      pg.query('BEGIN');
      try {
        const results = pg.batch(
          PROJECT_TABLES.map((t) => ({ sql: `DELETE FROM ${t} WHERE project_id = $1`, params: [projectId] })),
        );
        pg.query('COMMIT');
        return results.reduce((sum, r) => sum + r.rowCount, 0);
      } catch (err) {
        pg.query('ROLLBACK');
        throw err;
      }
    },
  };
}
