import type { Analyzer } from './analyzer.js';
import { compileIgnoredReferences } from './ignored-references.js';

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
          message: `Broken ${link.kind} link to '${link.target}'${link.raw !== undefined && link.raw !== link.target ? ` (authored as ${link.raw})` : ''}`,
          linkIndices: [i],
          data: { target: link.target, kind: link.kind },
        },
        { link: i, op: 'delta', value: -0.75 },
      );
    }
  },
};
