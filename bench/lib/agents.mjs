// Agent processes for the queue benches: fork `count` children of `script` (each builds its engine context, then
// sends one message to say it is ready), start them together, and time them until each has sent its count back.
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateProject } from '../scan/generate.mjs';

/** Forks the agents and waits until each is ready. */
export async function forkAgents(script, args, count) {
  return Promise.all(
    Array.from({ length: count }, () => {
      const child = fork(script, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      return new Promise((resolve) => child.once('message', () => resolve(child)));
    }),
  );
}

/** Starts ready agents together; the wall time (ms) until all answered, and what each drained. */
export async function runAgents(children) {
  const t0 = performance.now();
  const counts = await Promise.all(
    children.map((child) => {
      const done = new Promise((resolve) => child.once('message', (m) => resolve(m.n)));
      child.send('go');
      return done;
    }),
  );
  return { ms: performance.now() - t0, counts };
}

/** A generated project of `size` nodes with the processing-agent skill installed (the submit gate), not yet scanned. */
export function queueProject(root, size) {
  generateProject(root, size);
  mkdirSync(join(root, '.claude/skills/sm-process-jobs'), { recursive: true });
  writeFileSync(join(root, '.claude/skills/sm-process-jobs/SKILL.md'), '---\nname: sm-process-jobs\n---\n');
}

/** claim → record through the jobs engine (`jobs`: its module) until the queue is empty; the cycle count. */
export async function drainQueue(jobs, ctx, reportOf) {
  let n = 0;
  for (;;) {
    const job = jobs.claimJob(ctx, {});
    if (job === null) return n;
    const out = await jobs.recordJob(ctx, {
      id: job.id,
      nonce: job.nonce,
      status: 'completed',
      report: reportOf(job.content),
    });
    if (out.outcome !== 'completed') throw new Error(`record: ${out.outcome}`);
    n += 1;
  }
}
