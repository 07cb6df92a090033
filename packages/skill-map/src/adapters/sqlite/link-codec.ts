import type { Link } from '../domain.js';

/**
 * A `scan_links` row stores a link as plain columns instead of its canonical JSON: what the kernel emits for
 * almost every link (one extractor, one occurrence at the link's own location and trigger, the usual key order)
 * fits them exactly, and `shape` says which optional fields are present. Whatever does not fit (several
 * extractors or occurrences) goes to a small `extra_json`; a link that does not fit at all (unknown keys, an
 * unusual key order, values JSON would rewrite) keeps its whole JSON there. Decoding gives back an object whose
 * JSON text equals the stored link's.
 */

/** Columns written by `encodeLink`, in bind order. */
export const LINK_COLUMNS = [
  'source_path', 'target_path', 'kind', 'confidence', 'resolved_target', 'extractor', 'original_trigger', 'normalized_trigger',
  'location_line', 'location_column', 'location_offset', 'raw', 'occurrence_context', 'shape', 'extra_json',
] as const;

/** Bound values of one row (positional). */
export type LinkValues = Array<string | number | null>;

// shape bits
const TRIGGER_NULL = 1;
const TRIGGER_OBJECT = 2;
const LOCATION_NULL = 1 << 2;
const LOCATION_OBJECT = 2 << 2;
const HAS_RAW = 1 << 4;
const OCC_DERIVED = 1 << 5;
const OCC_EXTRA = 2 << 5;
const RESOLVED_NULL = 1 << 7;
const RESOLVED_SAME = 2 << 7;
const RESOLVED_OTHER = 3 << 7;
const SOURCES_EXTRA = 1 << 9;
/** The whole link is `extra_json`; the other columns only serve SQL filters. */
export const SHAPE_VERBATIM = -1;

const TRIGGER_MASK = 3;
const LOCATION_MASK = 3 << 2;
const OCC_MASK = 3 << 5;
const RESOLVED_MASK = 3 << 7;

const LINK_KEYS = ['source', 'target', 'kind', 'confidence', 'sources', 'trigger', 'location', 'raw', 'occurrences', 'resolvedTarget'];

const okNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && !Object.is(v, -0);
/** `String.prototype.isWellFormed` (Node 20+; not in this build's lib): SQLite TEXT would turn a lone surrogate into U+FFFD. */
const wellFormed = (s: string): boolean => (s as unknown as { isWellFormed(): boolean }).isWellFormed();
const okString = (v: unknown): v is string => typeof v === 'string' && wellFormed(v);

/** True when `o`'s defined keys are exactly `keys`, in that order. */
function keysAre(o: object, keys: readonly string[]): boolean {
  let n = 0;
  for (const k in o) {
    if (k !== keys[n]) return false;
    n += 1;
  }
  return n === keys.length;
}

const TRIGGER_KEYS = ['originalTrigger', 'normalizedTrigger'];
const LOCATION_KEYS = ['line', 'column', 'offset'];
const OCCURRENCE_KEYS = ['extractor', 'originalTrigger', 'context', 'location'];

function plainLocation(v: unknown): v is { line: number; column: number; offset: number } {
  if (typeof v !== 'object' || v === null || Array.isArray(v) || !keysAre(v, LOCATION_KEYS)) return false;
  const l = v as Record<string, unknown>;
  return okNumber(l['line']) && okNumber(l['column']) && okNumber(l['offset']);
}

/** The single occurrence restates the link (its extractor, trigger and location): only its context is stored. */
function derivedOccurrence(link: Link): boolean {
  const occ = link.occurrences;
  if (occ === undefined || occ.length !== 1 || link.sources.length !== 1) return false;
  const o = occ[0] as unknown;
  if (typeof o !== 'object' || o === null || !keysAre(o, OCCURRENCE_KEYS)) return false;
  const r = o as Record<string, unknown>;
  if (r['extractor'] !== link.sources[0]) return false;
  if (r['originalTrigger'] !== (link.trigger ? link.trigger.originalTrigger : null)) return false;
  const ctx = r['context'];
  if (ctx !== null && !okString(ctx)) return false;
  const at = r['location'];
  const own = link.location;
  if (own === undefined || own === null) return at === null;
  return plainLocation(at) && at.line === own.line && at.column === own.column && at.offset === own.offset;
}

/** The defined keys of `link` appear in canonical order and are all known. */
function canonicalKeys(link: Link): boolean {
  let pos = 0;
  const o = link as unknown as Record<string, unknown>;
  for (const k in o) {
    if (o[k] === undefined) return false;
    while (pos < LINK_KEYS.length && LINK_KEYS[pos] !== k) pos += 1;
    if (pos === LINK_KEYS.length) return false;
    pos += 1;
  }
  return true;
}

function identityColumns(link: Link): LinkValues {
  const t = link.trigger;
  return [
    link.source, link.target, link.kind, link.confidence,
    typeof link.resolvedTarget === 'string' && link.resolvedTarget !== link.target ? link.resolvedTarget : null,
    null, null, t && typeof t === 'object' && typeof t.normalizedTrigger === 'string' ? t.normalizedTrigger : null,
    null, null, null, null, null, SHAPE_VERBATIM, JSON.stringify(link),
  ];
}

/** Encodes a link as `LINK_COLUMNS` values. */
export function encodeLink(link: Link): LinkValues {
  if (!okString(link.source) || !okString(link.target) || typeof link.kind !== 'string' || !okNumber(link.confidence) || !canonicalKeys(link)) {
    return identityColumns(link);
  }
  const sources = link.sources;
  if (!Array.isArray(sources) || sources.length === 0 || !sources.every(okString)) return identityColumns(link);
  let shape = 0;
  let extra: Record<string, unknown> | null = null;
  if (sources.length !== 1) {
    shape |= SOURCES_EXTRA;
    extra = { sources };
  }
  let orig: string | null = null;
  let norm: string | null = null;
  const t = link.trigger;
  if (t === null) shape |= TRIGGER_NULL;
  else if (t !== undefined) {
    if (!keysAre(t, TRIGGER_KEYS) || !okString(t.originalTrigger) || !okString(t.normalizedTrigger)) return identityColumns(link);
    shape |= TRIGGER_OBJECT;
    orig = t.originalTrigger;
    norm = t.normalizedTrigger;
  }
  let line: number | null = null;
  let column: number | null = null;
  let offset: number | null = null;
  const loc = link.location;
  if (loc === null) shape |= LOCATION_NULL;
  else if (loc !== undefined) {
    if (!plainLocation(loc)) return identityColumns(link);
    shape |= LOCATION_OBJECT;
    line = loc.line;
    column = loc.column;
    offset = loc.offset;
  }
  let raw: string | null = null;
  if (link.raw !== undefined) {
    if (!okString(link.raw)) return identityColumns(link);
    shape |= HAS_RAW;
    raw = link.raw;
  }
  let context: string | null = null;
  if (link.occurrences !== undefined) {
    if (!Array.isArray(link.occurrences)) return identityColumns(link);
    if (derivedOccurrence(link)) {
      shape |= OCC_DERIVED;
      context = (link.occurrences[0] as { context: string | null }).context;
    } else {
      shape |= OCC_EXTRA;
      extra = { ...extra, occurrences: link.occurrences };
    }
  }
  let resolved: string | null = null;
  const rt = link.resolvedTarget;
  if (rt === null) shape |= RESOLVED_NULL;
  else if (rt !== undefined) {
    if (!okString(rt)) return identityColumns(link);
    if (rt === link.target) shape |= RESOLVED_SAME;
    else {
      shape |= RESOLVED_OTHER;
      resolved = rt;
    }
  }
  return [
    link.source, link.target, link.kind, link.confidence, resolved, sources.length === 1 ? (sources[0] as string) : null, orig, norm,
    line, column, offset, raw, context, shape, extra === null ? null : JSON.stringify(extra),
  ];
}

/** A row as read back: `LINK_COLUMNS` in order (the `id` is not part of it). */
export type LinkRow = [
  source: string, target: string, kind: Link['kind'], confidence: number, resolved: string | null, extractor: string | null,
  orig: string | null, norm: string | null, line: number | null, column: number | null, offset: number | null, raw: string | null,
  context: string | null, shape: number, extra: string | null,
];

/** SELECT list of a full link row, in `LinkRow` order. */
export const LINK_SELECT = LINK_COLUMNS.join(', ');

/** Rebuilds the link a row stores. */
export function decodeLink(r: LinkRow): Link {
  const shape = r[13];
  if (shape === SHAPE_VERBATIM) return JSON.parse(r[14] as string) as Link;
  const extra = r[14] === null ? null : (JSON.parse(r[14]) as { sources?: string[]; occurrences?: Link['occurrences'] });
  const link: Link = {
    source: r[0],
    target: r[1],
    kind: r[2],
    confidence: r[3],
    sources: (shape & SOURCES_EXTRA) !== 0 ? (extra?.sources as string[]) : [r[5] as string],
  };
  const trig = shape & TRIGGER_MASK;
  if (trig === TRIGGER_NULL) link.trigger = null;
  else if (trig === TRIGGER_OBJECT) link.trigger = { originalTrigger: r[6] as string, normalizedTrigger: r[7] as string };
  const loc = shape & LOCATION_MASK;
  if (loc === LOCATION_NULL) link.location = null;
  else if (loc === LOCATION_OBJECT) link.location = { line: r[8] as number, column: r[9] as number, offset: r[10] as number };
  if ((shape & HAS_RAW) !== 0) link.raw = r[11] as string;
  const occ = shape & OCC_MASK;
  if (occ === OCC_DERIVED) {
    link.occurrences = [
      {
        extractor: r[5] as string,
        originalTrigger: trig === TRIGGER_OBJECT ? (r[6] as string) : null,
        context: r[12] as 'code-block' | 'inline-code' | 'escaped' | null,
        location: loc === LOCATION_OBJECT ? { line: r[8] as number, column: r[9] as number, offset: r[10] as number } : null,
      },
    ];
  } else if (occ === OCC_EXTRA) link.occurrences = extra?.occurrences as Link['occurrences'];
  const res = shape & RESOLVED_MASK;
  if (res === RESOLVED_NULL) link.resolvedTarget = null;
  else if (res === RESOLVED_SAME) link.resolvedTarget = r[1];
  else if (res === RESOLVED_OTHER) link.resolvedTarget = r[4] as string;
  return link;
}

/** Same stored row: every column equal (the encoding is canonical, so equal rows mean equal links). */
export function sameLinkValues(a: LinkValues | LinkRow, b: LinkValues): boolean {
  for (let i = 0; i < LINK_COLUMNS.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/** The diff identity of a link: the kernel's dedupe tuple (source, target, kind, normalized trigger). */
export function linkIdentity(link: Link): string {
  return `${link.source}\0${link.target}\0${link.kind}\0${link.trigger?.normalizedTrigger ?? ''}`;
}

/** `linkIdentity` from the identity columns of a row. */
export function rowIdentity(source: string, target: string, kind: string, norm: string | null): string {
  return `${source}\0${target}\0${kind}\0${norm ?? ''}`;
}
