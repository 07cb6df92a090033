import type { Issue, IssueSuppression } from '@skill-map/spec';

/** A confidence adjustment an analyzer attaches to the issue it emits (folded in emission order, clamped to [0,1]). */
export interface ConfidenceOp {
  link: number;
  op: 'set' | 'delta' | 'floor' | 'ceil';
  value: number;
}

/** Where analyzers emit issues; suppression is applied here, at emission time. */
export interface IssueSink {
  /** Emits `issue` unless a sidecar suppression on one of its nodes matches; returns whether it was emitted. */
  emit(issue: Issue, adjust?: ConfidenceOp | readonly ConfidenceOp[]): boolean;
  /** Adjusts a link's confidence without an issue (an unresolved mention that is not worth reporting). */
  adjust(op: ConfidenceOp): void;
}

/** The short form of an analyzer id (`core/reference-broken` → `reference-broken`). */
export function shortAnalyzerId(id: string): string {
  return id.slice(id.lastIndexOf('/') + 1);
}

/** True when a suppression entry covers `issue` (analyzer qualified-or-short, value exact on `data.target`). */
export function suppressionMatches(entry: IssueSuppression, issue: Issue): boolean {
  const target = issue.data?.target;
  return (
    typeof target === 'string' &&
    entry.value === target &&
    shortAnalyzerId(entry.analyzer) === issue.analyzerId
  );
}

/**
 * Creates a sink that drops suppressed issues (and their penalties) and records the rest. `confidences` holds the
 * adjusted links only (link index → confidence); a link absent from it keeps the 1.0 baseline. (The files' inline
 * suppressions apply to the whole issue list after the analyzers: build-graph.ts `applyInline`.)
 */
export function createIssueSink(
  suppressions: ReadonlyMap<string, readonly IssueSuppression[]>,
  confidences: Map<number, number>,
): IssueSink & { issues: Issue[]; suppressed: number } {
  const state = {
    issues: [] as Issue[],
    suppressed: 0,
    emit(issue: Issue, adjustments?: ConfidenceOp | readonly ConfidenceOp[]): boolean {
      if (issue.data?.target !== undefined) {
        for (const nodeId of issue.nodeIds) {
          if (suppressions.get(nodeId)?.some((e) => suppressionMatches(e, issue)) === true) {
            state.suppressed++;
            return false;
          }
        }
      }
      state.issues.push(issue);
      const list = adjustments === undefined ? [] : 'link' in adjustments ? [adjustments] : adjustments;
      for (const op of list) state.adjust(op);
      return true;
    },
    adjust(adjust: ConfidenceOp): void {
      const c = confidences.get(adjust.link) ?? 1;
      const next =
        adjust.op === 'set'
          ? adjust.value
          : adjust.op === 'delta'
            ? c + adjust.value
            : adjust.op === 'floor'
              ? Math.max(c, adjust.value)
              : Math.min(c, adjust.value);
      confidences.set(adjust.link, Math.min(1, Math.max(0, Math.round(next * 1e6) / 1e6)));
    },
  };
  return state;
}
