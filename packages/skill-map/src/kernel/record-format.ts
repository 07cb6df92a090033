// The compact FileRecord format: what a record leaves out and how readers restore it. analyzeFile writes records with
// the encoder side (link-collector.ts, node-file.ts); buildGraph reads them with the helpers below (inlined by hand on
// its hot path, with the same rules). `expandRecord` (record-expand.ts) gives the full, self-describing view (tests, debugging).
import type { LinkKind, LinkOccurrence, Node, SizeTriple, SourceLocation } from '@skill-map/spec';
import { BUILTIN_EXTRACTORS } from './extractors/registry.js';
import { KIND_IDENTIFIERS } from './providers/provider.js';
import type { FileRecord, FileRole, NodeIdentifier, RawLink, RecordNode } from './types.js';
import { normalizeTrigger } from './util/normalize-trigger.js';
import { basename, dirname, stem } from './util/posix-path.js';

/** sha256 hex of the empty string: the frontmatter hash of a node without frontmatter. */
export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** Provider of a {@link RecordNode} without `provider`. */
export const DEFAULT_NODE_PROVIDER = 'core/markdown';

/** What each built-in extractor's links are: a {@link RawLink} leaves `kind` and `pathStyle` out when they match. */
export const EXTRACTOR_EMITS: ReadonlyMap<string, { kind: LinkKind; pathStyle: boolean }> = new Map(
  BUILTIN_EXTRACTORS.flatMap((e) => (e.emits === undefined ? [] : [[e.id, e.emits] as const])),
);

/** The role of a record (`node` when absent). */
export function recordRole(record: FileRecord): FileRole {
  return record.role ?? 'node';
}

/** Extractor of a {@link RawLink} or {@link RawOccurrence} without `by`. */
export const DEFAULT_EXTRACTOR = 'core/markdown-link';

/** The directory a record's link targets have their local form against (the source file's directory). */
export const linkBaseDir = dirname;

/** The extractor of a link or occurrence. */
export function rawLinkBy(link: { by?: string }): string {
  return link.by ?? DEFAULT_EXTRACTOR;
}

/** A link's kind. */
export function rawLinkKind(link: RawLink): LinkKind {
  return link.kind ?? EXTRACTOR_EMITS.get(rawLinkBy(link))!.kind;
}

/** Whether a link is path-style. */
export function rawLinkPathStyle(link: RawLink): boolean {
  return link.pathStyle ?? EXTRACTOR_EMITS.get(rawLinkBy(link))!.pathStyle;
}

/**
 * The local form of a path-style target: relative to the source directory `dir` when the target lies below it (the
 * target itself when `dir` is the scope root), else null.
 */
export function localForm(target: string, dir: string): string | null {
  if (dir === '') return target;
  return target.length > dir.length + 1 && target.charCodeAt(dir.length) === 47 && target.startsWith(dir)
    ? target.slice(dir.length + 1)
    : null;
}

/** The authored trigger of a link (null for path-style links). */
export function rawLinkTrigger(link: RawLink, pathStyle: boolean): string | null {
  return link.trigger !== undefined ? link.trigger : pathStyle ? null : link.target;
}

/** The authored text of a link of the record in `dir`. */
export function rawLinkRaw(link: RawLink, dir: string, pathStyle: boolean): string {
  if (link.raw !== undefined) return link.raw;
  return pathStyle ? (localForm(link.target, dir) ?? link.target) : link.target;
}

/** The bare authored path of a link of the record in `dir`, or null. */
export function rawLinkBare(link: RawLink, dir: string, pathStyle: boolean): string | null {
  if (link.bare !== undefined) return link.bare;
  return pathStyle ? localForm(link.target, dir) : null;
}

/** The root-relative fallback target of a link of the record in `dir`, or null. */
export function rawLinkFallback(link: RawLink, dir: string, pathStyle: boolean): string | null {
  const f = link.fallback;
  return f === undefined ? null : f === true ? rawLinkBare(link, dir, pathStyle) : f;
}

/** The extractors that found a link, sorted. */
export function rawLinkSources(link: RawLink): string[] {
  const first = rawLinkBy(link);
  const more = link.more;
  if (more === undefined) return [first];
  const ids = [first];
  for (const o of more) {
    const by = rawLinkBy(o);
    if (!ids.includes(by)) ids.push(by);
  }
  return ids.sort();
}

/** The link's location object. */
export function rawLinkLocation(link: RawLink): SourceLocation {
  const at = link.at;
  return { line: at[0], column: at[1], offset: at[2] };
}

/** Every occurrence of a link, in order (`location` is shared with the first one). */
export function rawLinkOccurrences(
  link: RawLink,
  trigger: string | null,
  location: SourceLocation,
): LinkOccurrence[] {
  if (link.occurrences !== undefined) return link.occurrences;
  const first: LinkOccurrence = {
    extractor: rawLinkBy(link),
    originalTrigger: trigger,
    context: link.ctx ?? null,
    location,
  };
  const more = link.more;
  if (more === undefined) return [first];
  const out = [first];
  for (const o of more) {
    out.push({
      extractor: rawLinkBy(o),
      originalTrigger: trigger,
      context: o.ctx ?? null,
      location: { line: o.at[0], column: o.at[1], offset: o.at[2] },
    });
  }
  return out;
}

/** True when every occurrence of a link sits in code (inline spans or fenced blocks). */
export function rawLinkAllInCode(link: RawLink): boolean {
  if (link.occurrences !== undefined)
    return link.occurrences.every((o) => o.context === 'code-block' || o.context === 'inline-code');
  if (link.ctx !== 'code-block' && link.ctx !== 'inline-code') return false;
  const more = link.more;
  if (more === undefined) return true;
  for (const o of more) if (o.ctx !== 'code-block' && o.ctx !== 'inline-code') return false;
  return true;
}

/** The handles a node answers to, per its kind's declared identifiers (derived, never stored). */
export function identifiersOf(
  path: string,
  kind: string,
  frontmatter: Record<string, unknown> | null | undefined,
): NodeIdentifier[] {
  const out: NodeIdentifier[] = [];
  for (const via of KIND_IDENTIFIERS[kind] ?? ['filename-basename']) {
    let raw: string | null = null;
    if (via === 'frontmatter.name') {
      const name = frontmatter?.['name'];
      if (typeof name === 'string') raw = name;
    } else if (via === 'filename-basename') raw = stem(path);
    else if (via === 'dirname') {
      const dir = dirname(path);
      if (dir !== '') raw = basename(dir);
    }
    if (raw === null) continue;
    const handle = normalizeTrigger(raw);
    if (handle === '') continue;
    let seen = false;
    for (const i of out) if (i.handle === handle) seen = true;
    if (!seen) out.push({ handle, via });
  }
  return out;
}

/** A record node's byte sizes as the spec's `bytes` triple. */
export function sizeTriple(node: RecordNode): SizeTriple {
  const head = node.headBytes ?? 0;
  return { frontmatter: head, body: node.bytes - head, total: node.bytes };
}

/**
 * The spec node of a record (link counts 0, no sidecar overlay), with keys in the order analyzeFile always produced:
 * path, kind, provider, bodyHash, frontmatterHash, bytes, modifiedAtMs, counts, then frontmatter and externalRefs.
 * `bytes` may be passed in (the graph shares one triple per record across rebuilds).
 */
export function expandNode(
  path: string,
  contentHash: string,
  node: RecordNode,
  bytes: SizeTriple = sizeTriple(node),
): Node {
  const out: Node = {
    path,
    kind: node.kind,
    provider: node.provider ?? DEFAULT_NODE_PROVIDER,
    bodyHash: node.bodyHash ?? contentHash,
    frontmatterHash: node.frontmatterHash ?? EMPTY_SHA256,
    bytes,
    modifiedAtMs: node.modifiedAtMs,
    linksOutCount: 0,
    linksInCount: 0,
    externalRefsCount: node.externalRefs === undefined ? 0 : node.externalRefs.length,
  };
  if (node.frontmatter !== undefined) out.frontmatter = node.frontmatter;
  if (node.externalRefs !== undefined) out.externalRefs = node.externalRefs;
  return out;
}

/** True when two links share an identity: kind, target and normalised trigger. */
function sameIdentity(a: RawLink, b: RawLink): boolean {
  if (a.target !== b.target || rawLinkKind(a) !== rawLinkKind(b)) return false;
  const ta = rawLinkTrigger(a, rawLinkPathStyle(a));
  const tb = rawLinkTrigger(b, rawLinkPathStyle(b));
  return ta === tb || (ta === null ? '' : normalizeTrigger(ta)) === (tb === null ? '' : normalizeTrigger(tb));
}

/**
 * True when a record's node and links are a function of the record alone: it has a node, and no two of its links share
 * an identity (kind, target, normalised trigger). Links always belong to the record's own path (they carry no source).
 * Storage uses this to fingerprint persisted rows by record identity. analyzeFile's records always pass (its collector
 * dedupes on that identity); the check guards records built elsewhere.
 */
export function isSelfContainedRecord(record: FileRecord): boolean {
  if (record.node === null) return false;
  const links = record.links;
  if (links === undefined || links.length < 2) return true;
  if (links.length <= 16) {
    for (let i = 1; i < links.length; i++)
      for (let j = 0; j < i; j++) if (sameIdentity(links[i]!, links[j]!)) return false;
    return true;
  }
  const seen = new Set<string>();
  for (const l of links) {
    const trigger = rawLinkTrigger(l, rawLinkPathStyle(l));
    const id = `${rawLinkKind(l)}\0${l.target}\0${trigger === null ? '' : normalizeTrigger(trigger)}`;
    if (seen.has(id)) return false;
    seen.add(id);
  }
  return true;
}
