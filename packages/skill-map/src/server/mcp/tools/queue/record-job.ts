import { JOB_FAILURE_REASONS } from '@skill-map/spec';
import * as z from 'zod';
import { jobStatus } from '../output-shapes.js';
import { EngineError } from '../../../../engines/errors.js';
import { JOB_TEXT_LIMITS, recordJob } from '../../../../engines/jobs/index.js';
import type { RecordInput } from '../../../../engines/jobs/index.js';
import { defineTool, enginesOf } from '../../define-tool.js';
import { jobId, mutating } from './shared.js';

/** `record_job`: the outcome of a claimed job; refusals are structured outcomes. */
export const recordJobTool = defineTool({
  name: 'record_job',
  title: 'Record a job outcome',
  description:
    'Records the outcome of a job you claimed. Pass the id and nonce from claim_job, status "completed" with ' +
    '`report` (the report JSON as a string, matching the schema in the job content) or status "failed" ' +
    '(failureReason defaults to runner-error). Returns {outcome: "completed", executionId, status}, or a ' +
    'structured refusal: "report-invalid" {detail} (the job is now failed), "schema-unresolved", ' +
    '"nonce-mismatch", "not-running" {status}, "not-found". A completed report stores the findings or summary ' +
    'and, for a finder submitted with autoFix, queues its fixers.',
  inputSchema: z.object({
    id: jobId,
    nonce: z
      .string()
      .min(1)
      .max(JOB_TEXT_LIMITS.nonce)
      .describe('The nonce claim_job returned with this job.'),
    status: z.enum(['completed', 'failed']).describe('What happened.'),
    report: z
      .string()
      .max(JOB_TEXT_LIMITS.report)
      .optional()
      .describe('Report JSON text (at most 1 MiB); required when status is "completed".'),
    failureReason: z.enum(JOB_FAILURE_REASONS).optional().describe('Why it failed (status "failed").'),
    tokensIn: z.number().int().nonnegative().optional(),
    tokensOut: z.number().int().nonnegative().optional(),
    durationMs: z.number().int().nonnegative().optional(),
    model: z
      .string()
      .min(1)
      .max(JOB_TEXT_LIMITS.model)
      // Security: no control characters (the id is printed by `sm jobs show` and logged).
      .regex(/^\P{Cc}*$/u, 'must not contain control characters')
      .optional()
      .describe(`Model that ran the job (at most ${JOB_TEXT_LIMITS.model} characters).`),
  }),
  outputSchema: z.discriminatedUnion('outcome', [
    z.object({
      outcome: z.literal('completed'),
      executionId: z.string(),
      status: z.enum(['completed', 'failed']),
    }),
    z.object({ outcome: z.literal('report-invalid'), detail: z.string(), executionId: z.string() }),
    z.object({ outcome: z.literal('schema-unresolved'), detail: z.string() }),
    z.object({ outcome: z.literal('not-running'), status: jobStatus }),
    z.object({ outcome: z.enum(['nonce-mismatch', 'not-found']) }),
  ]),
  // Destructive: a finder's report replaces the node's earlier findings of that finder, a summary the earlier one.
  // Idempotent: once recorded the job is no longer running, so the same call again changes nothing (not-running).
  annotations: mutating('Record a job outcome', { destructive: true, idempotent: true }),
  run: async (args, deps) => {
    if (args.status === 'completed' && args.report === undefined)
      throw new EngineError('invalid-input', 'report is required when status is "completed"', {
        details: { argument: 'report' },
      });
    const input: RecordInput = { id: args.id, nonce: args.nonce, status: args.status };
    if (args.report !== undefined) input.report = args.report;
    if (args.failureReason !== undefined) input.failureReason = args.failureReason;
    if (args.tokensIn !== undefined) input.tokensIn = args.tokensIn;
    if (args.tokensOut !== undefined) input.tokensOut = args.tokensOut;
    if (args.durationMs !== undefined) input.durationMs = args.durationMs;
    if (args.model !== undefined) input.model = args.model;
    return { ...(await recordJob(enginesOf(deps), input)) };
  },
});
