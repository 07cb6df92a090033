import type { JobEventSink } from '../../../engines/context.js';
import type { EngineContext } from '../../../engines/context.js';
import { cliEngineContext } from '../../engine-context.js';
import { CliError } from '../../errors.js';
import { createJobEventPush, teeSinks } from '../../job-event-push.js';
import type { VerbContext } from '../../verbs.js';

/** A string option's value, or undefined when not given. */
export function str(ctx: VerbContext, name: string): string | undefined {
  const v = ctx.options[name];
  return typeof v === 'string' ? v : undefined;
}

/** An integer option (`min` inclusive, none when null); anything else is a usage error naming the flag. */
export function int(ctx: VerbContext, name: string, min: number | null): number | undefined {
  const raw = str(ctx, name);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(n) || (min !== null && n < min))
    throw new CliError(
      'USAGE',
      `--${name} must be an integer${min === null ? '' : ` >= ${min}`}, got '${raw}'`,
    );
  return n;
}

/** A positive number of seconds (fractions allowed). */
export function seconds(ctx: VerbContext, name: string): number | undefined {
  const raw = str(ctx, name);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || n <= 0)
    throw new CliError('USAGE', `--${name} must be a positive number of seconds, got '${raw}'`);
  return n;
}

/** One of `allowed`, or a usage error listing them. */
export function oneOf<T extends string>(
  ctx: VerbContext,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const raw = str(ctx, name);
  if (raw === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(raw))
    throw new CliError('USAGE', `--${name} must be one of ${allowed.join(', ')}, got '${raw}'`);
  return raw as T;
}

/** Which subcommand owns each `sm jobs` option; giving one to another subcommand is a usage error. */
const OWNERS: Readonly<Record<string, readonly string[]>> = {
  'auto-fix': ['submit', 'preview'],
  finding: ['submit', 'preview'],
  last: ['preview'],
  force: ['submit'],
  ttl: ['submit'],
  priority: ['submit'],
  status: ['list', 'prune'],
  extension: ['list'],
  node: ['list', 'submit', 'preview'],
  runner: ['claim'],
  filter: ['claim'],
  wait: ['claim'],
  interval: ['claim'],
  timeout: ['claim'],
};

/** Refuses an option that belongs to another subcommand (`sm jobs list --force`). */
export function onlyOptionsOf(ctx: VerbContext, sub: string): void {
  for (const [name, owners] of Object.entries(OWNERS)) {
    if (ctx.options[name] === undefined || owners.includes(sub)) continue;
    throw new CliError(
      'USAGE',
      `--${name} is an option of \`sm jobs ${owners.join('` / `sm jobs ')}\`, not of \`sm jobs ${sub}\``,
    );
  }
}

/** Exactly `n` positionals after the subcommand, named in the usage line. */
export function positionals(ctx: VerbContext, usage: string, n: number): string[] {
  const rest = ctx.args.slice(1);
  if (rest.length !== n)
    throw new CliError(
      'USAGE',
      `\`sm jobs ${ctx.args[0] ?? ''}\` takes ${n} argument(s), got ${rest.length}`,
      {
        hint: `usage: sm ${usage}`,
      },
    );
  return rest;
}

/** The engines of one job verb, with its events pushed to a running `sm serve` (and to `extra`, if given). */
export function jobEngines(ctx: VerbContext, extra?: JobEventSink): EngineContext {
  const push = createJobEventPush(ctx.project.root);
  return cliEngineContext(ctx, extra === undefined ? push : teeSinks(push, extra));
}
