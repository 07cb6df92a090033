import type { FindingRecord } from '../../adapters/sqlite/findings/port.js';
import type { EngineContext } from '../context.js';
import { EngineError, isEngineError } from '../errors.js';
import type { Consent } from '../sidecars/port.js';
import { curatorOf } from './curator.js';
import { suppressionsOf } from './lens.js';
import { checkTarget, findTarget, optionalText, withWrite } from './session.js';
import type { CheckedTarget } from './session.js';
import type {
  DismissOptions,
  DismissOutcome,
  FindingTarget,
  ReopenOutcome,
  ResolveOutcome,
} from './types.js';

function logFlip(ctx: EngineContext, op: string, f: FindingRecord, detail: string): void {
  ctx.opsLog.append({ op, target: f.nodeId, channel: ctx.channel, outcome: 'ok', detail });
}

/** `resolve`: a human marks the finding fixed (DB only). Already fixed: `already-fixed`; unknown id: `not-found`. */
export async function resolveFinding(
  ctx: EngineContext,
  target: FindingTarget,
  note?: string,
): Promise<ResolveOutcome> {
  const t = checkTarget(target);
  const fid = t.id;
  const text = optionalText('note', note) ?? null;
  return withWrite(ctx, ({ session, findings }) => {
    const outcome = session.transaction((): ResolveOutcome['outcome'] => {
      const f = findTarget(findings, t);
      if (f === null) return 'not-found';
      if (f.resolution === 'fixed') return 'already-fixed';
      findings.setResolution(fid, 'fixed', 'human', text, ctx.now());
      logFlip(ctx, 'findings.resolve', f, `id=${fid}`);
      return 'resolved';
    });
    return { outcome };
  });
}

/** `reopen`: clears any resolution (DB only); it never lifts a class suppression (that is `undismiss`). */
export async function reopenFinding(ctx: EngineContext, target: FindingTarget): Promise<ReopenOutcome> {
  const t = checkTarget(target);
  const fid = t.id;
  return withWrite(ctx, ({ session, findings }) => {
    const outcome = session.transaction((): ReopenOutcome['outcome'] => {
      const f = findTarget(findings, t);
      if (f === null) return 'not-found';
      if (f.resolution === null) return 'already-open';
      findings.setResolution(fid, null, null, null, null);
      logFlip(ctx, 'findings.reopen', f, `id=${fid}`);
      return 'reopened';
    });
    return { outcome };
  });
}

function notDismissible(f: FindingRecord): EngineError {
  return new EngineError(
    'finding-not-dismissible',
    `finding ${f.id} comes from the kernel safety lane (${f.type}) and cannot be dismissed; re-run the extension after editing the node`,
    { details: { id: f.id, origin: f.origin, type: f.type } },
  );
}

/**
 * `dismiss`. Row grain (default, DB only): `dismissed` / `already-dismissed`. `class: true`: writes the class
 * suppression `{extension: finding.extensionId, type: finding.type, note?}` to the node's `.sm` through the curator
 * (consent first; an equal extension+type entry is not duplicated) → `suppressed`. Unknown id, or a class dismiss
 * on a node the map no longer knows: `not-found`. Kernel-origin rows: `finding-not-dismissible`.
 */
export async function dismissFinding(
  ctx: EngineContext,
  target: FindingTarget,
  options: DismissOptions = {},
  consent: Consent = {},
): Promise<DismissOutcome> {
  const t = checkTarget(target);
  const fid = t.id;
  const note = optionalText('note', options.note);
  if (options.class === true) return dismissClass(ctx, t, note, consent);
  return withWrite(ctx, ({ session, findings }) => {
    const outcome = session.transaction((): DismissOutcome['outcome'] => {
      const f = findTarget(findings, t);
      if (f === null) return 'not-found';
      if (f.origin === 'kernel') throw notDismissible(f);
      if (f.resolution === 'dismissed') return 'already-dismissed';
      findings.setResolution(fid, 'dismissed', 'human', note ?? null, ctx.now());
      logFlip(ctx, 'findings.dismiss', f, `id=${fid} row`);
      return 'dismissed';
    });
    return { outcome };
  });
}

function dismissClass(
  ctx: EngineContext,
  t: CheckedTarget,
  note: string | undefined,
  consent: Consent,
): Promise<DismissOutcome> {
  return withWrite(ctx, async ({ session, findings }) => {
    const f = findTarget(findings, t);
    if (f === null) return { outcome: 'not-found' };
    if (f.origin === 'kernel') throw notDismissible(f);
    const fid = f.id;
    const curator = curatorOf(ctx);
    try {
      const result = await curator.updateAnnotations(session, f.nodeId, consent, (current) => {
        const entries = suppressionsOf(current);
        if (entries.some((e) => e.extension === f.extensionId && e.type === f.type)) return null;
        const raw = Array.isArray(current.suppressions) ? current.suppressions : [];
        const entry = { extension: f.extensionId, type: f.type, ...(note === undefined ? {} : { note }) };
        return { ...current, suppressions: [...raw, entry] };
      });
      if (result.changed) logFlip(ctx, 'findings.dismiss', f, `id=${fid} class`);
      return { outcome: 'suppressed' };
    } catch (err) {
      if (isEngineError(err, 'not-found')) return { outcome: 'not-found' };
      throw err;
    }
  });
}
