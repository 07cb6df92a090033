/** Every status a session sidecar may record. */
export const SESSION_STATUSES = ['running', 'interrupted', 'completed', 'merged', 'failed'] as const;

/** One session status. */
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** Statuses the agent (or a merge) recorded on purpose; an interrupt never overwrites them. */
export const TERMINAL_STATUSES: readonly SessionStatus[] = ['completed', 'failed', 'merged'];

/** A running session with no activity for this long is stale (the provider died without a signal). */
export const STALE_MS = 5 * 60 * 1000;

/** At most one activity stamp per sidecar per this many milliseconds. */
export const ACTIVITY_DEBOUNCE_MS = 5000;

/** The session sidecar next to each state file. Unknown fields are preserved on write. */
export interface SessionMeta {
  status?: SessionStatus;
  lastActivityAt?: string;
  startedAt?: string;
  finishedAt?: string;
  mergedAt?: string;
  result?: string;
  agentId?: string;
  protocolVersion?: string;
  [key: string]: unknown;
}

/** How alive a session looks: `orphan` (no sidecar), `stale` (running but silent), else `active`. */
export type Staleness = 'active' | 'stale' | 'orphan';

/** Classifies a sidecar at time `now` (milliseconds since the epoch). */
export function sessionStaleness(meta: SessionMeta | null, now: number): Staleness {
  if (meta === null) return 'orphan';
  if (meta.status !== 'running') return 'active';
  const stamp = Date.parse(meta.lastActivityAt ?? meta.startedAt ?? '');
  if (Number.isNaN(stamp) || now - stamp > STALE_MS) return 'stale';
  return 'active';
}

/** True when `status` is one an interrupt must not overwrite. */
export function isTerminalStatus(status: unknown): boolean {
  return typeof status === 'string' && (TERMINAL_STATUSES as readonly string[]).includes(status);
}
