import type { JobStore } from '../../adapters/sqlite/jobs/port.js';
import type { StateSession } from '../../adapters/sqlite/state-session.js';
import type { EngineContext } from '../context.js';

/** Runs `fn` over a write session and its job store, closing the session whatever happens. */
export function withWriteStore<T>(ctx: EngineContext, fn: (store: JobStore, session: StateSession) => T): T {
  const session = ctx.openSession('write');
  if (session === null) throw new Error('write session unavailable');
  try {
    return fn(session.jobs(), session);
  } finally {
    session.close();
  }
}

/** Runs `fn` over a read session (null when there is no database or no schema yet: callers degrade). */
export function withReadStore<T>(
  ctx: EngineContext,
  empty: T,
  fn: (store: JobStore, session: StateSession) => T,
): T {
  const session = ctx.openSession('read');
  if (session === null) return empty;
  try {
    if (!session.schemaReady) return empty;
    return fn(session.jobs(), session);
  } finally {
    session.close();
  }
}
