// Reads the execution history (`state_executions`) behind `sm history` and `sm history stats`.
import { Database } from './driver.js';

/** Filters of `sm history`; every one optional, ANDed. */
export interface ExecutionFilter {
  /** Executions that targeted this node path. */
  readonly node?: string;
  /** Executions of this extension (action) id. */
  readonly action?: string;
  readonly statuses?: readonly string[];
  /** Inclusive lower bound on `finished_at`, epoch ms. */
  readonly since?: number;
  /** Exclusive upper bound on `finished_at`, epoch ms. */
  readonly until?: number;
}

/** One `state_executions` row, typed. */
export interface ExecutionRow {
  readonly id: string;
  readonly extensionId: string;
  readonly extensionVersion: string;
  readonly nodeIds: string[];
  readonly contentHash: string | null;
  readonly status: 'completed' | 'failed' | 'cancelled';
  readonly failureReason: string | null;
  readonly exitCode: number | null;
  readonly runner: string | null;
  readonly startedAt: number | null;
  readonly finishedAt: number | null;
  readonly durationMs: number | null;
  readonly tokensIn: number | null;
  readonly tokensOut: number | null;
  readonly reportPath: string | null;
  readonly jobId: string | null;
}

type Raw = Omit<ExecutionRow, 'nodeIds'> & { nodeIdsJson: string };

function nodeIds(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** The executions matching `filter`, newest first. */
export function readExecutions(path: string, filter: ExecutionFilter = {}): ExecutionRow[] {
  const where: string[] = [];
  const params: Record<string, unknown> = {};
  if (filter.node !== undefined) {
    where.push('instr(node_ids_json, json_quote(@node)) > 0');
    params['node'] = filter.node;
  }
  if (filter.action !== undefined) {
    where.push('extension_id = @action');
    params['action'] = filter.action;
  }
  if (filter.statuses !== undefined && filter.statuses.length > 0) {
    where.push(`status IN (${filter.statuses.map((_, i) => `@s${i}`).join(', ')})`);
    filter.statuses.forEach((s, i) => (params[`s${i}`] = s));
  }
  if (filter.since !== undefined) {
    where.push('COALESCE(finished_at, started_at) >= @since');
    params['since'] = filter.since;
  }
  if (filter.until !== undefined) {
    where.push('COALESCE(finished_at, started_at) < @until');
    params['until'] = filter.until;
  }
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const rows = db
      .prepare(
        `SELECT id, extension_id AS extensionId, extension_version AS extensionVersion, node_ids_json AS nodeIdsJson,
          content_hash AS contentHash, status, failure_reason AS failureReason, exit_code AS exitCode, runner,
          started_at AS startedAt, finished_at AS finishedAt, duration_ms AS durationMs, tokens_in AS tokensIn,
          tokens_out AS tokensOut, report_path AS reportPath, job_id AS jobId
         FROM state_executions ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY COALESCE(finished_at, started_at) DESC, id DESC`,
      )
      .all(params) as Raw[];
    return rows.map(({ nodeIdsJson, ...r }) => ({ ...r, nodeIds: nodeIds(nodeIdsJson) }));
  } finally {
    db.close();
  }
}
