import type { FindingSuppression } from '@skill-map/spec';
import type { FindingRecord } from '../../adapters/sqlite/findings/port.js';
import type { StateSession } from '../../adapters/sqlite/state-session.js';
import type { EngineContext } from '../context.js';
import { EngineError } from '../errors.js';
import { isSuppressed, suppressionsOf } from './lens.js';
import { optionalText, withRead } from './session.js';
import type { FindingsView, FindingsViewInput, ListFindingsInput, ViewFinding } from './types.js';

function query(input: { node?: string; extension?: string }): { node?: string; extension?: string } {
  const node = optionalText('node', input.node);
  const extension = optionalText('extension', input.extension);
  return { ...(node === undefined ? {} : { node }), ...(extension === undefined ? {} : { extension }) };
}

/**
 * The raw findings read (MCP `list_findings`, `GET /api/findings`): rows of `state_findings` with the derived
 * `stale`, ordered by node, extension, id; stale rows excluded unless `includeStale`. No suppression lens and no
 * hiding of fixed or dismissed rows. No database: [].
 */
export function listFindings(ctx: EngineContext, input: ListFindingsInput = {}): FindingRecord[] {
  const q = query(input);
  return withRead(ctx, [], ({ findings }) =>
    findings.list(q).filter((f) => input.includeStale === true || !f.stale),
  );
}

/** The class suppressions of every node the rows belong to, from the annotations mirror (one query). */
function suppressionsByNode(
  session: StateSession,
  node: string | undefined,
): Map<string, FindingSuppression[]> {
  const byNode = new Map<string, FindingSuppression[]>();
  for (const { path, annotations } of session.nodes.listAnnotated()) {
    if (node !== undefined && path !== node) continue;
    const entries = suppressionsOf(annotations);
    if (entries.length > 0) byNode.set(path, entries);
  }
  return byNode;
}

/**
 * The default view (CLI `sm findings`, REST node findings): open and human-decision findings, stale ones inline
 * (flagged), hiding dismissed ones (row grain, or covered by a class suppression of the node: a read-time lens,
 * rows are never deleted) and fixed ones, always reporting how many were hidden. `dismissed` / `fixed` show
 * them too; `stale` keeps only stale findings. A `node` the map does not know and no finding names is
 * `not-found`; no database is an empty view.
 */
export function findingsView(ctx: EngineContext, input: FindingsViewInput = {}): FindingsView {
  const q = query(input);
  const empty: FindingsView = { findings: [], dismissedExcluded: 0, fixedExcluded: 0 };
  return withRead(ctx, empty, ({ session, findings: store }) => {
    const rows = store.list(q);
    if (q.node !== undefined && rows.length === 0 && session.nodes.get(q.node) === null)
      throw new EngineError('not-found', `no node at '${q.node}'`, { details: { node: q.node } });
    const lens = suppressionsByNode(session, q.node);
    const shown: ViewFinding[] = [];
    let dismissedExcluded = 0;
    let fixedExcluded = 0;
    for (const row of rows) {
      if (input.stale === true && !row.stale) continue;
      const suppressed = isSuppressed(row, lens.get(row.nodeId) ?? []);
      if (row.resolution === 'fixed') {
        if (input.fixed === true) shown.push({ ...row, suppressed });
        else fixedExcluded += 1;
      } else if (row.resolution === 'dismissed' || suppressed) {
        if (input.dismissed === true) shown.push({ ...row, suppressed });
        else dismissedExcluded += 1;
      } else shown.push({ ...row, suppressed });
    }
    return { findings: shown, dismissedExcluded, fixedExcluded };
  });
}
