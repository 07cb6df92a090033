import * as z from 'zod';
import { jobStatus } from '../output-shapes.js';
import { cancelJob } from '../../../../engines/jobs/index.js';
import { defineTool, enginesOf } from '../../define-tool.js';
import { jobId, mutating } from './shared.js';

/** `cancel_job`: queued or running → cancelled. */
export const cancelJobTool = defineTool({
  name: 'cancel_job',
  title: 'Cancel a job',
  description:
    'Cancels a queued or running job: {outcome: "cancelled"}. A running agent is not interrupted, but its ' +
    'later record_job is refused. A job already completed, failed or cancelled gives {outcome: ' +
    '"already-terminal", status}; an unknown id {outcome: "not-found"}.',
  inputSchema: z.object({ id: jobId }),
  outputSchema: z.discriminatedUnion('outcome', [
    z.object({ outcome: z.enum(['cancelled', 'not-found']) }),
    z.object({ outcome: z.literal('already-terminal'), status: jobStatus }),
  ]),
  annotations: mutating('Cancel a job', { destructive: true, idempotent: true }),
  run: (args, deps) => ({ ...cancelJob(enginesOf(deps), args.id) }),
});
