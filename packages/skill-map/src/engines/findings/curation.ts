import type { EngineContext } from '../context.js';
import type { Consent } from '../sidecars/port.js';
import { curatorOf } from './curator.js';
import { exactEntryIndex, withoutEntry } from './lens.js';
import { checkTarget, checkText, findTarget, optionalText, withWrite } from './session.js';
import type {
  DeleteOutcome,
  FindingTarget,
  PruneOutcome,
  UndismissOutcome,
  UndismissTarget,
} from './types.js';

/**
 * `undismiss`: removes exactly one class suppression from the node's `.sm` through the curator (consent) →
 * `unsuppressed`: the entry whose extension is `extension` verbatim and whose type is `type` (or the type-less
 * blanket entry when `type` is omitted). Unknown node: `not-found`. No such entry in the live sidecar: the
 * annotations mirror is re-synced from the live `.sm` (no sidecar write, so no consent) and the answer is
 * `no-match`. Re-running the finder re-judges the class; rows are never touched.
 */
export async function undismissFinding(
  ctx: EngineContext,
  target: UndismissTarget,
  consent: Consent = {},
): Promise<UndismissOutcome> {
  const node = checkText('node', target.node);
  const extension = checkText('extension', target.extension);
  const type = optionalText('type', target.type);
  return withWrite(ctx, async ({ session }) => {
    if (session.nodes.get(node) === null) return { outcome: 'not-found' };
    const curator = curatorOf(ctx);
    const live = curator.readAnnotations(node);
    if (exactEntryIndex(live, extension, type) < 0) {
      session.nodes.refreshAnnotations(node, live);
      return { outcome: 'no-match' };
    }
    const result = await curator.updateAnnotations(session, node, consent, (current) => {
      const index = exactEntryIndex(current, extension, type);
      return index < 0 ? null : withoutEntry(current, index);
    });
    if (!result.changed) return { outcome: 'no-match' };
    ctx.opsLog.append({
      op: 'findings.undismiss',
      target: node,
      extension,
      channel: ctx.channel,
      outcome: 'ok',
    });
    return { outcome: 'unsuppressed' };
  });
}

/**
 * `delete`: hard-deletes one row (any origin) → `deleted`; unknown id → `not-found`. When it is the last row of a
 * class its node's `.sm` suppresses (the exact `{extension, type}` entry `dismiss --class` writes), that entry
 * is lifted FIRST through the curator, so a refused consent leaves the row, the sidecar and the log unchanged.
 * Without such an entry, or when the node is gone from the map, the delete is DB only and needs no consent.
 */
export async function deleteFinding(
  ctx: EngineContext,
  target: FindingTarget,
  consent: Consent = {},
): Promise<DeleteOutcome> {
  const t = checkTarget(target);
  const fid = t.id;
  return withWrite(ctx, async ({ session, findings }) => {
    const f = findTarget(findings, t);
    if (f === null) return { outcome: 'not-found' };
    if (session.nodes.get(f.nodeId) !== null && f.origin === 'extension') {
      const curator = curatorOf(ctx);
      const live = curator.readAnnotations(f.nodeId);
      const orphan =
        exactEntryIndex(live, f.extensionId, f.type) >= 0 &&
        findings.countOfClass(f.nodeId, f.extensionId, f.type, fid) === 0;
      if (orphan)
        await curator.updateAnnotations(session, f.nodeId, consent, (current) => {
          const index = exactEntryIndex(current, f.extensionId, f.type);
          return index < 0 ? null : withoutEntry(current, index);
        });
    }
    if (!session.transaction(() => findings.delete(fid))) return { outcome: 'not-found' };
    ctx.opsLog.append({
      op: 'findings.delete',
      target: f.nodeId,
      extension: f.extensionId,
      channel: ctx.channel,
      outcome: 'ok',
      detail: `id=${fid}`,
    });
    return { outcome: 'deleted' };
  });
}

/** `prune`: deletes every stale finding (node gone, or its body changed since the finding was judged). */
export async function pruneFindings(ctx: EngineContext): Promise<PruneOutcome> {
  return withWrite(ctx, ({ session, findings }) => {
    const deleted = session.transaction(() => findings.pruneStale());
    if (deleted > 0)
      ctx.opsLog.append({
        op: 'findings.prune',
        target: '*',
        channel: ctx.channel,
        outcome: 'ok',
        detail: `rows=${deleted}`,
      });
    return { outcome: 'pruned', deleted };
  });
}
