// The expanded views of a compact record: every default and derived field spelled out (the pre-compact shape), for
// tests and debugging. Nothing on a scan's path uses them.
import type { LinkKind, LinkOccurrence, LinkTrigger, Node, SourceLocation } from '@skill-map/spec';
import {
  expandNode,
  identifiersOf,
  linkBaseDir,
  rawLinkBare,
  rawLinkFallback,
  rawLinkKind,
  rawLinkLocation,
  rawLinkOccurrences,
  rawLinkPathStyle,
  rawLinkRaw,
  rawLinkSources,
  rawLinkTrigger,
  recordRole,
} from './record-format.js';
import type { FileRecord, FileRole, NodeIdentifier, ParsedSidecar, RawLink } from './types.js';
import { normalizeTrigger } from './util/normalize-trigger.js';

/** A {@link RawLink} with every field spelled out (the pre-compact shape), for tests and debugging. */
export interface ExpandedLink {
  source: string;
  target: string;
  kind: LinkKind;
  sources: string[];
  trigger: LinkTrigger | null;
  location: SourceLocation;
  raw: string;
  occurrences: LinkOccurrence[];
  pathStyle: boolean;
  fallbackTarget: string | null;
  bareDest: string | null;
  resolveKinds: string[] | null;
  speculative: boolean;
}

/** A {@link FileRecord} with every default and derived field spelled out. */
export interface ExpandedRecord {
  path: string;
  contentHash: string;
  cacheKey: string;
  role: FileRole;
  node: Node | null;
  identifiers: NodeIdentifier[];
  virtualNodes: Node[];
  links: ExpandedLink[];
  issues: FileRecord['issues'] & {};
  sidecar: ParsedSidecar | null;
  pluginNames: string[];
}

/** Expands one raw link of the record at `source`. */
export function expandLink(source: string, link: RawLink): ExpandedLink {
  const dir = linkBaseDir(source);
  const pathStyle = rawLinkPathStyle(link);
  const trigger = rawLinkTrigger(link, pathStyle);
  const location = rawLinkLocation(link);
  return {
    source,
    target: link.target,
    kind: rawLinkKind(link),
    sources: rawLinkSources(link),
    trigger:
      trigger === null ? null : { originalTrigger: trigger, normalizedTrigger: normalizeTrigger(trigger) },
    location,
    raw: rawLinkRaw(link, dir, pathStyle),
    occurrences: rawLinkOccurrences(link, trigger, location),
    pathStyle,
    fallbackTarget: rawLinkFallback(link, dir, pathStyle),
    bareDest: rawLinkBare(link, dir, pathStyle),
    resolveKinds: link.resolveKinds ?? null,
    speculative: link.speculative === true,
  };
}

/** The full view of a record: defaults filled in, node expanded, identifiers and link fields derived. */
export function expandRecord(record: FileRecord): ExpandedRecord {
  const node = record.node === null ? null : expandNode(record.path, record.contentHash, record.node);
  return {
    path: record.path,
    contentHash: record.contentHash,
    cacheKey: record.cacheKey,
    role: recordRole(record),
    node,
    identifiers: node === null ? [] : identifiersOf(record.path, node.kind, node.frontmatter),
    virtualNodes: record.virtualNodes ?? [],
    links: (record.links ?? []).map((l) => expandLink(record.path, l)),
    issues: record.issues ?? [],
    sidecar: record.sidecar ?? null,
    pluginNames: record.pluginNames ?? [],
  };
}
