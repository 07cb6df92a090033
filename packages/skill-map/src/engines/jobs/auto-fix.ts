import type { JobRecord } from '../../adapters/sqlite/jobs/port.js';
import type { EngineContext } from '../context.js';
import { submitJob } from './submit.js';

/**
 * The auto-fix chain (spec §5.4): after a finder job submitted with `autoFix` completes, every ENABLED fixer
 * whose analyzerIds include that finder is submitted for the node as an internal submit (no processing-agent
 * gate). Any refusal or failure of a chained submit is ignored; each created job emits its own `job.submitted`.
 */
export async function runAutoFixChain(ctx: EngineContext, job: JobRecord): Promise<string[]> {
  const finder = ctx.extensions.get(job.extensionId);
  if (finder === undefined || finder.role !== 'finder' || job.nodeId === null) return [];
  const fixers = ctx.extensions
    .listEnabled(ctx.config())
    .filter((e) => e.role === 'fixer' && (e.analyzerIds ?? []).includes(finder.id));
  const created: string[] = [];
  for (const fixer of fixers) {
    try {
      const out = await submitJob(ctx, { node: job.nodeId, extension: fixer.id, internal: true });
      if (out.outcome === 'created') created.push(out.jobId);
    } catch {
      // Failures of a chained submit are ignored by contract: the finder's record already landed.
    }
  }
  return created;
}
