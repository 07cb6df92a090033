// Pure: execution rows → the published ExecutionRecord and HistoryStats shapes (`sm history [stats] --json`).
import { JOB_FAILURE_REASONS } from '@skill-map/spec';
import type { ExecutionRow } from '../../adapters/index.js';

export type Period = 'day' | 'week' | 'month';

const HASH = /^[a-f0-9]{64}$/;

/** The runners a record names: an agent that claimed the job, or code in the process. */
const RUNNERS: ReadonlySet<string> = new Set(['agent', 'in-process']);

/** `execution-record.schema.json`. */
export interface ExecutionRecord {
  id: string;
  kind: 'action';
  extensionId: string;
  extensionVersion: string;
  nodeIds: string[];
  contentHash: string | null;
  status: ExecutionRow['status'];
  failureReason: string | null;
  exitCode: number | null;
  runner: string | null;
  startedAt: number;
  finishedAt: number;
  durationMs: number | null;
  tokensIn: number | null;
  tokensOut: number | null;
  reportPath: string | null;
  jobId: string | null;
}

/** One row as an ExecutionRecord (only a failed one has a failure reason). */
export function toExecutionRecord(r: ExecutionRow): ExecutionRecord {
  const finishedAt = r.finishedAt ?? r.startedAt ?? 0;
  return {
    id: r.id,
    kind: 'action',
    extensionId: r.extensionId,
    extensionVersion: r.extensionVersion,
    nodeIds: r.nodeIds,
    contentHash: r.contentHash !== null && HASH.test(r.contentHash) ? r.contentHash : null,
    status: r.status,
    failureReason: r.status === 'failed' ? r.failureReason : null,
    exitCode: r.exitCode,
    runner: r.runner !== null && RUNNERS.has(r.runner) ? r.runner : null,
    startedAt: r.startedAt ?? finishedAt,
    finishedAt,
    durationMs: r.durationMs,
    tokensIn: r.tokensIn,
    tokensOut: r.tokensOut,
    reportPath: r.reportPath,
    jobId: r.jobId,
  };
}

/** The UTC start of the bucket holding `ms`: the day, the Monday of the week, or the first of the month. */
export function periodStart(ms: number, period: Period): string {
  const d = new Date(ms);
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  if (period === 'day') return new Date(day).toISOString();
  if (period === 'month') return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)).toISOString();
  const sinceMonday = (d.getUTCDay() + 6) % 7;
  return new Date(day - sinceMonday * 86_400_000).toISOString();
}

const median = (xs: number[]): number | null => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1
    ? (s[mid] as number)
    : Math.round(((s[mid - 1] as number) + (s[mid] as number)) / 2);
};

const when = (r: ExecutionRow): number => r.finishedAt ?? r.startedAt ?? 0;

function perExtension(rows: readonly ExecutionRow[]): Record<string, unknown>[] {
  const groups = new Map<string, ExecutionRow[]>();
  for (const r of rows) {
    const key = `${r.extensionId}\0${r.extensionVersion}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()]
    .map((g) => {
      const durations = g.flatMap((r) => (r.durationMs === null ? [] : [r.durationMs]));
      const first = g[0] as ExecutionRow;
      return {
        extensionId: first.extensionId,
        extensionVersion: first.extensionVersion,
        executionsCount: g.length,
        tokensIn: g.reduce((s, r) => s + (r.tokensIn ?? 0), 0),
        tokensOut: g.reduce((s, r) => s + (r.tokensOut ?? 0), 0),
        durationMsMean:
          durations.length === 0 ? null : Math.round(durations.reduce((s, x) => s + x, 0) / durations.length),
        durationMsMedian: median(durations),
      };
    })
    .sort(
      (a, b) =>
        b.tokensIn + b.tokensOut - (a.tokensIn + a.tokensOut) || a.extensionId.localeCompare(b.extensionId),
    );
}

function perPeriod(rows: readonly ExecutionRow[], period: Period): Record<string, unknown>[] {
  const buckets = new Map<string, { executionsCount: number; tokensIn: number; tokensOut: number }>();
  for (const r of rows) {
    const key = periodStart(when(r), period);
    const b = buckets.get(key) ?? { executionsCount: 0, tokensIn: 0, tokensOut: 0 };
    b.executionsCount += 1;
    b.tokensIn += r.tokensIn ?? 0;
    b.tokensOut += r.tokensOut ?? 0;
    buckets.set(key, b);
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([periodStart, b]) => ({ periodStart, periodUnit: period, ...b }));
}

function topNodes(rows: readonly ExecutionRow[], top: number): Record<string, unknown>[] {
  const nodes = new Map<string, { executionsCount: number; lastExecutedAt: number }>();
  for (const r of rows)
    for (const path of r.nodeIds) {
      const n = nodes.get(path) ?? { executionsCount: 0, lastExecutedAt: 0 };
      n.executionsCount += 1;
      n.lastExecutedAt = Math.max(n.lastExecutedAt, when(r));
      nodes.set(path, n);
    }
  return [...nodes.entries()]
    .map(([nodePath, n]) => ({ nodePath, ...n }))
    .sort((a, b) => b.executionsCount - a.executionsCount || b.lastExecutedAt - a.lastExecutedAt)
    .slice(0, top);
}

function errorRates(rows: readonly ExecutionRow[]): Record<string, unknown> {
  const failed = (g: readonly ExecutionRow[]): number => g.filter((r) => r.status === 'failed').length;
  const extensions = new Map<string, ExecutionRow[]>();
  for (const r of rows) extensions.set(r.extensionId, [...(extensions.get(r.extensionId) ?? []), r]);
  // Every reason a failed execution can have, 0 when absent.
  const reasons: Record<string, number> = Object.fromEntries(JOB_FAILURE_REASONS.map((k) => [k, 0]));
  for (const r of rows) {
    if (r.status !== 'failed' || r.failureReason === null || !(r.failureReason in reasons)) continue;
    reasons[r.failureReason] = (reasons[r.failureReason] ?? 0) + 1;
  }
  return {
    global: rows.length === 0 ? 0 : failed(rows) / rows.length,
    perExtension: [...extensions.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([extensionId, g]) => ({
        extensionId,
        rate: failed(g) / g.length,
        executionsCount: g.length,
        failedCount: failed(g),
      })),
    perFailureReason: reasons,
  };
}

/** HistoryStats over `rows` (already limited to the window), without `elapsedMs` (the verb adds it). */
export function historyStats(
  rows: readonly ExecutionRow[],
  opts: { since: number | null; until: number; period: Period; top: number },
): Record<string, unknown> {
  return {
    schemaVersion: 1,
    range: {
      since: opts.since === null ? null : new Date(opts.since).toISOString(),
      until: new Date(opts.until).toISOString(),
    },
    totals: {
      executionsCount: rows.length,
      completedCount: rows.filter((r) => r.status === 'completed').length,
      failedCount: rows.filter((r) => r.status === 'failed').length,
      tokensIn: rows.reduce((s, r) => s + (r.tokensIn ?? 0), 0),
      tokensOut: rows.reduce((s, r) => s + (r.tokensOut ?? 0), 0),
      durationMsTotal: rows.reduce((s, r) => s + (r.durationMs ?? 0), 0),
    },
    tokensPerExtension: perExtension(rows),
    executionsPerPeriod: perPeriod(rows, opts.period),
    topNodes: topNodes(rows, opts.top),
    errorRates: errorRates(rows),
  };
}
