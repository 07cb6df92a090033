// A fix plan as a SARIF 2.1.0 `fix` object (§3.55): the description, the file and its replacements, regions in the
// 1-based line/column (UTF-16 code units) of the text the plan was made from. SARIF has no "safe to apply" flag:
// `properties.certain` says whether `sm check --fix` applies it.
import type { FixPlan } from './types.js';

/** A SARIF region of a replacement (end exclusive, as SARIF counts). */
export interface SarifRegion {
  readonly startLine: number;
  readonly startColumn: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/** Maps UTF-16 offsets of `text` to 1-based line and column. */
function positionsOf(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  };
}

/** The SARIF `fix` of `plan`, with regions computed on `text` (the text the plan was made from). */
export function toSarifFix(plan: FixPlan, text: string): Record<string, unknown> {
  const at = positionsOf(text);
  const replacements = plan.edits.map((e) => {
    const start = at(e.start);
    const end = at(e.end);
    const deletedRegion: SarifRegion = {
      startLine: start.line,
      startColumn: start.column,
      endLine: end.line,
      endColumn: end.column,
    };
    return { deletedRegion, insertedContent: { text: e.newText } };
  });
  return {
    description: { text: plan.title },
    artifactChanges: [
      { artifactLocation: { uri: encodeURI(plan.path), uriBaseId: '%SRCROOT%' }, replacements },
    ],
    properties: { certain: plan.certain, basis: plan.basis },
  };
}
