// What the whole-graph checks read of one record: when a changed record's signature is unchanged, their stored issues
// still hold, so a stored scan may be patched in place (graph/record-patch.ts); otherwise the caller builds it whole.
import type { Link } from '@skill-map/spec';
import type { Assembled } from '../../graph/assemble.js';
import type { FileRecord } from '../../types.js';
import { folderOf, skillFolderOf } from './node-unreachable.js';

const INVOKERS = new Set(['agent', 'command', 'skill', 'workflow']);

/**
 * The record's frontmatter identity (and body hash when it has a sidecar) plus every resolved link a whole-graph check may read: invocations between
 * agents, commands, skills and workflows, `@imports`, MCP tool references, links into (or out of) skill resources and
 * links to folders or globs, with their locations (issues locate themselves in `data`).
 */
export function wholeGraphSignature(record: FileRecord, links: readonly Link[], g: Assembled): string {
  const node = record.node;
  const kindOf = (path: string | null | undefined): string =>
    path === null || path === undefined ? '' : (g.byPath.get(path)?.kind ?? '');
  const resource = (path: string | null | undefined): boolean =>
    path !== null &&
    path !== undefined &&
    kindOf(path) === 'markdown' &&
    skillFolderOf(path, g.skillDirs) !== null;
  const sourceKind = node?.kind ?? '';
  const fromResource = sourceKind === 'markdown' && skillFolderOf(record.path, g.skillDirs) !== null;
  const kept: unknown[] = [];
  for (const l of links) {
    const to = l.resolvedTarget;
    const relevant =
      fromResource ||
      (l.kind === 'invokes' && INVOKERS.has(sourceKind) && INVOKERS.has(kindOf(to))) ||
      l.sources.includes('core/at-file') ||
      l.target.startsWith('mcp://') ||
      resource(to) ||
      ((l.trigger === null || l.trigger === undefined) && folderOf(l.target) !== null);
    if (!relevant) continue;
    const contexts = (l.occurrences ?? []).map((o) => o.context);
    kept.push([l.target, l.kind, to ?? null, l.raw ?? null, l.location?.line, l.location?.column, contexts]);
  }
  // A node with a sidecar: its body hash decides annotation-stale.
  const body = g.sidecars.has(record.path) ? (node?.bodyHash ?? record.contentHash) : '';
  return JSON.stringify([node?.frontmatterHash ?? '', (node?.headBytes ?? 0) > 0, body, kept]);
}
