import { loadActionCatalog, runAction } from '../../engines/actions/index.js';
import type { ActionInfo, ActionRun } from '../../engines/actions/index.js';
import type { PluginScope } from '../../engines/index.js';
import { withConsent } from '../consent-prompt.js';
import { cliEngineContext } from '../engine-context.js';
import { CliError } from '../errors.js';
import type { Output } from '../io.js';
import { elapsedMs } from '../verbs.js';
import type { VerbContext, VerbResult } from '../verbs.js';
import { pluginFlags } from './plugins.js';
import { toNodePath } from './show.js';

const USAGE =
  'usage: sm actions list | show <plugin>/<action> | run <plugin>/<action> -n <node> [--input <json>] [--dry-run] [--yes]';

/** Where the actions come from: the plugins this run loads (the environment names the user's folder, the time limit). */
function scopeOf(ctx: VerbContext): PluginScope {
  return { projectRoot: ctx.project.root, ...pluginFlags(ctx), env: ctx.io.env };
}

function idArg(ctx: VerbContext, sub: string): string {
  const id = ctx.args[1];
  if (id === undefined || id === '')
    throw new CliError('USAGE', `sm actions ${sub} needs an action id (<plugin>/<action>)`, { hint: USAGE });
  return id;
}

function line(output: Output, a: ActionInfo): string {
  const state = a.enabled ? output.paint('green', 'on ') : output.paint('yellow', 'off');
  return `${a.id.padEnd(32)} ${a.mode.padEnd(13)} ${state}  ${output.paint('dim', a.description)}`;
}

function details(output: Output, a: ActionInfo): string {
  const params = Object.entries(a.params).map(
    ([name, p]) =>
      `  ${name.padEnd(12)} ${p.type}${p.required === true ? ', required' : ''}${p.enum === undefined ? '' : ` (${p.enum.join('|')})`}: ${p.description}`,
  );
  return [
    output.paint('bold', a.id),
    `  plugin    ${a.pluginId}`,
    `  version   ${a.version}`,
    `  mode      ${a.mode}`,
    `  writes    ${a.writes.length === 0 ? '-' : a.writes.join(', ')}`,
    `  enabled   ${a.enabled ? 'yes' : 'no'}${a.defaultEnabled ? '' : ' (off by default)'}`,
    `  run via   sm ${a.runVia} ${a.id} -n <node>`,
    `  about     ${a.description}`,
    ...(params.length === 0 ? [] : ['', 'Input:', ...params]),
  ].join('\n');
}

/** The `--input` JSON object (a usage error when it does not parse). */
function inputOf(ctx: VerbContext): unknown {
  const raw = ctx.options['input'];
  if (typeof raw !== 'string') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch (error) {
    throw new CliError('USAGE', `--input is not JSON: ${(error as Error).message}`, {
      hint: `for example --input '{"stability":"stable"}'`,
    });
  }
}

/** The human line of a run (shared with `sm bump`). */
export function runSummary(run: ActionRun): string {
  const what = `${run.actionId} on ${run.nodePath}`;
  if (run.dryRun)
    return `dry run: ${what} would ${run.changed ? 'write' : 'change nothing in'} the sidecar ${JSON.stringify(run.report)}`;
  return run.changed
    ? `${what}: sidecar written ${JSON.stringify(run.report)}`
    : `${what}: the sidecar already says this (nothing written)`;
}

/** Prints a run (`--json`: the run with elapsedMs). */
export function printRun(ctx: VerbContext, run: ActionRun): void {
  if (ctx.output.jsonMode) ctx.output.json({ elapsedMs: elapsedMs(ctx), ...run });
  else ctx.output.out(runSummary(run));
}

async function runOne(ctx: VerbContext): Promise<VerbResult> {
  const id = idArg(ctx, 'run');
  const rawNode = ctx.options['node'];
  if (typeof rawNode !== 'string' || rawNode === '')
    throw new CliError('USAGE', 'sm actions run needs the node: -n <path>', { hint: USAGE });
  const input = inputOf(ctx);
  const catalog = await loadActionCatalog(scopeOf(ctx));
  const action = catalog.runnable(id);
  const engines = cliEngineContext(ctx);
  const node = toNodePath(rawNode, ctx.io.cwd, ctx.project.root);
  const dryRun = ctx.options['dry-run'] === true;
  const result = await withConsent(ctx, (consent) =>
    runAction(engines, action, { node, input, dryRun }, consent),
  );
  printRun(ctx, result);
  return {};
}

/** `sm actions list|show|run`. */
export async function run(ctx: VerbContext): Promise<VerbResult> {
  const sub = ctx.args[0] ?? 'list';
  if (sub === 'run') return runOne(ctx);
  if (
    ctx.options['node'] !== undefined ||
    ctx.options['input'] !== undefined ||
    ctx.options['dry-run'] === true
  )
    throw new CliError(
      'USAGE',
      `-n, --input and --dry-run belong to \`sm actions run\`, not \`sm actions ${sub}\``,
      {
        hint: USAGE,
      },
    );
  if (sub !== 'list' && sub !== 'show')
    throw new CliError('USAGE', `unknown subcommand 'actions ${sub}'`, { hint: USAGE });
  if (sub === 'list' && ctx.args.length > 1)
    throw new CliError('USAGE', 'sm actions list takes no argument', { hint: USAGE });
  const catalog = await loadActionCatalog(scopeOf(ctx));
  if (sub === 'show') {
    const a = catalog.info(idArg(ctx, 'show'));
    if (ctx.output.jsonMode) ctx.output.json({ elapsedMs: elapsedMs(ctx), ...a });
    else ctx.output.out(details(ctx.output, a));
    return {};
  }
  if (ctx.output.jsonMode)
    ctx.output.json({ schemaVersion: 1, elapsedMs: elapsedMs(ctx), actions: catalog.actions });
  else ctx.output.out(catalog.actions.map((a) => line(ctx.output, a)).join('\n') || 'no actions');
  return {};
}
