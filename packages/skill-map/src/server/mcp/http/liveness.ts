import type { Server } from '@modelcontextprotocol/server';

/** What the sweep needs of a session. */
export interface SweepTarget {
  /** Last time a request was routed to the session (ms). */
  lastSeen: number;
  /** Start of the current run of missed pings (ms), or null after an answer. */
  missedSince: number | null;
  /** Length of the current run of missed pings. */
  misses: number;
  readonly transport: { hasStandaloneStream(): boolean };
  readonly handle: { server: Server };
}

/** Liveness tunables. Unsupported pre-v1; injectable so tests can shrink them. */
export interface LivenessOptions {
  /** Deadline of each server → client ping. Default 1.5 s. */
  pingDeadlineMs?: number;
  /** A session is reaped only after being unreachable AND silent this long. Default 30 s. */
  graceMs?: number;
  /** Cadence of the unattended sweep (unref'd timer); 0 disables it. Default 60 s. */
  sweepIntervalMs?: number;
  now?: () => number;
}

/** The sweep's face. */
export interface LivenessSweep<T extends SweepTarget> {
  /** Pings every session in parallel; concurrent callers share one pass. Resolves with the responders. */
  sweep(): Promise<T[]>;
  stop(): void;
  now(): number;
}

/**
 * The contract's liveness sweep. A tracked session is NOT evidence of an attached client (SDK clients
 * close without DELETE), so each sweep pings every session and counts only the ones that answer. A
 * session is reaped only when it has missed at least two pings in a row spanning the whole grace window
 * AND no request was routed to it in that window: one miss is weak evidence (the GET stream may be
 * reconnecting, and a frame written while it is absent is dropped silently), and reaping is one-way while
 * under-reporting is recoverable. A session without a GET stream misses at once (nothing could carry the
 * ping), without waiting for the deadline.
 */
export function createLivenessSweep<T extends SweepTarget>(
  targets: () => T[],
  reap: (target: T) => void,
  options: LivenessOptions = {},
): LivenessSweep<T> {
  const deadline = options.pingDeadlineMs ?? 1500;
  const grace = options.graceMs ?? 30_000;
  const now = options.now ?? Date.now;
  let inflight: Promise<T[]> | null = null;

  const ping = async (t: T): Promise<boolean> => {
    if (!t.transport.hasStandaloneStream()) return false;
    try {
      await t.handle.server.request({ method: 'ping' }, { timeout: deadline });
      return true;
    } catch {
      return false;
    }
  };

  const pass = async (): Promise<T[]> => {
    const all = targets();
    const answers = await Promise.all(all.map(ping));
    const at = now();
    const responders: T[] = [];
    all.forEach((t, i) => {
      if (answers[i] === true) {
        t.missedSince = null;
        t.misses = 0;
        responders.push(t);
        return;
      }
      t.misses += 1;
      t.missedSince ??= at;
      if (t.misses >= 2 && at - t.missedSince >= grace && at - t.lastSeen >= grace) reap(t);
    });
    return responders;
  };

  const sweep = (): Promise<T[]> => {
    inflight ??= pass().finally(() => {
      inflight = null;
    });
    return inflight;
  };

  const cadence = options.sweepIntervalMs ?? 60_000;
  const timer = cadence > 0 ? setInterval(() => void sweep(), cadence) : null;
  timer?.unref();
  return { sweep, stop: () => (timer === null ? undefined : clearInterval(timer)), now };
}
