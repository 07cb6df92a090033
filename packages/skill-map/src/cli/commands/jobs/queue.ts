import { JOB_STATUSES } from '@skill-map/spec';
import { getJob, getJobContent, listJobs, previewJob, submitJob } from '../../../engines/jobs/index.js';
import type { JobListFilter, SubmitInput } from '../../../engines/jobs/index.js';
import type { EngineContext } from '../../../engines/context.js';
import { CliError } from '../../errors.js';
import { elapsedMs } from '../../verbs.js';
import type { VerbContext, VerbResult } from '../../verbs.js';
import { toNodePath } from '../show.js';
import { int, oneOf, positionals, str } from './options.js';
import { renderJob, renderJobs } from './render.js';

function findingIds(ctx: VerbContext): number[] | undefined {
  const raw = str(ctx, 'finding');
  if (raw === undefined) return undefined;
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.some((p) => !/^\d+$/.test(p) || Number(p) < 1))
    throw new CliError(
      'USAGE',
      `--finding takes finding ids (positive integers, comma-separated), got '${raw}'`,
    );
  return parts.map(Number);
}

/**
 * The node and extension of a submit or preview: the reference's form `<extension> -n <node>` (also `--node`), or
 * ours, `<node> <extension>`; with `-n` the one positional is the extension.
 */
function nodeAndExtension(ctx: VerbContext, usage: string): [string, string] {
  const node = str(ctx, 'node');
  if (node !== undefined) {
    const [extension = ''] = positionals(ctx, usage, 1);
    return [node, extension];
  }
  const [path = '', extension = ''] = positionals(ctx, usage, 2);
  return [path, extension];
}

function submitInput(ctx: VerbContext, usage: string): SubmitInput {
  const [node, extension] = nodeAndExtension(ctx, usage);
  const input: SubmitInput = { node: toNodePath(node, ctx.io.cwd, ctx.project.root), extension };
  if (ctx.options['auto-fix'] === true) input.autoFix = true;
  const ids = findingIds(ctx);
  if (ids !== undefined) input.findingIds = ids;
  if (ctx.options['force'] === true) input.force = true;
  const ttl = int(ctx, 'ttl', 0);
  if (ttl !== undefined) input.ttl = ttl;
  const priority = int(ctx, 'priority', null);
  if (priority !== undefined) input.priority = priority;
  return input;
}

/**
 * The reference's `--json` of a submit: the queued job with its nonce (job.schema.json#/$defs/CredentialedJob) when
 * created; `{ duplicate: true, nodeId, existingId }` when the same work is queued or running; the outcome otherwise.
 */
function submitJson(
  engines: EngineContext,
  input: SubmitInput,
  outcome: Awaited<ReturnType<typeof submitJob>>,
): unknown {
  if (outcome.outcome === 'created') {
    const job = getJob(engines, outcome.jobId);
    if (job !== null) return { ...job, nonce: outcome.nonce };
  }
  if (outcome.outcome === 'duplicate' || outcome.outcome === 'job-running')
    return { duplicate: true, nodeId: input.node, existingId: outcome.existingId, outcome: outcome.outcome };
  return outcome;
}

/** `sm jobs submit <extension> -n <node>` (or `<node> <extension>`): created (exit 0, `--json` carries the nonce), or a refusal (3 / 2). */
export async function submit(ctx: VerbContext, engines: EngineContext): Promise<VerbResult> {
  const input = submitInput(
    ctx,
    'jobs submit <extension> -n <node> [--auto-fix] [--finding <ids>] [--force]',
  );
  const outcome = await submitJob(engines, input);
  if (ctx.output.jsonMode) ctx.output.json(submitJson(engines, input, outcome));
  switch (outcome.outcome) {
    case 'created': {
      if (!ctx.output.jsonMode) {
        const superseded =
          outcome.supersededIds.length === 0 ? '' : ` (superseded ${outcome.supersededIds.join(', ')})`;
        ctx.output.out(outcome.jobId);
        ctx.output.summary(`queued ${outcome.extensionId} on ${outcome.nodePath}${superseded}`);
      }
      return {};
    }
    case 'duplicate':
      throw new CliError('DUPLICATE', `an identical job is already queued: ${outcome.existingId}`, {
        hint: 'pass --force to skip this check, or `sm jobs cancel` the existing job',
      });
    case 'job-running':
      throw new CliError('DUPLICATE', `a job covering these findings is running: ${outcome.existingId}`, {
        hint: 'wait for it to finish, or `sm jobs cancel` it',
      });
    case 'drift':
      // The detail names the file, both hashes and the remedy (`run sm scan and submit again`): said once.
      throw new CliError('REFUSED', outcome.detail);
    case 'unreadable':
      throw new CliError('REFUSED', `the file cannot be read: ${outcome.detail}`);
    case 'no-findings':
      throw new CliError(
        'REFUSED',
        `nothing for ${input.extension} to fix on ${input.node}: no open findings or issues`,
      );
  }
}

/** `sm jobs preview --last` / `sm jobs preview <job id>`: the content a job holds, as its claim hands it out. */
function previewStored(ctx: VerbContext, engines: EngineContext): VerbResult {
  const last = ctx.options['last'] === true;
  const [id = ''] = positionals(ctx, 'jobs preview --last | <job id>', last ? 0 : 1);
  const found = getJobContent(engines, last ? null : id);
  if (found === null)
    throw new CliError('NOT_FOUND', last ? 'no job has been submitted' : `no job with id ${id}`, {
      hint: '`sm jobs list` shows the job ids',
    });
  if (found.content === null)
    throw new CliError('REFUSED', `the content of job ${found.job.id} is missing (job-file-missing)`);
  const { job, content } = found;
  if (ctx.output.jsonMode)
    ctx.output.json({
      elapsedMs: elapsedMs(ctx),
      id: job.id,
      extensionId: job.extensionId,
      nodePath: job.nodeId,
      contentHash: job.contentHash,
      content,
    });
  else {
    ctx.output.info(
      `${job.id}: ${job.extensionId} on ${job.nodeId ?? '-'} (${job.status}), contentHash ${job.contentHash}`,
    );
    ctx.output.out(content);
  }
  return {};
}

/**
 * `sm jobs preview <extension> -n <node>` (or `<node> <extension>`): the content a submit would queue, nothing
 * written; with `--last` or a job id (`d-…`), the content a queued job holds.
 */
export async function preview(ctx: VerbContext, engines: EngineContext): Promise<VerbResult> {
  if (ctx.options['last'] === true || (ctx.args.length === 2 && /^d-\d{8}-\d{6}-/.test(ctx.args[1] ?? '')))
    return previewStored(ctx, engines);
  const result = await previewJob(engines, submitInput(ctx, 'jobs preview <extension> -n <node>'));
  if (ctx.output.jsonMode) ctx.output.json({ elapsedMs: elapsedMs(ctx), ...result });
  else {
    ctx.output.info(
      `${result.extensionId} on ${result.nodePath}: contentHash ${result.contentHash}, promptTemplateHash ${result.promptTemplateHash}`,
    );
    ctx.output.out(result.content);
  }
  return {};
}

/** `sm jobs list [--status] [--extension] [--node]`: newest first, never a nonce. */
export function list(ctx: VerbContext, engines: EngineContext): Promise<VerbResult> {
  positionals(ctx, 'jobs list [--status <s>] [--extension <id>] [--node <path>]', 0);
  const filter: JobListFilter = {};
  const status = oneOf(ctx, 'status', JOB_STATUSES);
  if (status !== undefined) filter.status = status;
  const extension = str(ctx, 'extension');
  if (extension !== undefined) filter.extension = extension;
  const node = str(ctx, 'node');
  if (node !== undefined) filter.node = toNodePath(node, ctx.io.cwd, ctx.project.root);
  const items = listJobs(engines, filter);
  // The reference's shape: the jobs themselves, a bare array (no elapsedMs: only object documents carry it).
  if (ctx.output.jsonMode) ctx.output.json(items);
  else ctx.output.out(renderJobs(ctx.output, items));
  return Promise.resolve({});
}

/** `sm jobs show <id>`: one job (exit 5 when unknown). */
export function show(ctx: VerbContext, engines: EngineContext): Promise<VerbResult> {
  const [id = ''] = positionals(ctx, 'jobs show <id>', 1);
  const item = getJob(engines, id);
  if (item === null)
    throw new CliError('NOT_FOUND', `no job with id ${id}`, { hint: '`sm jobs list` shows the job ids' });
  if (ctx.output.jsonMode) ctx.output.json({ elapsedMs: elapsedMs(ctx), item });
  else ctx.output.out(renderJob(ctx.output, item));
  return Promise.resolve({});
}

/** `sm jobs extensions`: the enabled probabilistic extensions a submit accepts. */
export async function extensions(ctx: VerbContext, engines: EngineContext): Promise<VerbResult> {
  positionals(ctx, 'jobs extensions', 0);
  await engines.extensions.refresh?.(engines.config());
  const items = engines.extensions.listEnabled(engines.config()).map((e) => ({
    id: e.id,
    kind: e.kind,
    role: e.role,
    description: e.description,
    ...(e.analyzerIds === undefined ? {} : { analyzerIds: [...e.analyzerIds] }),
  }));
  if (ctx.output.jsonMode) ctx.output.json({ elapsedMs: elapsedMs(ctx), items });
  else {
    const w = Math.max(0, ...items.map((e) => e.id.length));
    ctx.output.out(
      items.length === 0
        ? 'no probabilistic extensions are enabled'
        : items
            .map((e) => `${e.id.padEnd(w)}  ${`${e.role} ${e.kind}`.padEnd(17)}  ${e.description}`)
            .join('\n'),
    );
  }
  return {};
}

/** `sm jobs status`: how many jobs are in each state. */
export function status(ctx: VerbContext, engines: EngineContext): Promise<VerbResult> {
  positionals(ctx, 'jobs status', 0);
  const counts = Object.fromEntries(JOB_STATUSES.map((s) => [s, 0])) as Record<
    (typeof JOB_STATUSES)[number],
    number
  >;
  for (const job of listJobs(engines, {})) counts[job.status] += 1;
  if (ctx.output.jsonMode) ctx.output.json({ elapsedMs: elapsedMs(ctx), counts });
  else ctx.output.out(JOB_STATUSES.map((s) => `${s} ${counts[s]}`).join(', '));
  return Promise.resolve({});
}
