import type { Link } from '../domain.js';

/**
 * A `scan_links` row stores a link as plain columns instead of its canonical JSON: what the kernel emits for
 * almost every link (one extractor, one occurrence at the link's own location and trigger, the usual key order)
 * fits them exactly, and the `shape` bitmask says which optional fields are present, which repeat the target
 * (raw text, original trigger, resolved target: stored as NULL) and the occurrence's context. Whatever does not
 * fit (several extractors or occurrences) goes to a small `extra_json`; a link that does not fit at all (unknown
 * keys, an unusual key order, values JSON would rewrite) keeps its whole JSON there. Decoding gives back an
 * object whose JSON text equals the stored link's.
 */

/** Columns written by `encodeLink`, in bind order. */
export const LINK_COLUMNS = [
  'source_path',
  'target_path',
  'kind',
  'confidence',
  'resolved_target',
  'extractor',
  'original_trigger',
  'normalized_trigger',
  'location_line',
  'location_column',
  'location_offset',
  'raw',
  'shape',
  'extra_json',
] as const;

/** Number of bound values per row. */
export const LINK_WIDTH = LINK_COLUMNS.length;

/** Bound values of one row (positional). */
export type LinkValues = Array<string | number | null>;

// shape bits
const TRIGGER_NULL = 1;
const TRIGGER_OBJECT = 2;
const TRIGGER_MASK = 3;
const LOCATION_NULL = 1 << 2;
const LOCATION_OBJECT = 2 << 2;
const LOCATION_MASK = 3 << 2;
const RAW_COLUMN = 1 << 4;
const RAW_IS_TARGET = 2 << 4;
const RAW_MASK = 3 << 4;
const OCC_DERIVED = 1 << 6;
const OCC_EXTRA = 2 << 6;
const OCC_MASK = 3 << 6;
const CONTEXT_SHIFT = 8;
const CONTEXT_MASK = 3 << CONTEXT_SHIFT;
const RESOLVED_NULL = 1 << 10;
const RESOLVED_SAME = 2 << 10;
const RESOLVED_OTHER = 3 << 10;
const RESOLVED_MASK = 3 << 10;
const SOURCES_EXTRA = 1 << 12;
const ORIGINAL_IS_TARGET = 1 << 13;
/** The whole link is `extra_json`; the other columns only serve SQL filters and identity. */
export const SHAPE_VERBATIM = -1;

/** Occurrence contexts by code (0 = prose). */
const CONTEXTS = [null, 'code-block', 'inline-code', 'escaped'] as const;

const LINK_KEYS = [
  'source',
  'target',
  'kind',
  'confidence',
  'sources',
  'trigger',
  'location',
  'raw',
  'occurrences',
  'resolvedTarget',
];

/** `String.prototype.isWellFormed` (Node 20+; not in this build's lib): SQLite TEXT would turn a lone surrogate into U+FFFD. */
const wellFormed = (s: string): boolean => (s as unknown as { isWellFormed(): boolean }).isWellFormed();
const okNumber = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && !Object.is(v, -0);
const okString = (v: unknown): v is string => typeof v === 'string' && wellFormed(v);

/** True when `o`'s keys are exactly `keys`, in that order. */
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

/** The context code of a single occurrence that restates the link (its extractor, trigger and location), else -1. */
function derivedOccurrence(link: Link): number {
  const occ = link.occurrences;
  if (occ === undefined || occ.length !== 1 || link.sources.length !== 1) return -1;
  const o = occ[0] as unknown;
  if (typeof o !== 'object' || o === null || !keysAre(o, OCCURRENCE_KEYS)) return -1;
  const r = o as Record<string, unknown>;
  if (r['extractor'] !== link.sources[0]) return -1;
  if (r['originalTrigger'] !== (link.trigger ? link.trigger.originalTrigger : null)) return -1;
  const code = CONTEXTS.indexOf(r['context'] as (typeof CONTEXTS)[number]);
  if (code === -1) return -1;
  const at = r['location'];
  const own = link.location;
  if (own === undefined || own === null) return at === null ? code : -1;
  return plainLocation(at) && at.line === own.line && at.column === own.column && at.offset === own.offset
    ? code
    : -1;
}

/** The keys of `link` appear in canonical order, all known and defined. */
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

function verbatim(link: Link, out: LinkValues, at: number): void {
  const t = link.trigger;
  out[at] = link.source;
  out[at + 1] = link.target;
  out[at + 2] = link.kind;
  out[at + 3] = link.confidence;
  out[at + 4] =
    typeof link.resolvedTarget === 'string' && link.resolvedTarget !== link.target
      ? link.resolvedTarget
      : null;
  out[at + 5] = null;
  out[at + 6] = null;
  out[at + 7] =
    t && typeof t === 'object' && typeof t.normalizedTrigger === 'string' ? t.normalizedTrigger : null;
  out[at + 8] = null;
  out[at + 9] = null;
  out[at + 10] = null;
  out[at + 11] = null;
  out[at + 12] = SHAPE_VERBATIM;
  out[at + 13] = JSON.stringify(link);
}

/** Encodes a link as `LINK_COLUMNS` values into `out` from `at` (a multi-row insert fills one buffer). */
export function encodeLinkInto(link: Link, out: LinkValues, at: number): void {
  const target = link.target;
  if (
    typeof link.source !== 'string' ||
    !okString(target) ||
    typeof link.kind !== 'string' ||
    !okNumber(link.confidence) ||
    !canonicalKeys(link)
  ) {
    verbatim(link, out, at);
    return;
  }
  const sources = link.sources;
  if (!Array.isArray(sources) || sources.length === 0 || !sources.every(okString)) {
    verbatim(link, out, at);
    return;
  }
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
    if (!keysAre(t, TRIGGER_KEYS) || !okString(t.originalTrigger) || !okString(t.normalizedTrigger)) {
      verbatim(link, out, at);
      return;
    }
    shape |= TRIGGER_OBJECT;
    if (t.originalTrigger === target) shape |= ORIGINAL_IS_TARGET;
    else orig = t.originalTrigger;
    norm = t.normalizedTrigger;
  }
  let line: number | null = null;
  let column: number | null = null;
  let offset: number | null = null;
  const loc = link.location;
  if (loc === null) shape |= LOCATION_NULL;
  else if (loc !== undefined) {
    if (!plainLocation(loc)) {
      verbatim(link, out, at);
      return;
    }
    shape |= LOCATION_OBJECT;
    line = loc.line;
    column = loc.column;
    offset = loc.offset;
  }
  let raw: string | null = null;
  const r = link.raw;
  if (r !== undefined) {
    if (r === target) shape |= RAW_IS_TARGET;
    else if (okString(r)) {
      shape |= RAW_COLUMN;
      raw = r;
    } else {
      verbatim(link, out, at);
      return;
    }
  }
  if (link.occurrences !== undefined) {
    if (!Array.isArray(link.occurrences)) {
      verbatim(link, out, at);
      return;
    }
    const code = derivedOccurrence(link);
    if (code !== -1) shape |= OCC_DERIVED | (code << CONTEXT_SHIFT);
    else {
      shape |= OCC_EXTRA;
      extra = { ...extra, occurrences: link.occurrences };
    }
  }
  let resolved: string | null = null;
  const rt = link.resolvedTarget;
  if (rt === null) shape |= RESOLVED_NULL;
  else if (rt !== undefined) {
    if (rt === target) shape |= RESOLVED_SAME;
    else if (okString(rt)) {
      shape |= RESOLVED_OTHER;
      resolved = rt;
    } else {
      verbatim(link, out, at);
      return;
    }
  }
  out[at] = link.source;
  out[at + 1] = target;
  out[at + 2] = link.kind;
  out[at + 3] = link.confidence;
  out[at + 4] = resolved;
  out[at + 5] = sources.length === 1 ? (sources[0] as string) : null;
  out[at + 6] = orig;
  out[at + 7] = norm;
  out[at + 8] = line;
  out[at + 9] = column;
  out[at + 10] = offset;
  out[at + 11] = raw;
  out[at + 12] = shape;
  out[at + 13] = extra === null ? null : JSON.stringify(extra);
}

/** Encodes a link as `LINK_COLUMNS` values. */
export function encodeLink(link: Link): LinkValues {
  const out: LinkValues = new Array<string | number | null>(LINK_WIDTH);
  encodeLinkInto(link, out, 0);
  return out;
}

/** A row as read back: `LINK_COLUMNS` in order (the `id` is not part of it). */
export type LinkRow = [
  source: string,
  target: string,
  kind: Link['kind'],
  confidence: number,
  resolved: string | null,
  extractor: string | null,
  orig: string | null,
  norm: string | null,
  line: number | null,
  column: number | null,
  offset: number | null,
  raw: string | null,
  shape: number,
  extra: string | null,
];

/** SELECT list of a full link row, in `LinkRow` order. */
export const LINK_SELECT = LINK_COLUMNS.join(', ');

/** Rebuilds the link a row stores (`r` from `at`: rows read with their id first pass 1). */
export function decodeLink(r: ArrayLike<unknown>, at = 0): Link {
  const shape = r[at + 12] as number;
  const extraJson = r[at + 13] as string | null;
  if (shape === SHAPE_VERBATIM) return JSON.parse(extraJson as string) as Link;
  const extra =
    extraJson === null
      ? null
      : (JSON.parse(extraJson) as { sources?: string[]; occurrences?: Link['occurrences'] });
  const target = r[at + 1] as string;
  const link: Link = {
    source: r[at] as string,
    target,
    kind: r[at + 2] as Link['kind'],
    confidence: r[at + 3] as number,
    sources: (shape & SOURCES_EXTRA) !== 0 ? (extra?.sources as string[]) : [r[at + 5] as string],
  };
  const trig = shape & TRIGGER_MASK;
  const orig = (shape & ORIGINAL_IS_TARGET) !== 0 ? target : (r[at + 6] as string);
  if (trig === TRIGGER_NULL) link.trigger = null;
  else if (trig === TRIGGER_OBJECT)
    link.trigger = { originalTrigger: orig, normalizedTrigger: r[at + 7] as string };
  const loc = shape & LOCATION_MASK;
  if (loc === LOCATION_NULL) link.location = null;
  else if (loc === LOCATION_OBJECT)
    link.location = { line: r[at + 8] as number, column: r[at + 9] as number, offset: r[at + 10] as number };
  const raw = shape & RAW_MASK;
  if (raw === RAW_COLUMN) link.raw = r[at + 11] as string;
  else if (raw === RAW_IS_TARGET) link.raw = target;
  const occ = shape & OCC_MASK;
  if (occ === OCC_DERIVED) {
    link.occurrences = [
      {
        extractor: r[at + 5] as string,
        originalTrigger: trig === TRIGGER_OBJECT ? orig : null,
        context: CONTEXTS[(shape & CONTEXT_MASK) >> CONTEXT_SHIFT] ?? null,
        location:
          loc === LOCATION_OBJECT
            ? { line: r[at + 8] as number, column: r[at + 9] as number, offset: r[at + 10] as number }
            : null,
      },
    ];
  } else if (occ === OCC_EXTRA) link.occurrences = extra?.occurrences;
  const res = shape & RESOLVED_MASK;
  if (res === RESOLVED_NULL) link.resolvedTarget = null;
  else if (res === RESOLVED_SAME) link.resolvedTarget = target;
  else if (res === RESOLVED_OTHER) link.resolvedTarget = r[at + 4] as string;
  return link;
}

/** Same stored row: every column equal (the encoding is canonical, so equal rows mean equal links). */
export function sameLinkValues(a: ArrayLike<unknown>, aAt: number, b: ArrayLike<unknown>): boolean {
  for (let i = 0; i < LINK_WIDTH; i += 1) if (a[aAt + i] !== b[i]) return false;
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
