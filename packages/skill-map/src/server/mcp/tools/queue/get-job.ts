import * as z from 'zod';
import { publicJobShape } from '../output-shapes.js';
import { EngineError } from '../../../../engines/errors.js';
import { getJob } from '../../../../engines/jobs/index.js';
import { defineTool, enginesOf, READ_ONLY } from '../../define-tool.js';
import { jobId } from './shared.js';

/** `get_job`: one job, nonce stripped; an unknown id is invalid params. */
export const getJobTool = defineTool({
  name: 'get_job',
  title: 'Get one job',
  description:
    'Returns {item: PublicJob} for one job id: its status, extension, node, timestamps and, once failed, the ' +
    'failureReason. Never carries the nonce. Use it to follow a job you submitted. An unknown id is an ' +
    'invalid-params error.',
  inputSchema: z.object({ id: jobId }),
  outputSchema: z.object({ item: publicJobShape }),
  annotations: { ...READ_ONLY, title: 'Get one job' },
  run: (args, deps) => {
    const item = getJob(enginesOf(deps), args.id);
    if (item === null)
      throw new EngineError('not-found', `No job with id ${args.id}`, { details: { id: args.id } });
    return { item };
  },
});
