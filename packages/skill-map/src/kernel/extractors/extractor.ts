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
  frontmatter: Record<string, unknown> | null;
  /** Offsets of the raw frontmatter YAML in `text` (or null). */
  frontmatterRange: { start: number; end: number } | null;
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
  extract(input: ExtractInput, sink: ExtractSink): void;
}

/** Runs `re` (global) over `text`, calling `fn` with each match. */
export function eachMatch(re: RegExp, text: string, fn: (m: RegExpExecArray) => void): void {
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    fn(m);
    if (m[0].length === 0) re.lastIndex++;
  }
}

/** Runs `fn` over the content of each code region of the given kind(s). */
export function eachCodeRegion(
  input: ExtractInput,
  kinds: readonly CodeRegion['kind'][],
  fn: (content: string, base: number, kind: CodeRegion['kind']) => void,
): void {
  for (const region of input.code) {
    if (kinds.includes(region.kind))
      fn(input.text.slice(region.contentStart, region.contentEnd), region.contentStart, region.kind);
  }
}
