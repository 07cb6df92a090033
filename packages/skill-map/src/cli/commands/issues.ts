import type { EngineContext } from '../../engines/context.js';
import { dismissIssue, listIssueSuppressions, undismissIssue } from '../../engines/suppressions/index.js';
import type { SuppressionEntry } from '../../engines/suppressions/index.js';
import { withConsent } from '../consent-prompt.js';
import { cliEngineContext } from '../engine-context.js';
import { CliError } from '../errors.js';
import { elapsedMs } from '../verbs.js';
import type { VerbContext, VerbResult } from '../verbs.js';
import { toNodePath } from './show.js';

const USAGE_HINT =
  'usage: sm issues dismiss <node> <analyzer> <value> [--note <text>] [--yes] | ' +
  'undismiss <node> <analyzer> <value> [--yes] | suppressions [<node>]';

function arity(ctx: VerbContext, min: number, max: number): void {
  const given = ctx.args.length - 1;
  if (given < min || given > max)
    throw new CliError(
      'USAGE',
      `\`sm issues ${ctx.args[0] ?? ''}\` takes ${min === max ? min : `${min} to ${max}`} argument(s), got ${given}`,
      { hint: USAGE_HINT },
    );
}

function nodeArg(ctx: VerbContext, input: string): string {
  return toNodePath(input, ctx.io.cwd, ctx.project.root);
}

function noteOf(ctx: VerbContext): string | undefined {
  const note = ctx.options['note'];
  return typeof note === 'string' ? note : undefined;
}

async function dismiss(ctx: VerbContext, engines: EngineContext): Promise<VerbResult> {
  arity(ctx, 3, 3);
  const [, rawNode = '', analyzer = '', value = ''] = ctx.args;
  const node = nodeArg(ctx, rawNode);
  const note = noteOf(ctx);
  const result = await withConsent(ctx, (consent) =>
    dismissIssue(engines, { node, analyzer, value, ...(note === undefined ? {} : { note }) }, consent),
  );
  if (ctx.output.jsonMode) ctx.output.json({ elapsedMs: elapsedMs(ctx), node, analyzer, value, ...result });
  else
    ctx.output.summary(
      result.outcome === 'suppressed'
        ? `suppressed ${analyzer} '${value}' on ${node} (${result.deletedIssues} issue(s) removed now)`
        : `already suppressed: ${analyzer} '${value}' on ${node} (${result.deletedIssues} issue(s) removed now)`,
    );
  return {};
}

async function undismiss(ctx: VerbContext, engines: EngineContext): Promise<VerbResult> {
  arity(ctx, 3, 3);
  const [, rawNode = '', analyzer = '', value = ''] = ctx.args;
  const node = nodeArg(ctx, rawNode);
  const result = await withConsent(ctx, (consent) =>
    undismissIssue(engines, { node, analyzer, value }, consent),
  );
  if (result.outcome === 'not-found')
    throw new CliError(
      'NOT_FOUND',
      result.reason === 'node'
        ? `no node at '${node}'`
        : `no suppression of ${analyzer} '${value}' on ${node}`,
      { hint: '`sm issues suppressions` lists the standing suppressions' },
    );
  if (ctx.output.jsonMode)
    ctx.output.json({ elapsedMs: elapsedMs(ctx), node, outcome: result.outcome, removed: result.removed });
  else
    ctx.output.summary(
      `unsuppressed ${result.removed.analyzer} '${result.removed.value}' on ${node}; the issue returns at the next \`sm scan\``,
    );
  return {};
}

function render(entries: readonly SuppressionEntry[]): string {
  const width = Math.max(0, ...entries.map((e) => e.analyzer.length));
  return entries
    .map(
      (e) =>
        `${e.node}  ${e.analyzer.padEnd(width)}  ${e.value}${e.note === undefined ? '' : `  # ${e.note}`}`,
    )
    .join('\n');
}

function suppressions(ctx: VerbContext, engines: EngineContext): VerbResult {
  arity(ctx, 0, 1);
  const raw = ctx.args[1];
  const node = raw === undefined ? undefined : nodeArg(ctx, raw);
  const items = listIssueSuppressions(engines, node === undefined ? {} : { node });
  if (ctx.output.jsonMode)
    ctx.output.json({ elapsedMs: elapsedMs(ctx), node: node ?? null, items, total: items.length });
  else if (items.length === 0) ctx.output.info('no issue suppressions');
  else {
    ctx.output.out(render(items));
    ctx.output.summary(`${items.length} suppression(s)`);
  }
  return {};
}

/** `sm issues dismiss | undismiss | suppressions`: the issue-suppression engine on channel `cli`. */
export async function run(ctx: VerbContext): Promise<VerbResult> {
  const sub = ctx.args[0];
  const engines = cliEngineContext(ctx);
  try {
    switch (sub) {
      case 'dismiss':
        return await dismiss(ctx, engines);
      case 'undismiss':
        return await undismiss(ctx, engines);
      case 'suppressions':
        return suppressions(ctx, engines);
      default:
        throw new CliError(
          'USAGE',
          sub === undefined ? '`sm issues` needs a subcommand' : `unknown issues subcommand '${sub}'`,
          { hint: USAGE_HINT },
        );
    }
  } finally {
    await engines.opsLog.flush();
  }
}
