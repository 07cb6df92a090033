import type { Link } from '@skill-map/spec';
import type { Analyzer } from './analyzer.js';
import { judgeBroken, type BrokenVerdict } from './broken-reason.js';
import { compileIgnoredReferences } from './ignored-references.js';
import { authoredPath, lookedFor } from './path-lookup.js';

export { isCodeShapedMention } from './broken-reason.js';

/**
 * `Broken <kind> link '<as authored>': no such file <where it was looked for> (<why>; did you mean '<path>'?)`, or
 * `Unresolved <kind> mention ...` below error severity (triggers: the trigger text).
 */
function brokenMessage(
  link: Link,
  authored: string | null,
  v: BrokenVerdict,
  skillDirs: ReadonlySet<string>,
): string {
  const meant = v.fix ?? v.didYouMean;
  const hint = meant === null ? '' : `; did you mean '${meant}'?`;
  const what = v.severity === 'error' ? `Broken ${link.kind} link` : `Unresolved ${link.kind} mention`;
  if (authored !== null)
    return `${what} '${authored}': no such file ${lookedFor(link, authored, skillDirs)} (${v.why}${hint})`;
  const raw = link.raw !== undefined && link.raw !== link.target ? ` (authored as ${link.raw})` : '';
  return `${what} '${link.target}'${raw} (${v.why}${hint})`;
}

/**
 * `core/reference-broken` (score): a link that resolves to no node, no name and no file on disk → penalty to 0.25.
 * `error` for explicit links and imports and for mentions that are clearly references; `info` for mentions that are
 * not; nothing for text in fenced code and code-shaped `@Token`s (see broken-reason.ts).
 */
export const referenceBrokenAnalyzer: Analyzer = {
  id: 'core/reference-broken',
  phase: 'score',
  severity: 'varies',
  suppressible: true,
  description: 'Dangling reference: the target matches no node, no name and no file on disk.',
  run(view, sink) {
    const ignored = compileIgnoredReferences(view.settings.ignoredReferences ?? []);
    for (const i of view.broken) {
      const link = view.links[i]!;
      if (ignored(link.target)) continue;
      const authored = authoredPath(link);
      const v = judgeBroken(link, authored, view.graph, view.existingPaths);
      // Not a reference (fenced code, a code-shaped `@Token`): no issue, but the unresolved link is still doubtful.
      if (v === null) {
        sink.adjust({ link: i, op: 'delta', value: -0.75 });
        continue;
      }
      const data: Record<string, unknown> = { target: link.target, kind: link.kind, reason: v.reason };
      if (v.didYouMean !== null) data['didYouMean'] = v.didYouMean;
      const fix =
        v.fix === undefined || authored === null
          ? undefined
          : { hint: `write '${v.fix}' instead of '${authored}'`, replace: authored, with: v.fix };
      sink.emit(
        {
          analyzerId: 'reference-broken',
          severity: v.severity,
          nodeIds: [link.source],
          message: brokenMessage(link, authored, v, view.graph.skillDirs),
          linkIndices: [i],
          // `fix` before `data`: the order a stored issue is read back in.
          ...(fix === undefined ? {} : { fix }),
          data,
        },
        { link: i, op: 'delta', value: -0.75 },
      );
    }
  },
};
