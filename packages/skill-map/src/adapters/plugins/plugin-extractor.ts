// A plugin's deterministic extractor: `extract(ctx)` runs in the plugin's worker with the node's path and kind, its
// frontmatter and body (as its `scope` allows) and `ctx.emitLink(link)`; the links it emits are checked here and
// handed to the kernel like a built-in extractor's. A bad answer throws: the kernel makes it one extension-error issue.
import { LINK_KINDS, type LinkKind } from '@skill-map/spec';
import type { Extractor, ExtractInput, ExtractSink } from '../../kernel/index.js';
import { joinPath } from '../../kernel/util/posix-path.js';
import { PluginLoadError } from './plugin-errors.js';
import { type Exported, type Invoke } from './export-values.js';

const SCOPES = ['frontmatter', 'body', 'both'] as const;
type Scope = (typeof SCOPES)[number];
/** Links one file may get from one plugin extractor. */
const MAX_LINKS = 1000;

function stringList(v: unknown, what: string, id: string): string[] | null {
  if (v === undefined) return null;
  if (!Array.isArray(v) || v.some((k) => typeof k !== 'string'))
    throw new PluginLoadError(`extractor '${id}': ${what} must be a list of strings`);
  return v as string[];
}

/** The extractor's declared scope, link kinds and node kinds, checked at load. */
function declaration(
  ext: Exported,
  id: string,
): { scope: Scope; kinds: LinkKind[]; applicable: string[] | null } {
  const scope = ext['scope'] ?? 'both';
  if (!(SCOPES as readonly unknown[]).includes(scope))
    throw new PluginLoadError(`extractor '${id}': scope must be one of ${SCOPES.join(', ')}`);
  const declared = stringList(ext['emitsLinkKinds'], 'emitsLinkKinds', id);
  const unknown = declared?.filter((k) => !(LINK_KINDS as readonly string[]).includes(k)) ?? [];
  if (unknown.length > 0)
    throw new PluginLoadError(
      `extractor '${id}': emitsLinkKinds names '${unknown[0]}', not a link kind (${LINK_KINDS.join(', ')})`,
    );
  const applicable = stringList(ext['applicableKinds'], 'applicableKinds', id);
  if (applicable !== null && applicable.length === 0)
    throw new PluginLoadError(`extractor '${id}': applicableKinds, when given, names at least one kind`);
  return { scope: scope as Scope, kinds: (declared ?? [...LINK_KINDS]) as LinkKind[], applicable };
}

/** The emitted links, checked: each `{ target, kind? }` with a kind the extractor declared. */
function linksOf(answer: unknown, kinds: readonly LinkKind[]): Array<{ target: string; kind: LinkKind }> {
  const list = (answer as { links?: unknown } | null)?.links;
  if (!Array.isArray(list)) throw new Error('answered no link list');
  if (list.length > MAX_LINKS)
    throw new Error(`emitted ${list.length} links (at most ${MAX_LINKS} per file)`);
  return list.map((raw, i) => {
    const link = raw as { target?: unknown; kind?: unknown } | null;
    const target = link?.target;
    if (typeof target !== 'string' || target.trim() === '' || target.length > 1024)
      throw new Error(`emitted link #${i} without a target path`);
    const kind = link?.kind ?? 'references';
    if (!(kinds as readonly unknown[]).includes(kind))
      throw new Error(`emitted link #${i} of kind ${JSON.stringify(kind)}, not one of its emitsLinkKinds`);
    return { target: target.trim(), kind: kind as LinkKind };
  });
}

/**
 * A link target from a plugin is a path from the scan root, or from the file's folder when it starts with `./` or
 * `../`; one that leaves the project is a bad answer.
 */
function targetPath(target: string, input: ExtractInput): string {
  const relative = target.startsWith('./') || target.startsWith('../');
  const path = relative ? joinPath(input.dir, target) : joinPath(input.root, target.replace(/^\/+/, ''));
  if (path === '' || path === '..' || path.startsWith('../'))
    throw new Error(`emitted a link to '${target}', outside the project`);
  return path;
}

export function pluginExtractor(ext: Exported, id: string, invoke: Invoke, has: boolean): Extractor {
  if (!has) throw new PluginLoadError(`extractor '${id}' has no extract(ctx)`);
  const { scope, kinds, applicable } = declaration(ext, id);
  return {
    id,
    gate: null,
    emitConfidence: 1,
    isolated: true,
    extract(input: ExtractInput, sink: ExtractSink): void {
      if (applicable !== null && !applicable.includes(input.kind ?? '')) return;
      const body = scope === 'frontmatter' ? '' : input.text.slice(input.bodyOffset ?? 0);
      const frontmatter = scope === 'body' ? {} : (input.frontmatter ?? {});
      const answer = invoke('extract', [
        { node: { path: input.path, kind: input.kind ?? null }, frontmatter, body },
      ]);
      const links = linksOf(answer, kinds).map((l) => ({ ...l, path: targetPath(l.target, input) }));
      for (const link of links) {
        const at = input.text.indexOf(link.target, input.bodyOffset ?? 0);
        sink.link({
          target: link.path,
          kind: link.kind,
          trigger: null,
          raw: link.target,
          offset: at < 0 ? (input.bodyOffset ?? 0) : at,
          context: null,
          pathStyle: true,
          fallbackTarget: null,
        });
      }
    },
  };
}
