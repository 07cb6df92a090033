import type { FindingRecord, FindingsLifecycle } from '../../adapters/sqlite/findings/port.js';
import type { StateSession } from '../../adapters/sqlite/state-session.js';
import type { EngineContext } from '../context.js';
import { dbMissing, EngineError } from '../errors.js';
import type { FindingTarget } from './types.js';

/** One open session with the findings store over it. */
export interface FindingsSession {
  readonly session: StateSession;
  readonly findings: FindingsLifecycle;
}

/** Runs `fn` over a READ session; `empty` when there is no database (reads degrade to empty shapes). */
export function withRead<T>(ctx: EngineContext, empty: T, fn: (s: FindingsSession) => T): T {
  const session = ctx.openSession('read');
  if (session === null) return empty;
  try {
    return fn({ session, findings: session.findings() });
  } finally {
    session.close();
  }
}

/** Runs `fn` over a WRITE session (refuses on schema drift; a missing database is `db-missing`), closed after. */
export async function withWrite<T>(
  ctx: EngineContext,
  fn: (s: FindingsSession) => Promise<T> | T,
): Promise<T> {
  const session = ctx.openSession('write');
  if (session === null) throw dbMissing(ctx.dbPath);
  try {
    return await fn({ session, findings: session.findings() });
  } finally {
    session.close();
  }
}

/** A finding id as every channel hands it over: a positive integer, else `invalid-input` naming `id`. */
export function checkId(id: unknown): number {
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1)
    throw new EngineError(
      'invalid-input',
      `id must be a positive integer finding id (got ${JSON.stringify(id) ?? String(id)})`,
      {
        details: { argument: 'id', value: String(id) },
      },
    );
  return id;
}

/** A non-empty string argument, else `invalid-input` naming it. */
export function checkText(name: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new EngineError('invalid-input', `${name} must be a non-empty string`, {
      details: { argument: name },
    });
  return value;
}

/** An optional string argument (undefined passes; an empty or non-string value is refused). */
export function optionalText(name: string, value: unknown): string | undefined {
  return value === undefined ? undefined : checkText(name, value);
}

/** A checked finding target: the id, and the node it must belong to when scoped. */
export interface CheckedTarget {
  readonly id: number;
  readonly node: string | undefined;
}

/** Validates a target (id a positive integer, node a non-empty string when given). */
export function checkTarget(target: FindingTarget): CheckedTarget {
  if (typeof target === 'number') return { id: checkId(target), node: undefined };
  return { id: checkId(target.id), node: optionalText('node', target.node) };
}

/** The targeted finding, or null when the id is unknown or names a finding of another node than the scope. */
export function findTarget(findings: FindingsLifecycle, t: CheckedTarget): FindingRecord | null {
  const f = findings.get(t.id);
  return f === null || (t.node !== undefined && f.nodeId !== t.node) ? null : f;
}
