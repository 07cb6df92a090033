/** Closed set of link kinds. */
export const LINK_KINDS = ['invokes', 'references', 'mentions', 'points'] as const;

/** A link kind: `invokes`, `references`, `mentions` or `points`. */
export type LinkKind = (typeof LINK_KINDS)[number];

/** Where in the file a link was authored (1-based line/column, 0-based offset). */
export interface SourceLocation {
  line: number;
  column: number;
  offset: number;
}

/** Trigger text of a trigger-style link, as authored and normalised. */
export interface LinkTrigger {
  originalTrigger: string;
  normalizedTrigger: string;
}

/** Code context of one occurrence; null for prose. */
export type OccurrenceContext = 'code-block' | 'inline-code' | 'escaped' | null;

/** One place a link was found, by one extractor. */
export interface LinkOccurrence {
  extractor: string;
  originalTrigger: string | null;
  context: OccurrenceContext;
  location: SourceLocation | null;
}

/** A directed edge; mirrors `link.schema.json`. */
export interface Link {
  source: string;
  /** Authored target: a path (path-style) or the trigger text (trigger-style). */
  target: string;
  kind: LinkKind;
  confidence: number;
  /** Qualified ids of the extractors that found it (at least one). */
  sources: string[];
  trigger?: LinkTrigger | null;
  location?: SourceLocation | null;
  raw?: string;
  occurrences?: LinkOccurrence[];
  /** Node path the link resolved to; null when it resolved to no node. */
  resolvedTarget?: string | null;
}
