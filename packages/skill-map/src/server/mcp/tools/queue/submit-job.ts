import * as z from 'zod';
import { JOB_TEXT_LIMITS, submitJob } from '../../../../engines/jobs/index.js';
import type { SubmitInput } from '../../../../engines/jobs/index.js';
import { defineTool, enginesOf } from '../../define-tool.js';
import { mutating } from './shared.js';

/** `submit_job`: queue a probabilistic extension on a node; refusals are structured outcomes, never the nonce. */
export const submitJobTool = defineTool({
  name: 'submit_job',
  title: 'Submit a job',
  description:
    'Queues a probabilistic extension (finder, fixer or standalone action; list_extensions gives the ids) on ' +
    'one node, for a processing agent to claim. Returns {outcome: "created", jobId, nodePath, extensionId, ' +
    'supersededIds} or a structured refusal: "duplicate" {existingId} (the same job is already queued), ' +
    '"job-running" {existingId}, "drift" {detail} (the file changed since the last scan: rescan first), ' +
    '"unreadable" {detail}, "no-findings" (a fixer with nothing open to fix). An unknown node or extension, ' +
    'an ambiguous id, a deterministic extension, bad ttl/priority, or no processing agent installed ' +
    '(`sm agent install`) are invalid-params errors. findingIds narrows a fixer to those open findings; force ' +
    'skips the duplicate pre-check; ttl (seconds, 0 = never expires) and priority (higher first) override config.',
  inputSchema: z.object({
    node: z
      .string()
      .min(1)
      .max(JOB_TEXT_LIMITS.node)
      .describe('Node path as stored (scope-relative, e.g. ".claude/skills/lint/SKILL.md").'),
    extension: z
      .string()
      .min(1)
      .max(JOB_TEXT_LIMITS.extension)
      .describe('Qualified id, bare suffix, or action:/analyzer: prefixed id.'),
    autoFix: z.boolean().optional().describe('Finders: queue the matching fixers when this job completes.'),
    findingIds: z
      .array(z.number().int().positive())
      .min(1)
      .optional()
      .describe('Fixers only: resolve just these open finding ids.'),
    force: z.boolean().optional().describe('Skip the duplicate pre-check (never creates a second live job).'),
    ttl: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe('Seconds a claim may run before it is reaped; 0 disarms.'),
    priority: z.number().int().optional().describe('Claim order, higher first.'),
  }),
  outputSchema: z.discriminatedUnion('outcome', [
    z.object({
      outcome: z.literal('created'),
      jobId: z.string(),
      nodePath: z.string(),
      extensionId: z.string(),
      supersededIds: z.array(z.string()),
    }),
    z.object({ outcome: z.enum(['duplicate', 'job-running']), existingId: z.string() }),
    z.object({ outcome: z.enum(['drift', 'unreadable']), detail: z.string() }),
    z.object({ outcome: z.literal('no-findings') }),
  ]),
  // Destructive: a fixer submit supersedes (cancels) the queued fixer jobs it overlaps.
  annotations: mutating('Submit a job', { destructive: true, idempotent: false }),
  run: async (args, deps) => {
    const input: SubmitInput = { node: args.node, extension: args.extension };
    if (args.autoFix !== undefined) input.autoFix = args.autoFix;
    if (args.findingIds !== undefined) input.findingIds = args.findingIds;
    if (args.force !== undefined) input.force = args.force;
    if (args.ttl !== undefined) input.ttl = args.ttl;
    if (args.priority !== undefined) input.priority = args.priority;
    const outcome = await submitJob(enginesOf(deps), input);
    if (outcome.outcome !== 'created') return { ...outcome };
    // Security: the nonce is the claimer's credential; only claim_job hands it out.
    const { nonce: _nonce, ...created } = outcome;
    return created;
  },
});
