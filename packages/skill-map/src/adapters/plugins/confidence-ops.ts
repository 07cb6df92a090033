// A plugin analyzer's confidence adjustments (ctx.adjustConfidence in its worker) checked into the kernel's ops.
import type { ConfidenceOp } from '../../kernel/index.js';

const CONFIDENCE_OPS: ReadonlySet<string> = new Set(['set', 'delta', 'floor', 'ceil']);

/**
 * The confidence ops a score-phase analyzer made through `ctx.adjustConfidence(link, { kind, value })`, as the
 * kernel's ops on link indexes; a string naming the first invalid one otherwise.
 */
export function confidenceOps(raw: unknown, links: number): ConfidenceOp[] | string {
  if (raw === undefined) return [];
  const ops: ConfidenceOp[] = [];
  for (const [i, a] of (Array.isArray(raw) ? raw : []).entries()) {
    const { link, kind, value } = (a ?? {}) as { link?: unknown; kind?: unknown; value?: unknown };
    if (typeof link !== 'number' || !Number.isInteger(link) || link < 0 || link >= links)
      return `adjusted the confidence of a link it was not given (call ${i})`;
    if (
      typeof kind !== 'string' ||
      !CONFIDENCE_OPS.has(kind) ||
      typeof value !== 'number' ||
      !Number.isFinite(value)
    )
      return `made an invalid confidence adjustment (call ${i}: kind set, delta, floor or ceil, value a number)`;
    ops.push({ link, op: kind as ConfidenceOp['op'], value });
  }
  return ops;
}
