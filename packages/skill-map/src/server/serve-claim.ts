import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createLock,
  ensureLockDir,
  inspectLock,
  ownerDead,
  releaseLock,
  removeLockInstance,
  STALE_LOCK_MS,
} from '../adapters/fs/lock-file.js';
import type { SeenLock } from '../adapters/fs/lock-file.js';
import { ensureStateDir } from '../adapters/fs/state-dir.js';
import { ServerError } from './errors.js';
import { alreadyServing, probeServer, readServeInfo } from './serve-info.js';
import type { ServeInfo } from './serve-info.js';

/** The claim a serving `sm serve` holds on its project: `.skill-map/locks/serve.lock` (pid and nonce). */
export function serveClaimPath(scopeRoot: string): string {
  return join(scopeRoot, '.skill-map', 'locks', 'serve.lock');
}

/** A claim this process holds; `release()` gives it up (only if it is still this process's). */
export interface ServeClaim {
  release(): void;
}

/** How long a start looks again at a claim whose owner has created it but not yet written its pid into it. */
const PIDLESS_WAIT_MS = 1000;

/** How long a refused start waits for a server that is still starting to name its URL. */
const STARTING_WAIT_MS = 3000;

/** The refusal of a start while the claim's owner has not written its serve.json yet. */
function stillStarting(scopeRoot: string, pid: number | null): ServerError {
  const who = pid === null ? 'another sm serve' : `another sm serve (pid ${pid})`;
  return new ServerError(
    'already-serving',
    `${who} is starting on ${scopeRoot}; use that server once it is up, or stop it first`,
    { details: { url: null, pid } },
  );
}

/** The serve.json of the claim's owner, waiting a little for one that is still starting to write it. */
async function ownersInfo(scopeRoot: string, pid: number | null): Promise<ServeInfo | null> {
  for (let waited = 0; ; waited += 50) {
    const info = readServeInfo(scopeRoot);
    if (pid !== null && info?.pid === pid) return info;
    if (waited >= STARTING_WAIT_MS) return null;
    await sleep(50);
  }
}

/**
 * What to do about a claim whose owner is alive: refuse (the error says where that server is), or break it when it
 * is stale (older than STALE_LOCK_MS with nothing answering for it: its pid was reused by another process).
 */
async function judgeLiveClaim(
  scopeRoot: string,
  seen: SeenLock,
  timeoutMs: number,
): Promise<ServerError | null> {
  const info = await ownersInfo(scopeRoot, seen.pid);
  const old = Date.now() - seen.mtimeMs > STALE_LOCK_MS;
  if (info === null) return old ? null : stillStarting(scopeRoot, seen.pid);
  const state = await probeServer(info, timeoutMs);
  if (state === 'refused' && old) return null;
  return alreadyServing(scopeRoot, info, state === 'silent');
}

/**
 * Claims the project for this `sm serve` BEFORE it listens, so that of servers started at the same moment one
 * alone serves: an O_EXCL claim file holding this process's pid. A claim whose owner process is gone (a killed
 * server) is broken safely (`removeLockInstance`); a live owner's makes this start fail with `already-serving`,
 * naming its URL and pid (or that it is still starting). The caller releases the claim when it stops.
 */
export async function claimProject(scopeRoot: string, timeoutMs = 2000): Promise<ServeClaim> {
  const file = serveClaimPath(scopeRoot);
  ensureStateDir(join(scopeRoot, '.skill-map'));
  ensureLockDir(join(scopeRoot, '.skill-map', 'locks'), 'Locks of skill-map (one sm serve per project)');
  const firstSeen = Date.now();
  for (;;) {
    const own = createLock(file);
    if (own !== null) return { release: () => releaseLock(own) };
    const seen = inspectLock(file);
    if (seen === 'absent') continue;
    // Changing, or created but its pid not written yet (a start racing ours, between its open and its write):
    // look again, so the refusal can name that server's pid (a pid-less claim that stays is judged as it is).
    if (seen === 'changing' || (seen.pid === null && Date.now() - firstSeen < PIDLESS_WAIT_MS)) {
      await sleep(10);
      continue;
    }
    if (!ownerDead(seen)) {
      const refusal = await judgeLiveClaim(scopeRoot, seen, timeoutMs);
      if (refusal !== null) throw refusal;
    }
    if (!removeLockInstance(file, seen.identity)) await sleep(10);
  }
}
