import { ANALYZER_CATALOG, resolveAnalyzerId } from '../../kernel/analyzers/catalog.js';
import { suggest } from '../../kernel/util/suggest.js';
import type { EngineContext } from '../context.js';
import { EngineError } from '../errors.js';
import type { Consent } from '../sidecars/port.js';
import { createSidecarCurator } from '../sidecars/curator.js';
import { optionalText, requireText, sameKey, withEntries } from './entry.js';

/** `dismiss_issue` input (MCP field names; the CLI and REST build the same object). */
export interface DismissInput {
  node: string;
  analyzer: string;
  value: string;
  note?: string;
}

/** What a dismiss did. */
export interface DismissOutcome {
  outcome: 'suppressed' | 'already-suppressed';
  /** The `scan_issues` rows the suppression covered and deleted now. */
  deletedIssues: number;
}

function checkAnalyzer(analyzer: string): void {
  const entry = resolveAnalyzerId(analyzer);
  if (entry === null) {
    const ids = [...new Set(ANALYZER_CATALOG.flatMap((e) => [e.id, e.shortId]))];
    const near = suggest(analyzer.trim(), ids);
    throw new EngineError(
      'unknown-analyzer',
      `unknown analyzer '${analyzer}'${near.length > 0 ? ` (did you mean ${near.slice(0, 3).join(', ')}?)` : ''}; ` +
        '`sm check --analyzers` lists the analyzers',
      { details: { argument: 'analyzer', analyzer, suggestions: near.slice(0, 3) } },
    );
  }
  if (!entry.suppressible)
    throw new EngineError(
      'invalid-input',
      `analyzer '${entry.id}' emits no value-carrying issues (no data.target), so its issues cannot be dismissed`,
      { details: { argument: 'analyzer', analyzer } },
    );
}

/**
 * Suppresses the issues of `analyzer` whose `data.target` is `value` on `node` (spec §6): the analyzer is checked
 * against the live catalog and consent decided BEFORE anything is opened; then the entry is merged into the
 * node's sidecar (idempotent), the mirror refreshed and the covered `scan_issues` rows deleted at once.
 */
export async function dismissIssue(
  ctx: EngineContext,
  input: DismissInput,
  consent: Consent,
): Promise<DismissOutcome> {
  const node = requireText('node', input.node);
  const analyzer = requireText('analyzer', input.analyzer).trim();
  const value = requireText('value', input.value);
  const note = optionalText('note', input.note);
  checkAnalyzer(analyzer);
  const curator = createSidecarCurator(ctx);
  curator.assertConsent(consent);
  const session = ctx.openSession('write');
  if (session === null) throw new EngineError('db-missing', 'no project database; run `sm scan` first');
  try {
    let already = false;
    await curator.updateAnnotations(session, node, consent, (current) => {
      const list: unknown[] = Array.isArray(current.issueSuppressions) ? current.issueSuppressions : [];
      if (list.some((e) => sameKey(e, analyzer, value))) {
        already = true;
        return null;
      }
      return withEntries(current, [...list, { analyzer, value, ...(note === undefined ? {} : { note }) }]);
    });
    const deletedIssues = session.transaction(() =>
      session.nodes.deleteSuppressedIssues({ nodePath: node, analyzer, value }),
    );
    if (!already || deletedIssues > 0)
      ctx.opsLog.append({
        op: 'issues.dismiss',
        target: node,
        channel: ctx.channel,
        outcome: 'ok',
        detail: `analyzer=${analyzer} value=${value} rows=${deletedIssues}`,
      });
    return { outcome: already ? 'already-suppressed' : 'suppressed', deletedIssues };
  } finally {
    session.close();
  }
}
