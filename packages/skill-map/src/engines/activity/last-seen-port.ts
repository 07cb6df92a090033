// The persisted last-seen record of each node the activity capture saw run (the in-memory summary of `sm serve` resets
// with each boot; this does not). One row per node path and host. The SQLite adapter is
// adapters/sqlite/activity/last-seen-store.ts; another database (PostgreSQL) implements the same two calls.

/** One sighting to record: the node at `path` ran in `host` at `at` (epoch ms). */
export interface Sighting {
  readonly path: string;
  readonly host: string;
  readonly at: number;
}

/** One stored row: how often and when last the node ran in that host. */
export interface LastSeen {
  readonly path: string;
  readonly host: string;
  /** Epoch ms of the latest sighting. */
  readonly lastSeenAt: number;
  readonly count: number;
}

export interface LastSeenStore {
  /** Adds the sightings (count + 1 each, last seen at the latest of the stored and the given time), all or none. */
  record(sightings: readonly Sighting[]): void;
  /** Every row seen at or after `since` (epoch ms), by path then host. */
  seenSince(since: number): LastSeen[];
}
