import * as z from 'zod';
import { jobStatus } from '../output-shapes.js';
import { failJob } from '../../../../engines/jobs/index.js';
import { defineTool, enginesOf } from '../../define-tool.js';
import { jobId, mutating } from './shared.js';

/** `fail_job`: queued or running → failed (`user-failed`). */
export const failJobTool = defineTool({
  name: 'fail_job',
  title: 'Fail a job',
  description:
    'Marks a queued or running job failed with reason user-failed: {outcome: "failed"}. Use it to give up on ' +
    'a job you cannot carry out (record_job with status "failed" is the same from the claimer). A terminal ' +
    'job gives {outcome: "already-terminal", status}; an unknown id {outcome: "not-found"}.',
  inputSchema: z.object({ id: jobId }),
  outputSchema: z.discriminatedUnion('outcome', [
    z.object({ outcome: z.enum(['failed', 'not-found']) }),
    z.object({ outcome: z.literal('already-terminal'), status: jobStatus }),
  ]),
  annotations: mutating('Fail a job', { destructive: true, idempotent: true }),
  run: (args, deps) => ({ ...failJob(enginesOf(deps), args.id) }),
});
