import type { Database as Db } from 'better-sqlite3';
import { cached } from '../statements.js';
import type { NewExecution, NodeIssue, SummaryUpsert } from './port.js';

const INSERT_EXECUTION = `INSERT INTO state_executions (id, kind, extension_id, extension_version, node_ids_json,
  content_hash, status, failure_reason, exit_code, runner, started_at, finished_at, duration_ms, tokens_in,
  tokens_out, model, report_path, report_json, job_id)
  VALUES (?, 'action', ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)`;

/** An execution record's column values in INSERT_EXECUTION's order (every store writes these, in this order). */
export function executionValues(e: NewExecution): unknown[] {
  return [
    e.id,
    e.extensionId,
    e.extensionVersion,
    JSON.stringify(e.nodeIds),
    e.contentHash,
    e.status,
    e.failureReason,
    e.runner,
    e.startedAt,
    e.finishedAt,
    e.durationMs,
    e.tokensIn,
    e.tokensOut,
    e.model,
    e.reportJson,
    e.jobId,
  ];
}

/** Writes one execution record (kind is always `action`, `report_path` is legacy and always null). */
export function insertExecution(db: Db, e: NewExecution): void {
  cached(db, INSERT_EXECUTION).run(...executionValues(e));
}

const UPSERT_SUMMARY = `INSERT INTO state_summaries (node_id, summarizer_action_id, summarizer_version,
  body_hash_at_generation, summary_json, generated_at, job_id) VALUES (?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (node_id, summarizer_action_id) DO UPDATE SET summarizer_version = excluded.summarizer_version,
  body_hash_at_generation = excluded.body_hash_at_generation, summary_json = excluded.summary_json,
  generated_at = excluded.generated_at, job_id = excluded.job_id`;

/** One summary per (node, summarizer): a newer report replaces the older one. */
export function upsertSummary(db: Db, s: SummaryUpsert): void {
  cached(db, UPSERT_SUMMARY).run(
    s.nodeId,
    s.summarizerId,
    s.summarizerVersion,
    s.bodyHash,
    s.summaryJson,
    s.generatedAt,
    s.jobId,
  );
}

interface IssueRow {
  analyzer_id: string;
  severity: NodeIssue['severity'];
  message: string;
  detail: string | null;
  data_json: string | null;
}

/** Both spellings of each analyzer id: `core/reference-broken` also matches a stored `reference-broken`. */
export function spellings(ids: readonly string[]): string[] {
  const out = new Set<string>();
  for (const id of ids) {
    out.add(id);
    const slash = id.lastIndexOf('/');
    if (slash >= 0) out.add(id.slice(slash + 1));
  }
  return [...out];
}

/** The node's current scan issues of those analyzers, in stored order. */
export function issuesOfNode(
  db: Db,
  schemaReady: boolean,
  nodeId: string,
  analyzerIds: readonly string[],
): NodeIssue[] {
  if (!schemaReady || analyzerIds.length === 0) return [];
  const ids = spellings(analyzerIds);
  const rows = cached(
    db,
    `SELECT i.analyzer_id, i.severity, i.message, i.detail, i.data_json FROM scan_issues i
      JOIN scan_issue_nodes m ON m.issue_id = i.id
      WHERE m.node_path = ? AND i.analyzer_id IN (${ids.map(() => '?').join(', ')}) ORDER BY i.id`,
  ).all(nodeId, ...ids) as IssueRow[];
  return rows.map((r) => ({
    analyzerId: r.analyzer_id,
    severity: r.severity,
    message: r.message,
    detail: r.detail,
    data: r.data_json === null ? null : (JSON.parse(r.data_json) as Record<string, unknown>),
  }));
}
