import * as z from 'zod';
import { pageShape, publicJobShape } from '../output-shapes.js';
import { pageInput, pageOfList } from '../paging.js';
import { listJobs } from '../../../../engines/jobs/index.js';
import { defineTool, enginesOf, READ_ONLY } from '../../define-tool.js';
import { JOB_STATUSES } from './shared.js';

/** `list_jobs`: the live queue, newest first, nonce stripped. */
export const listJobsTool = defineTool({
  name: 'list_jobs',
  title: 'List jobs',
  description:
    'Lists the job queue, newest first, as {items: PublicJob[]} (id, extensionId, nodeId, status, priority, ' +
    'createdAt, claimedAt, finishedAt, failureReason...; never a nonce). Use it to see what is queued or ' +
    'running before submitting, or to find a job id. Filters: status (queued, running, completed, failed, ' +
    'cancelled), extension (qualified id or bare suffix, e.g. "ai-security-analyzer"), node (exact node path). ' +
    'Paged: `limit` (default 50, at most 500), `total`, and `nextCursor` to pass as `cursor` for the next page.',
  inputSchema: z.object({
    status: z.enum(JOB_STATUSES).optional().describe('Only jobs in this status.'),
    extension: z.string().min(1).optional().describe('Qualified extension id or its bare suffix.'),
    node: z.string().min(1).optional().describe('Exact node path.'),
    ...pageInput(50, 500),
  }),
  outputSchema: z.object({
    items: z.array(publicJobShape),
    total: z.number().int().describe('Jobs matching the filters, every page together.'),
    ...pageShape,
  }),
  annotations: { ...READ_ONLY, title: 'List jobs' },
  run: (args, deps) => {
    const all = listJobs(enginesOf(deps), {
      ...(args.status === undefined ? {} : { status: args.status }),
      ...(args.extension === undefined ? {} : { extension: args.extension }),
      ...(args.node === undefined ? {} : { node: args.node }),
    });
    return pageOfList('list_jobs', args, all, 50, 500);
  },
});
