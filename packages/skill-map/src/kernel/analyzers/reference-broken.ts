import type { Link } from '@skill-map/spec';
import type { Analyzer } from './analyzer.js';
import { compileIgnoredReferences } from './ignored-references.js';
import { authoredPath, lookedFor } from './path-lookup.js';

const JSDOC_TAGS = new Set([
  'param',
  'returns',
  'return',
  'type',
  'throws',
  'example',
  'see',
  'since',
  'deprecated',
  'todo',
  'link',
  'override',
]);

/** `@Token` shaped like code (decorators `@Component`, JSDoc tags `@param`) is reported as `warn`, not `error`. */
export function isCodeShapedMention(target: string): boolean {
  if (!target.startsWith('@')) return false;
  const name = target.slice(1);
  return /^[A-Z]/.test(name) || JSDOC_TAGS.has(name);
}

/** `Broken <kind> link '<as authored>': no such file <where it was looked for>` (triggers: the trigger text). */
function brokenMessage(link: Link, skillDirs: ReadonlySet<string>): string {
  const authored = authoredPath(link);
  if (authored !== null)
    return `Broken ${link.kind} link '${authored}': no such file ${lookedFor(link, authored, skillDirs)}`;
  const raw = link.raw !== undefined && link.raw !== link.target ? ` (authored as ${link.raw})` : '';
  return `Broken ${link.kind} link to '${link.target}'${raw}`;
}

/** `core/reference-broken` (score): a link that resolves to no node, no name and no file on disk → penalty to 0.25. */
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
      const severity = link.kind === 'mentions' && isCodeShapedMention(link.target) ? 'warn' : 'error';
      sink.emit(
        {
          analyzerId: 'reference-broken',
          severity,
          nodeIds: [link.source],
          message: brokenMessage(link, view.graph.skillDirs),
          linkIndices: [i],
          data: { target: link.target, kind: link.kind },
        },
        { link: i, op: 'delta', value: -0.75 },
      );
    }
  },
};
