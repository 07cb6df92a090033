// `sm history [-n <node>] [--action <id>] [--status ...] [--since] [--until]` and `sm history stats`: the execution
// records of the project's store, in the reference's ExecutionRecord and HistoryStats shapes.
import { readExecutions } from '../../adapters/index.js';
import type { ExecutionFilter } from '../../adapters/index.js';
import { historyStats, toExecutionRecord } from '../../engines/history/history-stats.js';
import type { Period } from '../../engines/history/history-stats.js';
import { CliError } from '../errors.js';
import { requireDbPath } from '../read-store.js';
import { elapsedMs } from '../verbs.js';
import type { VerbContext, VerbResult } from '../verbs.js';

const STATUSES = ['completed', 'failed', 'cancelled'];
const PERIODS: readonly Period[] = ['day', 'week', 'month'];

const str = (ctx: VerbContext, name: string): string | undefined => {
  const v = ctx.options[name];
  return typeof v === 'string' ? v : undefined;
};

/** An ISO date or date-time (`2026-05-01`, `2026-05-01T12:00:00Z`) as epoch ms. */
function dateFlag(ctx: VerbContext, name: string): number | undefined {
  const raw = str(ctx, name);
  if (raw === undefined) return undefined;
  const ms = Date.parse(raw);
  if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(ms))
    throw new CliError('USAGE', `--${name} ${raw} is not an ISO date`, {
      hint: `e.g. --${name} 2026-05-01 or 2026-05-01T12:00:00Z`,
    });
  return ms;
}

function filterOf(ctx: VerbContext): ExecutionFilter {
  const statuses = str(ctx, 'status')
    ?.split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const bad = statuses?.find((s) => !STATUSES.includes(s));
  if (bad !== undefined)
    throw new CliError('USAGE', `unknown status '${bad}'`, { hint: `one or more of ${STATUSES.join(', ')}` });
  const node = str(ctx, 'node');
  const action = str(ctx, 'action');
  const since = dateFlag(ctx, 'since');
  const until = dateFlag(ctx, 'until');
  return {
    ...(node === undefined ? {} : { node }),
    ...(action === undefined ? {} : { action }),
    ...(statuses === undefined ? {} : { statuses }),
    ...(since === undefined ? {} : { since }),
    ...(until === undefined ? {} : { until }),
  };
}

function list(ctx: VerbContext): void {
  const records = readExecutions(requireDbPath(ctx), filterOf(ctx)).map(toExecutionRecord);
  if (ctx.output.jsonMode) {
    ctx.output.json(records);
    return;
  }
  if (records.length === 0) {
    ctx.output.summary('no executions');
    return;
  }
  for (const r of records) {
    const when = new Date(r.finishedAt).toISOString().replace('T', ' ').slice(0, 19);
    const reason = r.failureReason === null ? '' : ` (${r.failureReason})`;
    const tokens = r.tokensIn === null ? '' : `  ${r.tokensIn}/${r.tokensOut ?? 0} tokens`;
    ctx.output.out(`${when}  ${r.status}${reason}  ${r.extensionId}  ${r.nodeIds.join(', ')}${tokens}`);
  }
}

function stats(ctx: VerbContext): void {
  if (str(ctx, 'node') !== undefined || str(ctx, 'action') !== undefined || str(ctx, 'status') !== undefined)
    throw new CliError('USAGE', '`sm history stats` takes --since, --until, --period and --top only');
  const period = (str(ctx, 'period') ?? 'month') as Period;
  if (!PERIODS.includes(period))
    throw new CliError('USAGE', `--period ${period} is not one of ${PERIODS.join(', ')}`);
  const topRaw = str(ctx, 'top') ?? '10';
  const top = Number(topRaw);
  if (!Number.isInteger(top) || top < 1)
    throw new CliError('USAGE', `--top ${topRaw} is not a positive whole number`);
  const since = dateFlag(ctx, 'since');
  const until = dateFlag(ctx, 'until') ?? Date.now();
  const rows = readExecutions(requireDbPath(ctx), { ...(since === undefined ? {} : { since }), until });
  const doc = historyStats(rows, { since: since ?? null, until, period, top });
  if (ctx.output.jsonMode) {
    ctx.output.json({ ...doc, elapsedMs: elapsedMs(ctx) });
    return;
  }
  const t = doc['totals'] as Record<string, number>;
  const rates = doc['errorRates'] as { global: number };
  const lines = [
    `${t['executionsCount']} execution(s): ${t['completedCount']} completed, ${t['failedCount']} failed (error rate ${(rates.global * 100).toFixed(1)}%)`,
    `tokens ${t['tokensIn']} in / ${t['tokensOut']} out; ${t['durationMsTotal']} ms in total`,
  ];
  for (const a of doc['tokensPerExtension'] as Record<string, unknown>[])
    lines.push(
      `  ${String(a['extensionId'])}@${String(a['extensionVersion'])}: ${String(a['executionsCount'])} run(s), ${String(a['tokensIn'])}/${String(a['tokensOut'])} tokens`,
    );
  for (const n of doc['topNodes'] as Record<string, unknown>[])
    lines.push(`  top  ${String(n['nodePath'])}: ${String(n['executionsCount'])}`);
  ctx.output.summary(lines.join('\n'));
}

/** `sm history` / `sm history stats`. */
export async function run(ctx: VerbContext): Promise<VerbResult> {
  const sub = ctx.args[0];
  if (sub === 'stats') stats(ctx);
  else if (sub === undefined) {
    for (const flag of ['period', 'top'])
      if (str(ctx, flag) !== undefined)
        throw new CliError('USAGE', `--${flag} belongs to \`sm history stats\``);
    list(ctx);
  } else
    throw new CliError('USAGE', `unknown history subcommand '${sub}'`, { hint: 'usage: sm history [stats]' });
  return Promise.resolve({});
}
