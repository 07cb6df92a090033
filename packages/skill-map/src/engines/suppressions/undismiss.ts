import type { IssueSuppression } from '@skill-map/spec';
import type { EngineContext } from '../context.js';
import { EngineError } from '../errors.js';
import type { Consent } from '../sidecars/port.js';
import { createSidecarCurator } from '../sidecars/curator.js';
import { entriesOf, requireText, sameKey, withEntries } from './entry.js';

/** `undismiss_issue` input. */
export interface UndismissInput {
  node: string;
  analyzer: string;
  value: string;
}

/**
 * What an undismiss did. `reason` says which not-found it was (REST answers 404 for the node, 409 for the entry);
 * MCP shows only `{outcome: 'not-found'}`.
 */
export type UndismissOutcome =
  { outcome: 'unsuppressed'; removed: IssueSuppression } | { outcome: 'not-found'; reason: 'node' | 'entry' };

/**
 * Removes the first entry with the key `(analyzer, value)` from the node's sidecar (spec §6). The analyzer is NOT
 * checked against the catalog (entries of uninstalled plugins must stay removable). A missing entry refreshes the
 * mirror from the live `.sm` first (self-heal). The issue returns at the next scan.
 */
export async function undismissIssue(
  ctx: EngineContext,
  input: UndismissInput,
  consent: Consent,
): Promise<UndismissOutcome> {
  const node = requireText('node', input.node);
  const analyzer = requireText('analyzer', input.analyzer);
  const value = requireText('value', input.value);
  const curator = createSidecarCurator(ctx);
  curator.assertConsent(consent);
  const session = ctx.openSession('write');
  if (session === null) throw new EngineError('db-missing', 'no project database; run `sm scan` first');
  try {
    if (session.nodes.get(node) === null) return { outcome: 'not-found', reason: 'node' };
    let removed: IssueSuppression | null = null;
    await curator.updateAnnotations(session, node, consent, (current) => {
      const list: unknown[] = Array.isArray(current.issueSuppressions) ? current.issueSuppressions : [];
      const at = list.findIndex((e) => sameKey(e, analyzer, value));
      if (at < 0) return null;
      removed = entriesOf({ issueSuppressions: [list[at]] })[0] ?? null;
      return withEntries(current, [...list.slice(0, at), ...list.slice(at + 1)]);
    });
    if (removed === null) return { outcome: 'not-found', reason: 'entry' };
    const taken: IssueSuppression = removed;
    ctx.opsLog.append({
      op: 'issues.undismiss',
      target: node,
      channel: ctx.channel,
      outcome: 'ok',
      detail: `analyzer=${taken.analyzer} value=${taken.value}`,
    });
    return { outcome: 'unsuppressed', removed: taken };
  } finally {
    session.close();
  }
}
