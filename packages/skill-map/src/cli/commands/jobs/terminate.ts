import { cancelJob, failJob, pruneJobs } from '../../../engines/jobs/index.js';
import type { TerminateOutcome } from '../../../engines/jobs/index.js';
import type { EngineContext } from '../../../engines/context.js';
import { CliError } from '../../errors.js';
import { elapsedMs } from '../../verbs.js';
import type { VerbContext, VerbResult } from '../../verbs.js';
import { oneOf, positionals } from './options.js';

/** `sm jobs cancel <id>` / `sm jobs fail <id>`: done (0), already terminal (2), unknown (5). */
export function terminate(
  ctx: VerbContext,
  engines: EngineContext,
  op: 'cancel' | 'fail',
): Promise<VerbResult> {
  const [id = ''] = positionals(ctx, `jobs ${op} <id>`, 1);
  const outcome: TerminateOutcome = op === 'cancel' ? cancelJob(engines, id) : failJob(engines, id);
  if (ctx.output.jsonMode) ctx.output.json({ elapsedMs: elapsedMs(ctx), id, ...outcome });
  switch (outcome.outcome) {
    case 'not-found':
      throw new CliError('NOT_FOUND', `no job with id ${id}`, { hint: '`sm jobs list` shows the job ids' });
    case 'already-terminal':
      throw new CliError('REFUSED', `job ${id} is already ${outcome.status}`);
    default:
      if (!ctx.output.jsonMode) ctx.output.summary(`${outcome.outcome} ${id}`);
      return Promise.resolve({});
  }
}

/** `sm jobs prune [--status completed|failed|cancelled]`: removes terminal jobs and orphan contents. */
export function prune(ctx: VerbContext, engines: EngineContext): Promise<VerbResult> {
  positionals(ctx, 'jobs prune [--status completed|failed|cancelled]', 0);
  const status = oneOf(ctx, 'status', ['completed', 'failed', 'cancelled'] as const);
  const result = pruneJobs(engines, status === undefined ? {} : { status });
  if (ctx.output.jsonMode) ctx.output.json({ elapsedMs: elapsedMs(ctx), ...result });
  else ctx.output.summary(`pruned ${result.jobs} job(s) and ${result.contents} content row(s)`);
  return Promise.resolve({});
}
