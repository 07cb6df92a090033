import * as z from 'zod';
import { claimJob, claimJobWaiting, MAX_CLAIM_WAIT_SECONDS } from '../../../../engines/jobs/index.js';
import type { ClaimInput } from '../../../../engines/jobs/index.js';
import { defineTool, enginesOf, TextOverride } from '../../define-tool.js';
import { mutating } from './shared.js';

/** `claim_job`: hand out the next queued job with its nonce; null when the queue is empty. */
export const claimJobTool = defineTool({
  name: 'claim_job',
  title: 'Claim the next job',
  description:
    'Claims the highest-priority, oldest queued job and returns {id, nonce, content}: content is the rendered ' +
    'prompt to carry out, and nonce is the credential record_job needs (keep it; nothing else shows it). ' +
    "Record within the job's TTL (get_job ttlSeconds, 1800 s by default): a claim that outlives it is given " +
    'back to the queue for another agent, and its nonce then records nothing. ' +
    'A job whose stored content is missing is failed (job-file-missing) and skipped. ' +
    'Returns null when nothing is claimable (structuredContent {id: null, nonce: null, content: null}). Use this as the processing agent. `filter` claims only one ' +
    'extension (qualified id or bare suffix); `runner` is "agent" (default) or "in-process". `wait` (seconds, ' +
    'at most 3600) parks the call until a job arrives or the time is up: prefer it to polling. While parked ' +
    'the server sends a progress notification about every 15 s if you passed a progressToken; set your ' +
    'request timeout to at least `wait` otherwise.',
  inputSchema: z.object({
    runner: z.enum(['agent', 'in-process']).optional().describe('Who runs the job (default "agent").'),
    filter: z.string().min(1).optional().describe('Only claim jobs of this extension (id or bare suffix).'),
    wait: z
      .number()
      .positive()
      .optional()
      .describe('Park up to this many seconds (a number, e.g. 1.5; capped at 3600) for a job to arrive.'),
  }),
  outputSchema: z.union([
    z.object({ id: z.string(), nonce: z.string(), content: z.string() }),
    z
      .object({ id: z.null(), nonce: z.null(), content: z.null() })
      .describe('Nothing was claimable (the text block is `null`).'),
  ]),
  // Destructive: it reaps expired claims (their nonces stop working) and fails jobs whose content is gone.
  annotations: mutating('Claim the next job', { destructive: true, idempotent: false }),
  run: async (args, deps, call) => {
    const engines = enginesOf(deps);
    // The contract: a job whose content is gone is failed and skipped, never the end of the claim.
    const input: ClaimInput = { skipMissingContent: true };
    if (args.runner !== undefined) input.runner = args.runner;
    if (args.filter !== undefined) input.filter = args.filter;
    const claimed =
      args.wait === undefined
        ? claimJob(engines, input)
        : await claimJobWaiting(engines, input, {
            waitSeconds: Math.min(args.wait, MAX_CLAIM_WAIT_SECONDS),
            onHeartbeat: (elapsed) => call.progress(elapsed),
            signal: call.signal,
          });
    // Empty queue: the contract's text `null`, and all-null fields as structuredContent (an object is required).
    if (claimed === null) return new TextOverride({ id: null, nonce: null, content: null }, 'null');
    return { id: claimed.id, nonce: claimed.nonce, content: claimed.content };
  },
});
