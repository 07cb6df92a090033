import { createInterface } from 'node:readline';
import { isEngineError } from '../engines/errors.js';
import type { Consent } from '../engines/sidecars/port.js';
import { CliError } from './errors.js';
import type { VerbContext } from './verbs.js';

/** Whether a person is at the terminal to answer (both ends are terminals, and no `--json` run). */
export function interactive(ctx: VerbContext): boolean {
  const stdin = ctx.io.stdin as { isTTY?: boolean };
  return stdin.isTTY === true && ctx.io.stderr.isTTY === true && !ctx.output.jsonMode;
}

/** One answer line from stdin, trimmed and lower-cased ('' when stdin ends first). */
export function ask(ctx: VerbContext, question: string): Promise<string> {
  ctx.io.stderr.write(question);
  const rl = createInterface({ input: ctx.io.stdin, terminal: false });
  return new Promise((resolve) => {
    let done = false;
    const finish = (answer: string): void => {
      if (done) return;
      done = true;
      rl.close();
      resolve(answer.trim().toLowerCase());
    };
    rl.once('line', finish);
    rl.once('close', () => finish(''));
  });
}

/**
 * Runs a sidecar-writing engine call with the CLI's consent (spec §8): `--yes` is a one-shot confirm. Without it,
 * the engine refuses before writing anything; on a terminal the user is then asked, once: `y` allows this write,
 * `a` also saves the standing grant (`allowEditSmFiles: true` in settings.local.json), anything else declines and
 * nothing is written (exit 2). Off a terminal the refusal stands, with its `--yes` hint. The team policy
 * (`allowSidecarWriters: false`) is never asked about: no answer overrides it.
 */
export async function withConsent<T>(ctx: VerbContext, run: (consent: Consent) => Promise<T>): Promise<T> {
  const given: Consent = ctx.options['yes'] === true ? { confirm: true } : {};
  try {
    return await run(given);
  } catch (err) {
    if (!isEngineError(err, 'consent-required') || given.confirm === true || !interactive(ctx)) throw err;
    const answer = await ask(
      ctx,
      "This writes the node's .sm sidecar. Allow it? [y] this once, [a] always (saves allowEditSmFiles), [N] no: ",
    );
    if (answer === 'y' || answer === 'yes') return run({ confirm: true });
    if (answer === 'a' || answer === 'always') return run({ always: true });
    throw new CliError('REFUSED', 'declined: nothing was written');
  }
}

/**
 * Confirms a destructive operation (`sm db reset --state|--hard`, `sm db restore`): `--yes` or `--force` confirm; on
 * a terminal the user is asked once (`y` goes on); anything else, and any run off a terminal, refuses (exit 2) with
 * nothing changed.
 */
export async function confirmDestructive(ctx: VerbContext, question: string): Promise<void> {
  if (ctx.options['yes'] === true || ctx.options['force'] === true) return;
  if (!interactive(ctx))
    throw new CliError('REFUSED', 'this is destructive and needs confirmation: nothing was changed', {
      hint: 'pass --yes to go ahead (or -n to preview)',
    });
  const answer = await ask(ctx, `${question} [y/N] `);
  if (answer !== 'y' && answer !== 'yes') throw new CliError('REFUSED', 'declined: nothing was changed');
}
