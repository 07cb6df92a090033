import { withConsent } from '../consent-prompt.js';
import type { EngineContext } from '../../engines/context.js';
import {
  deleteFinding,
  dismissFinding,
  findingsView,
  pruneFindings,
  reopenFinding,
  resolveFinding,
  undismissFinding,
} from '../../engines/findings/index.js';
import { cliEngineContext } from '../engine-context.js';
import { CliError } from '../errors.js';
import { requireDbPath } from '../read-store.js';
import { elapsedMs } from '../verbs.js';
import type { VerbContext, VerbResult } from '../verbs.js';
import { renderView, viewSummary } from './findings/render.js';
import { toNodePath } from './show.js';

const USAGE =
  'usage: sm findings [list] [<node>] [--extension <id>] [--stale] [--dismissed] [--fixed] | resolve <id> [--note <text>] | ' +
  'dismiss <id> [--class] [--note <text>] [--yes] | reopen <id> | undismiss <node> <extension> [--type <t>] [--yes] | ' +
  'delete <id> [--yes] | prune';

/** Each subcommand: its positional count and the verb options it accepts (the others are refused). */
const SUBCOMMANDS: Readonly<Record<string, { args: readonly string[]; options: readonly string[] }>> = {
  list: { args: ['node?'], options: ['extension', 'stale', 'dismissed', 'fixed'] },
  resolve: { args: ['id'], options: ['note'] },
  dismiss: { args: ['id'], options: ['class', 'note', 'yes'] },
  reopen: { args: ['id'], options: [] },
  undismiss: { args: ['node', 'extension'], options: ['type', 'yes'] },
  delete: { args: ['id'], options: ['yes'] },
  prune: { args: [], options: [] },
};
const VERB_OPTIONS = ['extension', 'stale', 'dismissed', 'fixed', 'note', 'class', 'type', 'yes'];

function usage(message: string): CliError {
  return new CliError('USAGE', message, { hint: USAGE });
}

/** Splits `sm findings …` into the subcommand and its arguments (a first argument that is none is a node path). */
function parse(ctx: VerbContext): { sub: string; args: readonly string[] } {
  const [first, ...rest] = ctx.args;
  const sub = first !== undefined && first in SUBCOMMANDS ? first : 'list';
  const args = sub === first ? rest : ctx.args;
  const spec = SUBCOMMANDS[sub] ?? { args: [], options: [] };
  const required = spec.args.filter((a) => !a.endsWith('?'));
  if (args.length < required.length)
    throw usage(`\`sm findings ${sub}\` needs ${required.map((a) => `<${a}>`).join(' ')}`);
  if (args.length > spec.args.length)
    throw usage(`\`sm findings ${sub}\` takes ${spec.args.length} argument(s), got ${args.length}`);
  for (const name of VERB_OPTIONS)
    if (ctx.options[name] !== undefined && !spec.options.includes(name))
      throw usage(`--${name} does not apply to \`sm findings ${sub}\``);
  return { sub, args };
}

function idOf(raw: string | undefined): number {
  if (raw === undefined || !/^[1-9]\d{0,15}$/.test(raw))
    throw usage(`finding id must be a positive integer (got '${raw ?? ''}')`);
  return Number(raw);
}

function text(ctx: VerbContext, name: string): string | undefined {
  const v = ctx.options[name];
  return typeof v === 'string' ? v : undefined;
}

const MESSAGES: Readonly<Record<string, (subject: string) => string>> = {
  resolved: (s) => `resolved ${s}`,
  'already-fixed': (s) => `${s} is already fixed`,
  dismissed: (s) => `dismissed ${s}`,
  'already-dismissed': (s) => `${s} is already dismissed`,
  suppressed: (s) => `suppressed the class of ${s} in its node's .sm sidecar`,
  reopened: (s) => `reopened ${s}`,
  'already-open': (s) => `${s} is already open`,
  deleted: (s) => `deleted ${s}`,
  unsuppressed: (s) => `lifted the suppression ${s}`,
  'no-match': (s) => `no suppression ${s} in the sidecar (the map's copy of it was re-synced)`,
};

/** Prints a lifecycle outcome; `not-found` is exit 5, every other outcome exit 0. */
function report(
  ctx: VerbContext,
  outcome: string,
  subject: string,
  json: Record<string, unknown>,
): VerbResult {
  if (outcome === 'not-found')
    throw new CliError('NOT_FOUND', `no ${subject}`, {
      hint: '`sm findings --dismissed --fixed` lists every finding id; `sm list` the node paths',
      data: json,
    });
  if (ctx.output.jsonMode) ctx.output.json({ elapsedMs: elapsedMs(ctx), outcome, ...json });
  else ctx.output.summary((MESSAGES[outcome] ?? ((x: string) => `${outcome}: ${x}`))(subject));
  return {};
}

function list(ctx: VerbContext, engines: EngineContext, nodeArg: string | undefined): VerbResult {
  if (ctx.project.server === undefined) requireDbPath(ctx); // a server database's project is checked by its context
  const node = nodeArg === undefined ? undefined : toNodePath(nodeArg, ctx.io.cwd, ctx.project.root);
  const extension = text(ctx, 'extension');
  const view = findingsView(engines, {
    ...(node === undefined ? {} : { node }),
    ...(extension === undefined ? {} : { extension }),
    dismissed: ctx.options['dismissed'] === true,
    fixed: ctx.options['fixed'] === true,
    stale: ctx.options['stale'] === true,
  });
  // `total` is the reference's count of the findings listed.
  if (ctx.output.jsonMode)
    ctx.output.json({ elapsedMs: elapsedMs(ctx), total: view.findings.length, ...view });
  else {
    const lines = renderView(ctx.output, view);
    if (lines.length > 0) ctx.output.out(lines.join('\n'));
    ctx.output.summary(viewSummary(view));
  }
  return {};
}

async function mutate(
  ctx: VerbContext,
  engines: EngineContext,
  sub: string,
  args: readonly string[],
): Promise<VerbResult> {
  const note = text(ctx, 'note');
  if (sub === 'prune') {
    const r = await pruneFindings(engines);
    if (ctx.output.jsonMode) ctx.output.json({ elapsedMs: elapsedMs(ctx), ...r });
    else ctx.output.summary(`pruned ${r.deleted} stale finding(s)`);
    return {};
  }
  if (sub === 'undismiss') {
    const node = toNodePath(args[0] ?? '', ctx.io.cwd, ctx.project.root);
    const extension = args[1] ?? '';
    const type = text(ctx, 'type');
    const r = await withConsent(ctx, (consent) =>
      undismissFinding(engines, { node, extension, ...(type === undefined ? {} : { type }) }, consent),
    );
    const what = `${extension}${type === undefined ? ' (every type)' : ` / ${type}`} on ${node}`;
    return report(ctx, r.outcome, r.outcome === 'not-found' ? `node at '${node}'` : what, {
      node,
      extension,
      type: type ?? null,
    });
  }
  const id = idOf(args[0]);
  const subject = `finding ${id}`;
  const run = {
    resolve: () => resolveFinding(engines, id, note),
    dismiss: () =>
      withConsent(ctx, (consent) =>
        dismissFinding(
          engines,
          id,
          { class: ctx.options['class'] === true, ...(note === undefined ? {} : { note }) },
          consent,
        ),
      ),
    reopen: () => reopenFinding(engines, id),
    delete: () => withConsent(ctx, (consent) => deleteFinding(engines, id, consent)),
  }[sub];
  if (run === undefined) throw usage(`unknown subcommand '${sub}'`);
  const r = await run();
  return report(ctx, r.outcome, subject, { id });
}

/**
 * `sm findings`: the findings of the probabilistic finders (spec §7). Lists the default view, or flips one
 * finding's lifecycle; `dismiss --class`, `undismiss` and a delete that lifts an orphan suppression write the
 * node's `.sm` and need `--yes` without a standing `allowEditSmFiles`. Findings never set the exit code except
 * not found (5) and operational errors (2).
 */
export async function run(ctx: VerbContext): Promise<VerbResult> {
  const { sub, args } = parse(ctx);
  const engines = cliEngineContext(ctx);
  try {
    return sub === 'list' ? list(ctx, engines, args[0]) : await mutate(ctx, engines, sub, args);
  } finally {
    await engines.opsLog.flush();
  }
}
