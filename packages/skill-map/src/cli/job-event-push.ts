import type { JobEvent, JobEventSink } from '../engines/context.js';
import { serveTargetAt, targetBaseUrl } from './activity-hook/serve-target.js';

/** How long one POST may take before it is abandoned (the verb never waits for it). */
const POST_TIMEOUT_MS = 2000;

/**
 * The `sm serve` of this project a CLI event may go to: serve.json names a loopback host and this very scope root
 * (spec §12.2: readers check both and fail open); null otherwise.
 */
function targetOf(scopeRoot: string): { url: string; token: string } | null {
  const target = serveTargetAt(scopeRoot);
  return target === null ? null : { url: `${targetBaseUrl(target)}/api/job-events`, token: target.token };
}

/** The push leg with a way to wait for the posts already started (tests; the verbs never wait). */
export interface JobEventPush extends JobEventSink {
  /** Resolves once every event emitted so far was posted or given up on. */
  settled(): Promise<void>;
}

/**
 * The CLI job-event push leg (spec §5.6): each event a job verb's engine emits is POSTed, in order, to the
 * running `sm serve` of the same project (`POST /api/job-events` with the serve.json token), which rebroadcasts
 * it on `/ws`. Best effort: no server, a stale serve.json, a refused or slow POST are all silently dropped; a
 * post never delays the verb and never fails it. serve.json is read once, at the first event.
 */
export function createJobEventPush(scopeRoot: string): JobEventPush {
  let target: { url: string; token: string } | null | undefined;
  let chain: Promise<void> = Promise.resolve();
  const post = async (event: JobEvent): Promise<void> => {
    if (target === null || target === undefined) return;
    try {
      const res = await fetch(target.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-skill-map-token': target.token },
        body: JSON.stringify(event),
        signal: AbortSignal.timeout(POST_TIMEOUT_MS),
      });
      await res.body?.cancel();
    } catch {
      // Best effort: the server went away or is too busy; the verb's own result stands.
    }
  };
  return {
    emit(event) {
      if (target === undefined) target = targetOf(scopeRoot);
      if (target === null) return;
      chain = chain.then(() => post(event));
    },
    settled: () => chain,
  };
}

/** Fans one event out to several sinks (the push leg plus `sm record --json`'s stdout stream). */
export function teeSinks(...sinks: JobEventSink[]): JobEventSink {
  return {
    emit(event) {
      for (const sink of sinks) {
        try {
          sink.emit(event);
        } catch {
          // One sink's failure never reaches the engine.
        }
      }
    },
  };
}
