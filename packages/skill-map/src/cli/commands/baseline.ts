// `sm baseline create|update|prune [<file>]`: writes the baseline `sm check --baseline` reads, from a scan of the
// project (or the last scan with --stored). The rules and the atomic write are the baseline engine's.
import { join, relative, resolve } from 'node:path';
import { loadConfig } from '../../adapters/index.js';
import { writeBaseline } from '../../engines/baseline/index.js';
import type { BaselineWriteMode } from '../../engines/baseline/index.js';
import { loadPlugins } from '../../engines/index.js';
import { scanIssues, storedIssues } from '../check-scan.js';
import { CliError } from '../errors.js';
import { elapsedMs } from '../verbs.js';
import type { VerbContext, VerbResult } from '../verbs.js';

const MODES: readonly BaselineWriteMode[] = ['create', 'update', 'prune'];

/** Where a baseline lives when no file is named: `<root>/.skill-map/baseline.json`. */
export const DEFAULT_BASELINE = join('.skill-map', 'baseline.json');

function modeOf(ctx: VerbContext): BaselineWriteMode {
  const given = ctx.args[0];
  if (given === undefined || !(MODES as readonly string[]).includes(given))
    throw new CliError(
      'USAGE',
      given === undefined ? '`sm baseline` needs a subcommand' : `unknown subcommand '${given}'`,
      {
        hint: 'usage: sm baseline create|update|prune [<file>] [--force] [--reason <text>] [--expires <date>]',
      },
    );
  return given as BaselineWriteMode;
}

function text(ctx: VerbContext, name: string): string | undefined {
  const v = ctx.options[name];
  return typeof v === 'string' ? v : undefined;
}

/** `sm baseline <mode> [<file>]`: scans, then creates, updates or prunes the baseline file. */
export async function run(ctx: VerbContext): Promise<VerbResult> {
  const mode = modeOf(ctx);
  const file =
    ctx.args[1] === undefined ? join(ctx.project.root, DEFAULT_BASELINE) : resolve(ctx.io.cwd, ctx.args[1]);
  const shown = ctx.args[1] ?? relative(ctx.io.cwd, file);
  const reason = text(ctx, 'reason');
  const expires = text(ctx, 'expires');
  let scan;
  if (ctx.options['stored'] === true) scan = storedIssues(ctx, true);
  else {
    const config = loadConfig({ projectRoot: ctx.project.root }).merged;
    const { registry } = await loadPlugins({ projectRoot: ctx.project.root, config, probabilistic: false });
    scan = await scanIssues(ctx, registry, ctx.output.jsonMode);
  }
  const outcome = writeBaseline({
    mode,
    file,
    shown,
    issues: scan.issues,
    links: scan.links,
    now: new Date(),
    force: ctx.options['force'] === true,
    ...(reason !== undefined ? { reason } : {}),
    ...(expires !== undefined ? { expires } : {}),
  });
  if (ctx.output.jsonMode) {
    ctx.output.json({ elapsedMs: elapsedMs(ctx), ...outcome });
    return {};
  }
  const what =
    mode === 'prune'
      ? `dropped ${outcome.removed.length} stale entr${outcome.removed.length === 1 ? 'y' : 'ies'}`
      : `${mode === 'create' ? 'accepted' : 'added'} ${outcome.added} issue(s)`;
  ctx.output.summary(
    `${mode === 'create' ? 'wrote' : mode === 'update' ? 'updated' : 'pruned'} ${shown}: ${what}, ${outcome.entries} entr${outcome.entries === 1 ? 'y' : 'ies'}`,
  );
  return {};
}
