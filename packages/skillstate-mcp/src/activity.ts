import { ACTIVITY_DEBOUNCE_MS, sessionMetaPath, writeSessionMeta } from '@skillstate/core';
import type { StoragePolicy } from '@skillstate/core';

/**
 * Stamps `lastActivityAt` in a state directory's session sidecar after writes, at most once per sidecar per
 * debounce window (the first write after start always stamps). A broken sidecar never fails the write that
 * triggered the stamp.
 */
export class ActivityTracker {
  readonly #now: () => number;
  readonly #debounceMs: number;
  readonly #last = new Map<string, number>();
  readonly #storage: StoragePolicy;

  /** A tracker on clock `now`; the sidecars it rewrites follow `storage` (redacted by default). */
  constructor(
    now: () => number = Date.now,
    debounceMs: number = ACTIVITY_DEBOUNCE_MS,
    storage: StoragePolicy = {},
  ) {
    this.#now = now;
    this.#debounceMs = debounceMs;
    this.#storage = storage;
  }

  /** Stamps the sidecar of `stateDir` unless it was stamped within the debounce window. */
  async touch(stateDir: string): Promise<void> {
    const key = sessionMetaPath(stateDir);
    const now = this.#now();
    const last = this.#last.get(key);
    if (last !== undefined && now - last < this.#debounceMs) return;
    this.#last.set(key, now);
    try {
      await writeSessionMeta(stateDir, { lastActivityAt: new Date(now).toISOString() }, this.#storage);
    } catch {
      // Best effort: the state write already succeeded; activity is bookkeeping.
    }
  }
}
