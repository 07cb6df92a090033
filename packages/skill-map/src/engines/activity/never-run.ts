// The persisted side of the activity capture: the server's ingestion records each sighting (`recordSightings`), the
// scan engine reads what node-never-run needs (`neverRunFacts`). The kernel check sees only those facts.
import { isAdapterError } from '../../adapters/errors.js';
import { createLastSeenStore } from '../../adapters/sqlite/activity/last-seen-store.js';
import { tryOpenForRead } from '../../adapters/sqlite/open-database.js';
import { NEVER_RUN_WINDOW_DAYS } from '../../kernel/analyzers/checks/node-never-run.js';
import type { NeverRunFacts } from '../../kernel/index.js';
import type { EngineContext } from '../context.js';
import { isEngineError } from '../errors.js';
import { readRecord } from './install-record.js';
import type { Sighting } from './last-seen-port.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The setting that holds node-never-run's window, in days. */
export const NEVER_RUN_WINDOW_KEY = 'plugins.core.extensions.node-never-run.settings.windowDays';

/** The window in force: the setting when it is a positive whole number, else 30 days. */
export function neverRunWindowDays(get: (key: string) => unknown): number {
  const v = get(NEVER_RUN_WINDOW_KEY);
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : NEVER_RUN_WINDOW_DAYS;
}

/**
 * Records sightings in the project database's last-seen store, in one transaction. Returns false (nothing recorded)
 * when there is no database yet; other failures (a drifted or locked database) throw for the caller to report.
 */
export function recordSightings(ctx: EngineContext, sightings: readonly Sighting[]): boolean {
  if (sightings.length === 0) return true;
  let session;
  try {
    session = ctx.openSession('write');
  } catch (err) {
    if (isEngineError(err, 'db-missing')) return false;
    throw err;
  }
  if (session === null) return false;
  try {
    session.lastSeen().record(sightings);
    return session.schemaReady;
  } finally {
    session.close();
  }
}

/**
 * What node-never-run reads, or null when it has nothing to say: no host has activity capture installed
 * (`.skill-map/activity-hooks.bak`), or none has had it for the whole window (a node cannot be "never run" over days
 * the capture did not cover; a record from before install times were kept counts as covering). `seen` is every node
 * path sighted inside the window, in any host.
 */
export function neverRunFacts(
  root: string,
  dbPath: string,
  windowDays: number,
  now: number,
): NeverRunFacts | null {
  const since = now - windowDays * DAY_MS;
  const record = readRecord(root);
  const hosts = Object.entries(record.hosts)
    .filter(([, rec]) => rec !== undefined && (rec.installedAt === undefined || rec.installedAt <= since))
    .map(([host]) => host)
    .sort();
  if (hosts.length === 0) return null;
  let seen: string[] = [];
  try {
    const handle = tryOpenForRead(dbPath);
    if (handle !== null) {
      try {
        const rows = createLastSeenStore(handle.db, handle.schemaReady).seenSince(since);
        seen = [...new Set(rows.map((r) => r.path))];
      } finally {
        handle.close();
      }
    }
  } catch (err) {
    // A damaged database is the scan's own problem to report (its write open says so); no sightings here.
    if (!isAdapterError(err)) throw err;
  }
  return { windowDays, hosts, seen };
}
