// `sm orphans`, `sm orphans reconcile <orphan.path> --to <new.path>`, `sm orphans undo-rename <new.path> [--from]`.
import { autoRenameSource, findOrphans, reconcileOrphan, undoRename } from '../../adapters/index.js';
import { confirmDestructive } from '../consent-prompt.js';
import { CliError } from '../errors.js';
import { requireDbPath } from '../read-store.js';
import { elapsedMs } from '../verbs.js';
import type { VerbContext, VerbResult } from '../verbs.js';

const USAGE =
  'usage: sm orphans | sm orphans reconcile <orphan.path> --to <new.path> | sm orphans undo-rename <new.path> [--force]';

function list(ctx: VerbContext): void {
  const orphans = findOrphans(requireDbPath(ctx));
  if (ctx.output.jsonMode) ctx.output.json(orphans);
  else if (orphans.length === 0) ctx.output.summary('no orphans: every state row belongs to a scanned node');
  else
    for (const o of orphans)
      ctx.output.out(
        `${o.path}  ${Object.entries(o.rows)
          .map(([t, n]) => `${t} ${n}`)
          .join(', ')}`,
      );
}

function reconcile(ctx: VerbContext, from: string): void {
  const to = ctx.options['to'];
  if (typeof to !== 'string' || to === '')
    throw new CliError('USAGE', '`sm orphans reconcile` needs --to <new.path>', { hint: USAGE });
  const moved = reconcileOrphan(requireDbPath(ctx), from, to);
  if (ctx.output.jsonMode)
    ctx.output.json({ elapsedMs: elapsedMs(ctx), from, to, rows: moved.rows, total: moved.total });
  else ctx.output.summary(`moved ${moved.total} state row(s) from ${from} to ${to}`);
}

async function undo(ctx: VerbContext, to: string): Promise<void> {
  const dbPath = requireDbPath(ctx);
  const source = autoRenameSource(dbPath, to);
  if (source === null)
    throw new CliError('NOT_FOUND', `no auto-rename-medium issue on ${to}`, {
      hint: 'an ambiguous rename moved nothing: stitch it by hand with `sm orphans reconcile <old.path> --to <new.path>`',
    });
  const fromFlag = ctx.options['from'];
  if (typeof fromFlag === 'string' && fromFlag !== source.from)
    throw new CliError(
      'NOT_FOUND',
      `--from ${fromFlag} is not the path ${to} was renamed from (${source.from})`,
    );
  await confirmDestructive(ctx, `Move the state of ${to} back to ${source.from} (which no longer exists)?`);
  undoRename(dbPath, to, source.from, source.issueId);
  if (ctx.output.jsonMode) ctx.output.json({ elapsedMs: elapsedMs(ctx), from: to, to: source.from });
  else
    ctx.output.summary(
      `moved the state of ${to} back to ${source.from}; it is an orphan until a file is there again`,
    );
}

/** `sm orphans [reconcile | undo-rename]`. */
export async function run(ctx: VerbContext): Promise<VerbResult> {
  const [sub, path] = ctx.args;
  if (sub === undefined) list(ctx);
  else if (sub === 'reconcile' && path !== undefined) reconcile(ctx, path);
  else if (sub === 'undo-rename' && path !== undefined) await undo(ctx, path);
  else throw new CliError('USAGE', `\`sm orphans ${sub}\` needs a path`, { hint: USAGE });
  return {};
}
