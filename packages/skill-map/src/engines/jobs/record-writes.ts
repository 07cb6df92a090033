import type { Node } from '@skill-map/spec';
import type { FindingProvenance, NewFinding } from '../../adapters/sqlite/findings/port.js';
import type { JobStore } from '../../adapters/sqlite/jobs/port.js';
import type { StateSession } from '../../adapters/sqlite/state-session.js';
import type { EngineContext } from '../context.js';
import type { ProbExtension } from '../extensions/types.js';

/** Finding types only the kernel's safety lane may carry (spec §2.6); a finder's rows never use them. */
export const RESERVED_FINDING_TYPES: ReadonlySet<string> = new Set([
  'injection-detected',
  'content-suspicious',
  'content-malformed',
]);

/** The safety lane rows a report's `safety` block calls for (empty when clean). */
export function safetyRows(report: Record<string, unknown>): NewFinding[] {
  const safety = report['safety'] as Record<string, unknown> | undefined;
  if (safety === undefined || typeof safety !== 'object' || safety === null) return [];
  const rows: NewFinding[] = [];
  if (safety['injectionDetected'] === true) {
    const type = typeof safety['injectionType'] === 'string' ? ` (${safety['injectionType']})` : '';
    const details = typeof safety['injectionDetails'] === 'string' ? safety['injectionDetails'] : null;
    rows.push({
      type: 'injection-detected',
      severity: 'warn',
      message: `Prompt injection detected${type}`,
      detail: details,
    });
  }
  const quality = safety['contentQuality'];
  if (quality === 'suspicious')
    rows.push({ type: 'content-suspicious', severity: 'warn', message: 'Content looks suspicious' });
  if (quality === 'malformed')
    rows.push({ type: 'content-malformed', severity: 'warn', message: 'Content looks malformed' });
  return rows;
}

function asFindings(report: Record<string, unknown>): NewFinding[] {
  const list = Array.isArray(report['findings']) ? (report['findings'] as Record<string, unknown>[]) : [];
  return list
    .filter((f) => !RESERVED_FINDING_TYPES.has(String(f['type'])))
    .map((f) => ({
      type: String(f['type']),
      severity: f['severity'] as NewFinding['severity'],
      message: String(f['message']),
      detail: typeof f['detail'] === 'string' ? f['detail'] : null,
      confidence: typeof f['confidence'] === 'number' ? f['confidence'] : null,
    }));
}

function asResolutions(
  report: Record<string, unknown>,
): Array<{ id: number; state: 'fixed' | 'human-decision'; note: string | null }> {
  const list = Array.isArray(report['resolved']) ? (report['resolved'] as Record<string, unknown>[]) : [];
  return list
    .filter((r) => Number.isInteger(r['id']) && (r['state'] === 'fixed' || r['state'] === 'human-decision'))
    .map((r) => ({
      id: r['id'] as number,
      state: r['state'] as 'fixed' | 'human-decision',
      note: typeof r['note'] === 'string' ? r['note'] : null,
    }));
}

/** What the record transaction wrote besides the execution and the transition. */
export interface WriteThroughResult {
  findings: number;
  safety: number;
  resolved: number;
  summary: boolean;
  /** A tagger's proposal (never written; carried on `job.completed`). */
  tagsProposed?: string[];
}

/**
 * The write-throughs of a completed job's validated report (spec §5.4), run inside the record transaction:
 * safety lane, findings replace (finders), fixer resolution stamps, summary upsert. Skipped when the node is gone.
 */
export function applyReport(
  ctx: EngineContext,
  session: StateSession,
  store: JobStore,
  ext: ProbExtension,
  node: Node | null,
  report: Record<string, unknown>,
  p: FindingProvenance,
): WriteThroughResult {
  const out: WriteThroughResult = { findings: 0, safety: 0, resolved: 0, summary: false };
  if (ext.report === 'tags') {
    const tags = Array.isArray(report['tags'])
      ? report['tags'].filter((t): t is string => typeof t === 'string')
      : [];
    out.tagsProposed = tags;
  }
  if (node === null) return out;
  const findings = session.findingsWriteThrough();
  const safety = safetyRows(report);
  if (safety.length > 0) findings.replaceSafetyLane(node.path, safety, p);
  out.safety = safety.length;
  if (ext.report === 'findings')
    out.findings = findings.replaceForExtension(node.path, ext.id, asFindings(report), p).length;
  if (ext.report === 'fixer') {
    const finders = (ext.analyzerIds ?? []).filter((id) => ctx.extensions.get(id) !== undefined);
    out.resolved = findings.stampFixerResolutions(
      node.path,
      ext.id,
      finders,
      asResolutions(report),
      p.generatedAt,
    );
  }
  if (ext.report === 'summary') {
    store.upsertSummary({
      nodeId: node.path,
      summarizerId: ext.id,
      summarizerVersion: ext.version,
      bodyHash: node.bodyHash,
      summaryJson: JSON.stringify(report),
      generatedAt: p.generatedAt,
      jobId: p.jobId,
    });
    out.summary = true;
  }
  return out;
}
