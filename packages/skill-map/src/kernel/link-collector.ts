import type { LinkKind, LinkOccurrence, OccurrenceContext } from '@skill-map/spec';
import type { ExtractedLink, ExtractSink } from './extractors/extractor.js';
import { DEFAULT_EXTRACTOR, EXTRACTOR_EMITS, localForm } from './record-format.js';
import type { LinkAt, RawLink, RawOccurrence } from './types.js';
import { normalizeTrigger } from './util/normalize-trigger.js';

/** One occurrence as an extractor reported it. */
interface Occurrence {
  extractor: string;
  trigger: string | null;
  context: OccurrenceContext;
  offset: number;
}

/** A link being collected: the first occurrence's facts, merged with later ones as the old RawLink merged them. */
interface Entry {
  kind: LinkKind;
  target: string;
  trigger: string | null;
  raw: string;
  /** Offset of the link's location: the smallest occurrence offset (the first reported one on ties). */
  offset: number;
  pathStyle: boolean;
  fallback: string | null;
  bare: string | null;
  resolveKinds: string[] | null;
  /** Every occurrence outside fenced code is speculative (null: a path found in fenced code only). */
  speculative: boolean | null;
  occurrences: Occurrence[];
}

/** Normalised trigger, the third part of a link's identity (`''` for path-style links). */
function identityTrigger(trigger: string | null): string {
  return trigger === null ? '' : normalizeTrigger(trigger);
}

/** A path found in fenced code: says nothing about whether the prose occurrences of that path are meant as references. */
const neutral = (link: ExtractedLink): boolean => link.pathStyle && link.context === 'code-block';

/** True when two links share an identity (kind, target, normalised trigger). */
function sameLink(e: Entry, kind: LinkKind, target: string, trigger: string | null): boolean {
  return (
    e.target === target &&
    e.kind === kind &&
    (e.trigger === trigger || identityTrigger(e.trigger) === identityTrigger(trigger))
  );
}

/**
 * Collects the occurrences every extractor of one file reports, dedupes them by (kind, target, normalised trigger)
 * and writes the compact {@link RawLink}s of the record (see `record-format.ts`). One instance is reused file after
 * file (analyzeFile is synchronous): it is the extractors' sink, with `extractor` set to the running extractor's id.
 */
export class LinkCollector implements ExtractSink {
  /** Id of the extractor whose reports `link` is receiving. */
  extractor = '';
  /**
   * Offset from which the file's path-style links are doubtful (a template file: 0; after its fences break): they
   * are made speculative, kept when they resolve and dropped when they do not. Infinity: none.
   */
  doubtFrom = Infinity;
  private entries: Entry[] = [];
  private byKey: Map<string, Entry[]> | null = null;
  private readonly urls = new Set<string>();
  private readonly servers = new Set<string>();

  /** Starts a new file. */
  reset(): void {
    this.doubtFrom = Infinity;
    this.entries = [];
    this.byKey = null;
    if (this.urls.size > 0) this.urls.clear();
    if (this.servers.size > 0) this.servers.clear();
  }

  link(found: ExtractedLink): void {
    const link =
      found.pathStyle && found.offset >= this.doubtFrom && found.speculative !== true
        ? { ...found, speculative: true }
        : found;
    const occurrence: Occurrence = {
      extractor: this.extractor,
      trigger: link.trigger,
      context: link.context,
      offset: link.offset,
    };
    const existing = this.find(link.kind, link.target, link.trigger);
    if (existing === undefined) {
      const entry: Entry = {
        kind: link.kind,
        target: link.target,
        trigger: link.trigger,
        raw: link.raw,
        offset: link.offset,
        pathStyle: link.pathStyle,
        fallback: link.fallbackTarget,
        bare: link.bareDest ?? null,
        resolveKinds: link.resolveKinds ?? null,
        speculative: neutral(link) ? null : link.speculative === true,
        occurrences: [occurrence],
      };
      this.entries.push(entry);
      if (this.byKey !== null) this.index(entry);
      else if (this.entries.length > 16) {
        this.byKey = new Map();
        for (const e of this.entries) this.index(e);
      }
      return;
    }
    existing.occurrences.push(occurrence);
    existing.fallback ??= link.fallbackTarget;
    // Fenced code says nothing about whether the prose occurrences are meant as references.
    if (!neutral(link)) existing.speculative = existing.speculative !== false && link.speculative === true;
    if (link.offset < existing.offset) {
      existing.offset = link.offset;
      existing.raw = link.raw;
    }
  }

  url(url: string): void {
    this.urls.add(url);
  }

  mcpServer(name: string): void {
    this.servers.add(name);
  }

  /** Distinct URLs reported for the file, sorted (null when none). */
  externalRefs(): string[] | null {
    return this.urls.size === 0 ? null : [...this.urls].sort();
  }

  /** MCP server names reported for the file, sorted. */
  mcpServers(): string[] {
    return this.servers.size === 0 ? [] : [...this.servers].sort();
  }

  private index(entry: Entry): void {
    const key = `${entry.kind}\0${entry.target}`;
    const list = this.byKey!.get(key);
    if (list === undefined) this.byKey!.set(key, [entry]);
    else list.push(entry);
  }

  private find(kind: LinkKind, target: string, trigger: string | null): Entry | undefined {
    if (this.byKey !== null) {
      const list = this.byKey.get(`${kind}\0${target}`);
      if (list !== undefined) for (const e of list) if (sameLink(e, kind, target, trigger)) return e;
      return undefined;
    }
    for (const e of this.entries) if (sameLink(e, kind, target, trigger)) return e;
    return undefined;
  }

  /**
   * The deduped links in compact form, ordered by location, then kind, then target. `text` is the text the offsets
   * point into (for line/column) and `dir` the source file's directory (for the local form of path-style targets).
   */
  links(text: string, dir: string): RawLink[] {
    const entries = this.entries;
    if (entries.length === 0) return [];
    entries.sort(
      (a, b) =>
        a.offset - b.offset ||
        (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0) ||
        (a.target < b.target ? -1 : a.target > b.target ? 1 : 0),
    );
    const lines = new LineCursor(text);
    const out: RawLink[] = new Array<RawLink>(entries.length);
    for (let i = 0; i < entries.length; i++) out[i] = encode(entries[i]!, dir, lines);
    return out;
  }
}

/** Maps ascending offsets of one text to [line, column, offset], sweeping forward (restarting for an earlier offset). */
class LineCursor {
  private line = 1;
  private lineStart = 0;
  private nextNl: number;

  constructor(private readonly text: string) {
    this.nextNl = text.indexOf('\n');
  }

  at(offset: number): LinkAt {
    if (offset < this.lineStart) {
      this.line = 1;
      this.lineStart = 0;
      this.nextNl = this.text.indexOf('\n');
    }
    while (this.nextNl !== -1 && this.nextNl < offset) {
      this.line++;
      this.lineStart = this.nextNl + 1;
      this.nextNl = this.text.indexOf('\n', this.lineStart);
    }
    return [this.line, offset - this.lineStart + 1, offset];
  }
}

/** The legacy occurrence order: offset, then extractor id. */
function byOffsetThenExtractor(a: Occurrence, b: Occurrence): number {
  return a.offset - b.offset || (a.extractor < b.extractor ? -1 : 1);
}

function encode(e: Entry, dir: string, lines: LineCursor): RawLink {
  const occurrences = e.occurrences;
  if (occurrences.length > 1) occurrences.sort(byOffsetThenExtractor);
  const first = occurrences[0]!;
  const target = e.target;
  const link: RawLink = { target, at: lines.at(first.offset) };
  if (first.extractor !== DEFAULT_EXTRACTOR) link.by = first.extractor;
  if (first.context !== null) link.ctx = first.context;
  const emits = EXTRACTOR_EMITS.get(first.extractor);
  if (emits === undefined || emits.kind !== e.kind) link.kind = e.kind;
  const local = e.pathStyle ? localForm(target, dir) : null;
  if (e.raw !== (local ?? target)) link.raw = e.raw;
  if (occurrences.length > 1) {
    const more: RawOccurrence[] = [];
    for (let i = 1; i < occurrences.length; i++) {
      const o = occurrences[i]!;
      const extra: RawOccurrence =
        o.extractor === DEFAULT_EXTRACTOR
          ? { at: lines.at(o.offset) }
          : { by: o.extractor, at: lines.at(o.offset) };
      if (o.context !== null) extra.ctx = o.context;
      more.push(extra);
    }
    link.more = more;
  }
  if (emits === undefined || emits.pathStyle !== e.pathStyle) link.pathStyle = e.pathStyle;
  if (e.trigger !== (e.pathStyle ? null : target)) link.trigger = e.trigger;
  let sameTriggers = true;
  for (const o of occurrences) if (o.trigger !== e.trigger) sameTriggers = false;
  if (!sameTriggers) link.occurrences = occurrences.map(verbatim, lines);
  if (e.fallback !== null) link.fallback = e.fallback === e.bare ? true : e.fallback;
  if (e.bare !== local) link.bare = e.bare;
  if (e.resolveKinds !== null) link.resolveKinds = e.resolveKinds;
  if (e.speculative === true) link.speculative = true;
  return link;
}

function verbatim(this: LineCursor, o: Occurrence): LinkOccurrence {
  const [line, column, offset] = this.at(o.offset);
  return {
    extractor: o.extractor,
    originalTrigger: o.trigger,
    context: o.context,
    location: { line, column, offset },
  };
}
