import type { SessionMeta } from '@skillstate/core';

/** The session fields a tool reports. */
export interface SessionFields {
  status: string | null;
  lastActivityAt: string | null;
}

/**
 * `status` and `lastActivityAt` of a session record as tools report them: the string, or null when the record
 * has none, or (a hand-edited record) has something else there, so a result always matches its outputSchema.
 */
export function sessionFields(meta: SessionMeta | null): SessionFields {
  const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
  return { status: text(meta?.status), lastActivityAt: text(meta?.lastActivityAt) };
}
