// A plugin analyzer's per-node view-contribution payloads, checked against what its manifest declares: the
// contribution exists, applies to the node's kind, and the data has its render's shape. A bad payload is left out
// and named (one `extension-error` issue for the answer), the others are kept.
import type { ViewContribution } from '@skill-map/spec';
import type { ContributionPayload } from '../../kernel/index.js';
import { isRecord } from './export-values.js';

/** Longest text a `text` payload (or one value of the others) may carry. */
const MAX_TEXT = 2000;
/** Most entries of a `key-value` or `list` payload. */
const MAX_ENTRIES = 100;

const scalar = (v: unknown): boolean =>
  (typeof v === 'string' && v.length <= MAX_TEXT) || typeof v === 'number' || typeof v === 'boolean';

/** Why `data` does not fit `render` (null when it does). */
export function renderShapeError(render: ViewContribution['render'], data: unknown): string | null {
  if (render === 'text')
    return typeof data === 'string' && data.length <= MAX_TEXT
      ? null
      : `text needs a string of at most ${MAX_TEXT}`;
  if (render === 'list')
    return Array.isArray(data) && data.length <= MAX_ENTRIES && data.every(scalar)
      ? null
      : `list needs an array of at most ${MAX_ENTRIES} strings, numbers or booleans`;
  return isRecord(data) && Object.keys(data).length <= MAX_ENTRIES && Object.values(data).every(scalar)
    ? null
    : `key-value needs an object of at most ${MAX_ENTRIES} string, number or boolean values`;
}

/** The checked payloads of an answer's `contributions`, and why each left-out one is refused. */
export function checkContributions(
  answer: unknown,
  pluginId: string,
  declared: readonly ViewContribution[],
  kindOf: ReadonlyMap<string, string>,
): { payloads: ContributionPayload[]; errors: string[] } {
  const payloads: ContributionPayload[] = [];
  const errors: string[] = [];
  if (answer === undefined) return { payloads, errors };
  if (!Array.isArray(answer)) return { payloads, errors: ['contributions is not a list'] };
  answer.forEach((item, i) => {
    const problem = payloadError(item, declared, kindOf);
    if (problem !== null) {
      errors.push(`contribution payload at index ${i} ${problem}`);
      return;
    }
    const { id, nodeId, data } = item as { id: string; nodeId: string; data: unknown };
    payloads.push({
      contribution: `${pluginId}/${id}`,
      nodeId,
      data: JSON.parse(JSON.stringify(data)) as unknown,
    });
  });
  return { payloads, errors };
}

function payloadError(
  item: unknown,
  declared: readonly ViewContribution[],
  kindOf: ReadonlyMap<string, string>,
): string | null {
  if (!isRecord(item)) return 'is not an object';
  const { id, nodeId, data } = item;
  const decl = declared.find((c) => c.id === id);
  if (decl === undefined) return `names no declared contribution (${JSON.stringify(id)})`;
  const kind = typeof nodeId === 'string' ? kindOf.get(nodeId) : undefined;
  if (kind === undefined) return `names no node (${JSON.stringify(nodeId)})`;
  if (decl.kinds !== undefined && !decl.kinds.includes(kind))
    return `is for a ${kind} node, '${decl.id}' applies to ${decl.kinds.join(', ')}`;
  const shape = renderShapeError(decl.render, data);
  return shape === null ? null : `does not fit '${decl.id}': ${shape}`;
}

/**
 * `evaluate`'s answer: a list of issues, or `{ issues, contributions }`, with the confidence adjustments it made
 * (`confidence`) and the `ctx.emitContribution` calls (`emitted`), both added by the worker; null when it is neither.
 */
export function splitAnswer(
  answer: unknown,
): { issues: unknown[]; contributions: unknown; confidence: unknown; emitted: unknown } | null {
  if (Array.isArray(answer))
    return { issues: answer, contributions: undefined, confidence: undefined, emitted: undefined };
  if (isRecord(answer) && Array.isArray(answer['issues']))
    return {
      issues: answer['issues'],
      contributions: answer['contributions'],
      confidence: answer['confidence'],
      emitted: answer['emitted'],
    };
  return null;
}
