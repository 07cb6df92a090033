import type { EngineContext } from '../context.js';
import { EngineError } from '../errors.js';
import { entriesOf } from './entry.js';
import type { SuppressionEntry } from './entry.js';

/** `list_issue_suppressions` input: one node, or the whole project when `node` is absent. */
export interface ListSuppressionsInput {
  node?: string;
}

/**
 * Every standing issue suppression from the annotations mirror (read posture; never validated against the
 * catalog, so entries of uninstalled plugins show too). No database → []; an unknown `node` → `not-found`.
 */
export function listIssueSuppressions(
  ctx: EngineContext,
  input: ListSuppressionsInput = {},
): SuppressionEntry[] {
  const { node } = input;
  if (node !== undefined && (typeof node !== 'string' || node === ''))
    throw new EngineError('invalid-input', 'node must be a non-empty string when given', {
      details: { argument: 'node' },
    });
  const session = ctx.openSession('read');
  if (session === null) return [];
  try {
    if (node !== undefined && session.nodes.get(node) === null)
      throw new EngineError('not-found', `no node at '${node}'`, { details: { node } });
    return session.nodes
      .listAnnotated()
      .filter((r) => node === undefined || r.path === node)
      .flatMap((r) => entriesOf(r.annotations).map((e) => ({ node: r.path, ...e })));
  } finally {
    session.close();
  }
}
