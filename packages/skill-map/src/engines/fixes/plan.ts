// planFixes: issues in, fix plans out. Pure: every file text, rename and path comes from the caller.
import type { Issue } from '@skill-map/spec';
import { sha256Hex } from '../../kernel/util/sha256.js';
import { brokenRewrites, rewriteEdits } from './plan-broken.js';
import { planNameMismatch, planToolName } from './plan-frontmatter.js';
import type { FixBasis, FixEdit, FixPlan, PlanFixesInput } from './types.js';

/** A plan before its file's hash is stamped on it. */
export interface DraftPlan {
  readonly path: string;
  readonly title: string;
  readonly certain: boolean;
  readonly basis: FixBasis;
  readonly edits: readonly FixEdit[];
}

/** Plans for one issue, given the text of the file it edits. */
type Planner = (issue: Issue, text: (path: string) => string | null, input: PlanFixesInput) => DraftPlan[];

const planBroken: Planner = (issue, text, input) => {
  const index = issue.linkIndices?.[0];
  const link = index === undefined ? undefined : input.links?.[index];
  if (link === undefined) return [];
  const source = text(link.source);
  if (source === null) return [];
  const exists = (p: string): boolean => input.paths?.has(p) ?? text(p) !== null;
  const rewrites = brokenRewrites(issue, link, { renames: input.renames, paths: input.paths, exists });
  return rewrites.flatMap((rw) => {
    const edits = rewriteEdits(source, rw);
    if (edits.length === 0) return [];
    const title = `Write '${rw.written}' instead of '${rw.authored}'`;
    return [{ path: link.source, title, certain: rw.certain, basis: rw.basis, edits }];
  });
};

/** A planner for an issue on its node's own file. */
const onNode =
  (plan: (issue: Issue, text: string, path: string) => DraftPlan[]): Planner =>
  (issue, text) => {
    const path = issue.nodeIds[0];
    const current = path === undefined ? null : text(path);
    return path === undefined || current === null ? [] : plan(issue, current, path);
  };

const PLANNERS: Readonly<Record<string, Planner>> = {
  'reference-broken': planBroken,
  'name-mismatch': onNode(planNameMismatch),
  'tool-unknown': onNode(planToolName),
};

/**
 * Plans fixes for `issues` from texts the caller supplies (no I/O): certain plans are the ones `sm check --fix`
 * applies, the others are suggestions. An issue no planner knows, or whose text is not where the scan saw it, gets
 * no plan. Plans come in issue order.
 */
export function planFixes(input: PlanFixesInput): FixPlan[] {
  const hash = input.hash ?? sha256Hex;
  const cache = new Map<string, string | null>();
  const text = (path: string): string | null => {
    if (!cache.has(path)) cache.set(path, input.texts(path));
    return cache.get(path) ?? null;
  };
  const plans: FixPlan[] = [];
  input.issues.forEach((issue, issueIndex) => {
    const planner = PLANNERS[issue.analyzerId];
    if (planner === undefined) return;
    for (const draft of planner(issue, text, input)) {
      const current = text(draft.path);
      if (current === null || draft.edits.length === 0) continue;
      plans.push({
        analyzerId: issue.analyzerId,
        nodeId: issue.nodeIds[0] ?? draft.path,
        path: draft.path,
        title: draft.title,
        certain: draft.certain,
        sha256: hash(current),
        edits: draft.edits,
        basis: draft.basis,
        issueIndex,
      });
    }
  });
  return plans;
}

/** `text` with `edits` applied (they must not overlap; any order). */
export function applyEdits(text: string, edits: readonly FixEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const e of sorted) {
    if (e.start < at || e.end < e.start || e.end > text.length)
      throw new RangeError(`fix edit [${e.start}, ${e.end}) overlaps another or leaves the text`);
    out += text.slice(at, e.start) + e.newText;
    at = e.end;
  }
  return out + text.slice(at);
}
