import { claimJob, claimJobWaiting, MAX_CLAIM_WAIT_SECONDS } from '../../../engines/jobs/index.js';
import type { ClaimedJob, ClaimInput } from '../../../engines/jobs/index.js';
import type { EngineContext } from '../../../engines/context.js';
import { CliError } from '../../errors.js';
import type { VerbContext, VerbResult } from '../../verbs.js';
import { int, oneOf, positionals, seconds, str } from './options.js';

/**
 * The claim handover on stdout. Identical whether or not the claim waited (no elapsedMs, no progress): an agent
 * reads the same bytes either way. Human form: the id, the nonce, a blank line, then the content.
 */
function print(ctx: VerbContext, job: ClaimedJob | null): void {
  if (ctx.output.jsonMode) {
    ctx.output.json(job === null ? null : { id: job.id, nonce: job.nonce, content: job.content });
    return;
  }
  if (job !== null) ctx.output.out(`id: ${job.id}\nnonce: ${job.nonce}\n\n${job.content}`);
}

/**
 * `sm jobs claim [--runner r] [--filter id] [--wait [--interval s] [--timeout s]]`: hands out the next job with its
 * nonce; an empty queue (or a wait that timed out) is exit 1. Progress of a wait goes to stderr only.
 */
export async function claim(ctx: VerbContext, engines: EngineContext): Promise<VerbResult> {
  positionals(
    ctx,
    'jobs claim [--runner agent|in-process] [--filter <id>] [--wait] [--interval <s>] [--timeout <s>]',
    0,
  );
  const input: ClaimInput = {};
  const runner = oneOf(ctx, 'runner', ['agent', 'in-process'] as const);
  if (runner !== undefined) input.runner = runner;
  const filter = str(ctx, 'filter');
  if (filter !== undefined) input.filter = filter;
  const wait = ctx.options['wait'] === true;
  const interval = seconds(ctx, 'interval');
  const timeout = int(ctx, 'timeout', 1);
  if (!wait && (interval !== undefined || timeout !== undefined))
    throw new CliError('USAGE', '--interval and --timeout only apply with --wait');
  let job: ClaimedJob | null;
  if (!wait) job = claimJob(engines, input);
  else {
    const limit = Math.min(timeout ?? MAX_CLAIM_WAIT_SECONDS, MAX_CLAIM_WAIT_SECONDS);
    ctx.output.info(`waiting up to ${limit}s for a job…`);
    job = await claimJobWaiting(engines, input, {
      waitSeconds: limit,
      ...(interval === undefined ? {} : { intervalSeconds: interval }),
      onHeartbeat: (elapsed) => ctx.output.info(`still waiting for a job (${Math.round(elapsed)}s)`),
    });
  }
  print(ctx, job);
  if (job === null) ctx.output.info(wait ? 'no job arrived before the timeout' : 'the queue is empty');
  return job === null ? { failing: true } : {};
}
