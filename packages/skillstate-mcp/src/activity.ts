import { ACTIVITY_DEBOUNCE_MS, sessionMetaPath, writeSessionMeta } from '@skillstate/core';

/**
 * Stamps `lastActivityAt` in a state directory's session sidecar after writes, at most once per sidecar per
 * debounce window (the first write after start always stamps). A broken sidecar never fails the write that
 * triggered the stamp.
 */
export class ActivityTracker {
  readonly #now: () => number;
  readonly #debounceMs: number;
  readonly #last = new Map<string, number>();

  constructor(now: () => number = Date.now, debounceMs: number = ACTIVITY_DEBOUNCE_MS) {
    this.#now = now;
    this.#debounceMs = debounceMs;
  }

  /** Stamps the sidecar of `stateDir` unless it was stamped within the debounce window. */
  async touch(stateDir: string): Promise<void> {
    const key = sessionMetaPath(stateDir);
    const now = this.#now();
    const last = this.#last.get(key);
    if (last !== undefined && now - last < this.#debounceMs) return;
    this.#last.set(key, now);
    try {
      await writeSessionMeta(stateDir, { lastActivityAt: new Date(now).toISOString() });
    } catch {
      // Best effort: the state write already succeeded; activity is bookkeeping.
    }
  }
}
