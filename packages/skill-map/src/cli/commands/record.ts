import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { JOB_FAILURE_REASONS } from '@skill-map/spec';
import type { PublicJob } from '@skill-map/spec';
import { readBounded } from '../../adapters/fs/read-bounded.js';
import type { JobEvent } from '../../engines/context.js';
import { getJob, JOB_TEXT_LIMITS, recordJob } from '../../engines/jobs/index.js';
import { externalRunId } from '../../engines/jobs/ids.js';
import type { RecordInput, RecordOutcome } from '../../engines/jobs/index.js';
import { CliError } from '../errors.js';
import type { VerbContext, VerbResult } from '../verbs.js';
import { int, jobEngines, oneOf, str } from './jobs/options.js';

/** Cap of a report file or stdin: the queue's own limit of a report, so nothing larger is ever read whole. */
const REPORT_MAX_BYTES = JOB_TEXT_LIMITS.report;

const USAGE =
  'usage: sm record <id> --nonce <nonce> --status completed|failed [--report <file>|-] [--failure-reason <r>]';

/** Stdin as text, refused past REPORT_MAX_BYTES (a pipe from `/dev/zero` or a runaway producer never fills memory). */
async function readStdin(stdin: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stdin) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    total += bytes.length;
    if (total > REPORT_MAX_BYTES)
      throw new CliError(
        'USAGE',
        `the report on stdin is larger than ${REPORT_MAX_BYTES} bytes; nothing recorded`,
      );
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

/** The report text: `-` is stdin, anything else a file relative to the working directory. */
async function readReport(ctx: VerbContext, source: string): Promise<string> {
  if (source === '-') return readStdin(ctx.io.stdin);
  // Security: a bounded read of a regular file (a report path that is /dev/zero or a FIFO is refused at once).
  const read = readBounded(resolve(ctx.io.cwd, source), REPORT_MAX_BYTES);
  if (!read.ok) throw new CliError('USAGE', `cannot read the report file ${source}: ${read.message}`);
  return read.bytes.toString('utf8');
}

async function recordInput(ctx: VerbContext): Promise<RecordInput> {
  const flagId = str(ctx, 'id');
  if (flagId !== undefined && ctx.args[0] !== undefined && ctx.args[0] !== flagId)
    throw new CliError('USAGE', `two job ids: ${ctx.args[0]} and --id ${flagId}`, { hint: USAGE });
  const id = ctx.args[0] ?? flagId;
  const nonce = str(ctx, 'nonce');
  const status = oneOf(ctx, 'status', ['completed', 'failed'] as const);
  if (id === undefined || nonce === undefined || status === undefined)
    throw new CliError('USAGE', '`sm record` needs a job id, --nonce and --status', { hint: USAGE });
  const reportSource = str(ctx, 'report');
  if (status === 'completed' && reportSource === undefined)
    throw new CliError('USAGE', '--status completed needs --report <file> (or --report - for stdin)', {
      hint: USAGE,
    });
  const input: RecordInput = { id, nonce, status };
  if (reportSource !== undefined) input.report = await readReport(ctx, reportSource);
  const reason = oneOf(ctx, 'failure-reason', JOB_FAILURE_REASONS);
  if (reason !== undefined) input.failureReason = reason;
  const tokensIn = int(ctx, 'tokens-in', 0);
  if (tokensIn !== undefined) input.tokensIn = tokensIn;
  const tokensOut = int(ctx, 'tokens-out', 0);
  if (tokensOut !== undefined) input.tokensOut = tokensOut;
  const durationMs = int(ctx, 'duration-ms', 0);
  if (durationMs !== undefined) input.durationMs = durationMs;
  const model = str(ctx, 'model');
  if (model !== undefined) input.model = model;
  return input;
}

/** The exit of a refusal (spec §16): nonce mismatch 4, unknown job 5, everything else 2. */
function refusal(id: string, outcome: Exclude<RecordOutcome, { outcome: 'completed' }>): CliError {
  switch (outcome.outcome) {
    case 'nonce-mismatch':
      return new CliError('NONCE_MISMATCH', `the nonce does not match job ${id}; nothing was recorded`, {
        hint: 'pass the nonce `sm jobs claim` printed for this job',
      });
    case 'not-found':
      return new CliError('NOT_FOUND', `no job with id ${id}`);
    case 'not-running':
      return new CliError('REFUSED', `job ${id} is not in running state (it is ${outcome.status})`);
    case 'report-invalid':
      return new CliError(
        'REFUSED',
        `the report failed schema validation; job ${id} is now failed: ${outcome.detail}`,
      );
    case 'schema-unresolved':
      return new CliError('REFUSED', `the report schema of job ${id} cannot be resolved: ${outcome.detail}`);
  }
}

/**
 * The opening of the synthetic run envelope `--json` streams (spec §5.4: run.started → job.claimed → callback → …):
 * the claim broadcast these when it happened, in another process, so the record's stream replays them for its reader.
 */
function envelopeOpening(job: PublicJob | null): JobEvent[] {
  if (job === null || job.status !== 'running') return [];
  const runId = externalRunId(job.id);
  const timestamp = Date.now();
  return [
    { type: 'run.started', timestamp, runId, jobId: null, data: { mode: 'external' } },
    {
      type: 'job.claimed',
      timestamp,
      runId,
      jobId: job.id,
      data: {
        extensionId: job.extensionId,
        extensionVersion: job.extensionVersion,
        nodeId: job.nodeId,
        ttlSeconds: job.ttlSeconds,
        priority: job.priority,
      },
    },
  ];
}

/**
 * `sm record <id> --nonce N --status completed|failed [--report <file>|-]`: the outcome of a claimed job. `--json`
 * streams the job events of the record as JSON lines (run.started … run.summary, as the engine emits them),
 * then one last line with the outcome.
 */
export async function run(ctx: VerbContext): Promise<VerbResult> {
  const input = await recordInput(ctx);
  let opening: JobEvent[] = [];
  let proposed: unknown;
  const json = ctx.output.jsonMode;
  const engines = jobEngines(ctx, {
    emit: (e: JobEvent) => {
      if (e.type === 'job.completed') proposed = e.data['tagsProposed'];
      if (!json) return;
      for (const o of opening.splice(0)) ctx.output.out(JSON.stringify(o));
      ctx.output.out(JSON.stringify(e));
    },
  });
  if (json) opening = envelopeOpening(getJob(engines, input.id));
  const outcome = await recordJob(engines, input).finally(() => engines.opsLog.flush());
  if (ctx.output.jsonMode) ctx.output.out(JSON.stringify(outcome));
  if (outcome.outcome !== 'completed') throw refusal(input.id, outcome);
  // A tagger's tags are a proposal for a person to accept, never written to the node (the reference's line).
  if (Array.isArray(proposed))
    ctx.output.info(`${proposed.length} tags proposed for ${String(getJob(engines, input.id)?.nodeId)}`);
  if (!ctx.output.jsonMode)
    ctx.output.summary(`recorded ${input.id}: ${outcome.status} (execution ${outcome.executionId})`);
  return {};
}
