import type { LinkKind, OccurrenceContext } from '@skill-map/spec';
import type { CodeRegion } from '../parse/code-regions.js';

/** What an extractor reads: the file text plus precomputed views (all offsets absolute in `text`). */
export interface ExtractInput {
  path: string;
  /** Directory of the file (`''` at the scope root). */
  dir: string;
  /** Scan root containing the file (`''` for the scope root): leading-`/` links resolve from here. */
  root: string;
  text: string;
  /** `text` with frontmatter, code regions and raw HTML blanked (offsets preserved). */
  prose: string;
  /** `text` with frontmatter and code regions blanked, HTML kept (for URL counting). */
  proseWithHtml: string;
  code: readonly CodeRegion[];
  /** `code[i]`'s content (`text.slice(contentStart, contentEnd)`), sliced once per file and shared by extractors. */
  codeText: readonly string[];
  frontmatter: Record<string, unknown> | null;
  /** Offsets of the raw frontmatter YAML in `text` (or null). */
  frontmatterRange: { start: number; end: number } | null;
  /** The node's kind, as its provider classified it. */
  kind?: string;
  /** Where the body starts in `text` (after the frontmatter block). */
  bodyOffset?: number;
}

/** One link occurrence as an extractor sees it. */
export interface ExtractedLink {
  target: string;
  kind: LinkKind;
  /** Authored trigger (`/Deploy`) for trigger-style links; null for path-style ones. */
  trigger: string | null;
  raw: string;
  offset: number;
  context: OccurrenceContext;
  pathStyle: boolean;
  fallbackTarget: string | null;
  /** The authored path when bare (no `./`, `../`, `/`): also tried against the enclosing skill folder. */
  bareDest?: string | null;
  resolveKinds?: string[];
  speculative?: boolean;
}

/** Where an extractor reports what it found. */
export interface ExtractSink {
  link(link: ExtractedLink): void;
  /** An external http(s) URL (counted, never a link). */
  url(url: string): void;
  /** A virtual node (MCP server) the file implies. */
  mcpServer(name: string): void;
}

/** A deterministic extractor: reads one file, emits links (and URLs / virtual servers). */
export interface Extractor {
  /** Qualified id (`core/markdown-link`). */
  id: string;
  /** Provider ids the extractor runs under (it runs when any of them is active); null = universal. */
  gate: readonly string[] | null;
  /** Emit confidence declared by the extractor (the post-walk lift replaces it with the 1.0 baseline). */
  emitConfidence: number;
  /** What its links are (records leave these out when a link matches); absent for extractors that emit no links. */
  emits?: { kind: LinkKind; pathStyle: boolean };
  extract(input: ExtractInput, sink: ExtractSink): void;
  /**
   * A plugin's extractor: a throw costs one `extension-error` issue on the file (its links are left out) instead of
   * the file's analysis.
   */
  isolated?: boolean;
}

/** Runs `re` (global) over `text`, calling `fn` with each match. */
export function eachMatch(re: RegExp, text: string, fn: (m: RegExpExecArray) => void): void {
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    fn(m);
    if (m[0].length === 0) re.lastIndex++;
  }
}

/**
 * A sigil-anchored matcher: finds exactly the matches `new RegExp(source, 'g')` finds, for a pattern that starts with
 * `(^|[prefix])` followed by a literal `sigil`, without trying the regex at every position. Only the positions before
 * each sigil (found with indexOf) are tried, with the sticky form of the same regex, and never inside the previous
 * match (where the global scan would not look either). `mayPrefix` is a cheap superset test of the prefix class.
 */
export class SigilMatcher {
  private readonly re: RegExp;
  private end = 0;
  private from = 0;

  constructor(
    source: string,
    private readonly sigil: string,
    private readonly mayPrefix: (code: number) => boolean,
  ) {
    this.re = new RegExp(source, 'y');
  }

  /** Starts a scan of `text`. */
  reset(): void {
    this.end = 0;
    this.from = 0;
  }

  /** The next match in `text` (scanned from where the last call stopped), or null when there is none. */
  next(text: string): RegExpExecArray | null {
    const re = this.re;
    for (let p = text.indexOf(this.sigil, this.from); p !== -1; p = text.indexOf(this.sigil, p + 1)) {
      const s = p === 0 ? 0 : p - 1;
      if (s < this.end || (p > 0 && !this.mayPrefix(text.charCodeAt(s)))) continue;
      re.lastIndex = s;
      const m = re.exec(text);
      if (m === null) continue;
      this.end = re.lastIndex;
      this.from = p + 1;
      return m;
    }
    this.from = text.length;
    return null;
  }
}

/** Cheap superset of `TRIGGER_PREFIX`'s class: `\s` (ASCII or any non-ASCII), `(`, `[`, quotes, `*`, `>`, `,`, `;`, `|`. */
export function mayBeTriggerPrefix(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 40 ||
    c === 91 ||
    c === 34 ||
    c === 39 ||
    c === 42 ||
    c === 62 ||
    c === 44 ||
    c === 59 ||
    c === 124 ||
    c > 127
  );
}
