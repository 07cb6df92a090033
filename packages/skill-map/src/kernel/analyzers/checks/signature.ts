// What the whole-graph checks read of one record, facet by facet (`WholeFacet`): when a changed record's signature of
// a facet is unchanged, the stored issues of that facet's checks still hold, so a stored scan may be patched in place
// (graph/record-patch.ts) re-running only the checks of the facets that moved.
import type { Link } from '@skill-map/spec';
import type { Assembled } from '../../graph/assemble.js';
import { prepareRecord } from '../../graph/prepared.js';
import type { FileRecord } from '../../types.js';
import type { WholeFacet } from '../analyzer.js';
import { folderOf, skillFolderOf } from './node-unreachable.js';
import { AGENTS_MD } from './agents-md-over-limit.js';
import { listedLength } from './listing.js';

const INVOKERS = new Set(['agent', 'command', 'skill', 'workflow']);

/** Every facet, in a fixed order. */
export const WHOLE_FACETS: readonly WholeFacet[] = [
  'node',
  'mcp',
  'skills',
  'imports',
  'invocations',
  'resources',
  'memory',
];

export type FacetSignatures = Readonly<Record<WholeFacet, string>>;

/** What a check may read of a link: target, kind, resolution, text and place (issues locate themselves in `data`). */
const seen = (l: Link): unknown => [
  l.target,
  l.kind,
  l.resolvedTarget ?? null,
  l.raw ?? null,
  l.location?.line,
  l.location?.column,
  (l.occurrences ?? []).map((o) => o.context),
];

const isMcp = (path: string | null | undefined): boolean => path?.startsWith('mcp://') === true;

/**
 * The record's signature per facet, over its resolved `links` in `g`:
 * - `node`: its frontmatter identity, whether it has a frontmatter block, and its body hash when a sidecar annotates it;
 * - `mcp`: its links to `mcp://` servers, and a settings node's frontmatter;
 * - `skills`: an agent's `skills:` list, the names a skill answers to;
 * - `imports`: its `@import` links; `invocations`: its invocations between agents, commands, skills and workflows;
 * - `resources`: its links into skill resources, out of one, or to folders and globs at or inside a skill folder;
 * - `memory`: an AGENTS.md file's size.
 */
export function facetSignatures(record: FileRecord, links: readonly Link[], g: Assembled): FacetSignatures {
  const node = record.node;
  const kindOf = (path: string | null | undefined): string =>
    path === null || path === undefined ? '' : (g.byPath.get(path)?.kind ?? '');
  const resource = (path: string | null | undefined): boolean =>
    path !== null &&
    path !== undefined &&
    kindOf(path) === 'markdown' &&
    skillFolderOf(path, g.skillDirs) !== null;
  // A folder or glob link reaches resources only at or inside a skill folder (node-unreachable's rule).
  const overSkill = (target: string): boolean => {
    const folder = folderOf(target);
    return folder !== null && skillFolderOf(`${folder}/x`, g.skillDirs) !== null;
  };
  const sourceKind = node?.kind ?? '';
  const fromResource = sourceKind === 'markdown' && skillFolderOf(record.path, g.skillDirs) !== null;
  const mcp: unknown[] = [];
  const imports: unknown[] = [];
  const invocations: unknown[] = [];
  const resources: unknown[] = [];
  for (const l of links) {
    const to = l.resolvedTarget;
    if (isMcp(l.target) || isMcp(to)) mcp.push(seen(l));
    if (l.sources.includes('core/at-file')) imports.push(seen(l));
    if (l.kind === 'invokes' && INVOKERS.has(sourceKind) && INVOKERS.has(kindOf(to)))
      invocations.push(seen(l));
    if (
      fromResource ||
      resource(to) ||
      ((l.trigger === null || l.trigger === undefined) && overSkill(l.target))
    )
      resources.push(seen(l));
  }
  const body = g.sidecars.has(record.path) ? (node?.bodyHash ?? record.contentHash) : '';
  // An agent's `skills:` list and a skill's names (preloads), their listed descriptions' length, and whether a skill
  // may be invoked by the model (the listing and the preloads leave it out otherwise).
  const fm = node?.frontmatter;
  const listed = fm === undefined ? 0 : listedLength(fm);
  const skills =
    sourceKind === 'agent'
      ? [fm?.['skills'] ?? null, listed]
      : sourceKind === 'skill'
        ? [
            prepareRecord(record).identifiers.map((i) => i.handle),
            listed,
            fm?.['disable-model-invocation'] === true,
          ]
        : null;
  return {
    node: JSON.stringify([node?.frontmatterHash ?? '', (node?.headBytes ?? 0) > 0, body]),
    mcp: JSON.stringify([sourceKind === 'settings' ? (node?.frontmatterHash ?? '') : '', mcp]),
    skills: JSON.stringify(skills),
    imports: JSON.stringify(imports),
    invocations: JSON.stringify(invocations),
    resources: JSON.stringify(resources),
    memory: AGENTS_MD.test(record.path) && node !== null ? String(node.bytes) : '',
  };
}

/** The facets whose signature differs between `a` and `b`. */
export function movedFacets(a: FacetSignatures, b: FacetSignatures): WholeFacet[] {
  return WHOLE_FACETS.filter((f) => a[f] !== b[f]);
}
