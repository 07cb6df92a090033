// What the graph stage derives from one record on its own (identifiers, the node's size triple, each link's
// occurrences and trigger), built once per record object and reused by every later buildGraph over the same record: a
// long-running process (watcher, `sm serve`) rebuilds with mostly the same record objects, so a rebuild allocates
// little beyond the nodes and Link objects it returns, and a one-shot build allocates what its Links need anyway.
// Kept in a WeakMap: records are never mutated (by contract, the kernel's and the caller's), and a record nobody holds
// any more takes its entry with it.
import type { LinkOccurrence, LinkTrigger, SizeTriple } from '@skill-map/spec';
import { identifiersOf, linkBaseDir, sizeTriple } from '../record-format.js';
import type { FileRecord, NodeIdentifier } from '../types.js';
import { normalizeTrigger } from '../util/normalize-trigger.js';

/** What buildGraph derives from one record alone (filled in by the first build that needs each part). */
export interface PreparedRecord {
  /** The record's directory (for the local form of its link targets). */
  dir: string;
  /**
   * Per raw link (same index): its occurrences, output-ready (the first one's `location` is the link's location);
   * null until the first build resolves the record's links. Shared, read-only, by the Links of every build.
   */
  occurrences: LinkOccurrence[][] | null;
  /** Per raw link: its trigger object (shared by links with the same trigger), or null when none has a trigger. */
  triggers: (LinkTrigger | null)[] | null;
  /** Node identifiers (empty for records without a node). */
  identifiers: NodeIdentifier[];
  /** The node's size triple (null without a node). */
  bytes: SizeTriple | null;
}

const SINGLE_SOURCES = new Map<string, string[]>();

/** The frozen one-element `sources` array of links only `extractor` found (shared by every such link). */
export function singleSources(extractor: string): string[] {
  let list = SINGLE_SOURCES.get(extractor);
  if (list === undefined) {
    list = Object.freeze([extractor]) as unknown as string[];
    if (SINGLE_SOURCES.size < 256) SINGLE_SOURCES.set(extractor, list);
  }
  return list;
}

const CACHE = new WeakMap<FileRecord, PreparedRecord>();

/** Trigger objects by authored trigger, shared by every link with that trigger (bounded; read-only). */
const TRIGGERS = new Map<string, LinkTrigger>();

/** The shared, frozen trigger object of `trigger`. */
export function triggerObject(trigger: string): LinkTrigger {
  let t = TRIGGERS.get(trigger);
  if (t === undefined) {
    if (TRIGGERS.size >= 100_000) TRIGGERS.clear();
    t = Object.freeze({ originalTrigger: trigger, normalizedTrigger: normalizeTrigger(trigger) });
    TRIGGERS.set(trigger, t);
  }
  return t;
}

/** The prepared form of `record` (created on first use, then cached for the record object's lifetime). */
export function prepareRecord(record: FileRecord): PreparedRecord {
  let prepared = CACHE.get(record);
  if (prepared !== undefined) return prepared;
  const node = record.node;
  let bytes: SizeTriple | null = null;
  let identifiers: NodeIdentifier[] = [];
  if (node !== null) {
    bytes = sizeTriple(node);
    identifiers = identifiersOf(record.path, node.kind, node.frontmatter);
  }
  prepared = { dir: linkBaseDir(record.path), occurrences: null, triggers: null, identifiers, bytes };
  CACHE.set(record, prepared);
  return prepared;
}
