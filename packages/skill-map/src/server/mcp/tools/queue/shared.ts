import type { ToolAnnotations } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { JOB_TEXT_LIMITS } from '../../../../engines/jobs/index.js';

export { JOB_STATUSES } from '@skill-map/spec';

/** A job id as the queue hands it out (`d-YYYYMMDD-HHMMSS-xxxx`); anything non-empty is looked up. */
export const jobId = z
  .string()
  .min(1)
  .max(JOB_TEXT_LIMITS.id)
  .describe('Job id as returned by submit_job, claim_job or list_jobs.');

/** Annotations of a queue tool that changes the queue but never anything outside the project. */
export function mutating(
  title: string,
  opts: { destructive: boolean; idempotent: boolean },
): ToolAnnotations {
  return {
    title,
    readOnlyHint: false,
    destructiveHint: opts.destructive,
    idempotentHint: opts.idempotent,
    openWorldHint: false,
  };
}
