import { EngineError } from '../errors.js';
import type { ProbExtension } from '../extensions/types.js';

type Config = Readonly<Record<string, unknown>>;

function jobsConfig(config: Config): Record<string, unknown> {
  const jobs = config['jobs'];
  return typeof jobs === 'object' && jobs !== null ? (jobs as Record<string, unknown>) : {};
}

function mapEntry(config: Config, key: string, id: string): unknown {
  const map = jobsConfig(config)[key];
  return typeof map === 'object' && map !== null ? (map as Record<string, unknown>)[id] : undefined;
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** Refuses a bad `ttl` / `priority` / `findingIds` before anything is read (the argument is named). */
export function checkSubmitNumbers(input: { ttl?: number; priority?: number; findingIds?: number[] }): void {
  if (input.ttl !== undefined && !isCount(input.ttl))
    throw new EngineError(
      'invalid-input',
      `ttl must be a whole number of seconds >= 0 (0 disarms), got ${String(input.ttl)}`,
      {
        details: { argument: 'ttl' },
      },
    );
  if (input.priority !== undefined && !Number.isInteger(input.priority))
    throw new EngineError('invalid-input', `priority must be an integer, got ${input.priority}`, {
      details: { argument: 'priority' },
    });
  if (input.findingIds !== undefined) {
    const bad = input.findingIds.find((n) => !Number.isInteger(n) || n < 1);
    if (bad !== undefined || input.findingIds.length === 0)
      throw new EngineError('invalid-input', `findingIds must be a non-empty list of positive integers`, {
        details: { argument: 'findingIds' },
      });
  }
}

/**
 * TTL precedence (spec §5.2 item 6): flag (0 disarms) > jobs.perExtensionTtl.<id> > jobs.ttlSeconds (default 1800;
 * 0 or null disarms) > none.
 */
export function resolveTtl(config: Config, ext: ProbExtension, flag: number | undefined): number | null {
  const pick = (v: unknown): number | null => (isCount(v) && v > 0 ? v : null);
  if (flag !== undefined) return pick(flag);
  const per = mapEntry(config, 'perExtensionTtl', ext.id);
  if (per !== undefined) return pick(per);
  return pick(jobsConfig(config)['ttlSeconds']);
}

/**
 * Claims a job may lose to its TTL before it fails as `abandoned`: jobs.maxAttempts (a whole number >= 1), else 3.
 * Each lost claim puts the job back in the queue for another agent; a bound keeps a job that kills every agent
 * that claims it from cycling for ever.
 */
export function maxAttempts(config: Config): number {
  const v = jobsConfig(config)['maxAttempts'];
  return typeof v === 'number' && Number.isInteger(v) && v >= 1 ? v : 3;
}

/** Priority precedence: flag > jobs.perExtensionPriority.<id> > the extension's defaultPriority > 0. */
export function resolvePriority(config: Config, ext: ProbExtension, flag: number | undefined): number {
  if (flag !== undefined) return flag;
  const per = mapEntry(config, 'perExtensionPriority', ext.id);
  if (typeof per === 'number' && Number.isInteger(per)) return per;
  return ext.defaultPriority ?? 0;
}

/** Seconds between attempts of a waiting claim: jobs.claimWaitSeconds, else 2. */
export function claimWaitSeconds(config: Config): number {
  const v = jobsConfig(config)['claimWaitSeconds'];
  return typeof v === 'number' && v > 0 ? v : 2;
}

/** Retention seconds per terminal status (spec §5.5 defaults: 30 days, failed kept). */
export function retentionSeconds(
  config: Config,
): Record<'completed' | 'failed' | 'cancelled', number | null> {
  const r = jobsConfig(config)['retention'];
  const m = typeof r === 'object' && r !== null ? (r as Record<string, unknown>) : {};
  const of = (k: string, dflt: number | null): number | null => {
    const v = m[k];
    return v === undefined ? dflt : isCount(v) ? v : null;
  };
  return {
    completed: of('completed', 2_592_000),
    cancelled: of('cancelled', 2_592_000),
    failed: of('failed', null),
  };
}
