import type { FindingRecord } from '../../adapters/sqlite/findings/port.js';

/** `listFindings` input (the MCP `list_findings` semantics): raw rows, stale excluded unless asked. */
export interface ListFindingsInput {
  /** One node (exact path); omitted: the whole project. */
  readonly node?: string;
  /** Qualified (`plugin/name`) or bare (`name`) extension id. */
  readonly extension?: string;
  readonly includeStale?: boolean;
}

/** `findingsView` input (the CLI default view and the REST node route). */
export interface FindingsViewInput {
  readonly node?: string;
  readonly extension?: string;
  /** Also show dismissed findings (row grain or hidden by a class suppression). */
  readonly dismissed?: boolean;
  /** Also show fixed findings. */
  readonly fixed?: boolean;
  /** Only stale findings (the ones `prune` would delete). */
  readonly stale?: boolean;
}

/** A finding as the view shows it: the record plus whether a class suppression of its node covers it. */
export interface ViewFinding extends FindingRecord {
  readonly suppressed: boolean;
}

/** The default view: what is shown plus how many were hidden and why (always reported). */
export interface FindingsView {
  readonly findings: ViewFinding[];
  /** Dismissed at row grain or by a class suppression, and not shown. */
  readonly dismissedExcluded: number;
  /** Fixed and not shown. */
  readonly fixedExcluded: number;
}

export type ResolveOutcome = { readonly outcome: 'resolved' | 'already-fixed' | 'not-found' };
export type DismissOutcome = {
  readonly outcome: 'dismissed' | 'already-dismissed' | 'suppressed' | 'not-found';
};
export type ReopenOutcome = { readonly outcome: 'reopened' | 'already-open' | 'not-found' };
export type UndismissOutcome = { readonly outcome: 'unsuppressed' | 'not-found' | 'no-match' };
export type DeleteOutcome = { readonly outcome: 'deleted' | 'not-found' };
export interface PruneOutcome {
  readonly outcome: 'pruned';
  /** Stale rows deleted. */
  readonly deleted: number;
}

/** `dismissFinding` options. */
export interface DismissOptions {
  /** Suppress the finding's whole (extension, type) class on its node (a `.sm` write, consent-gated). */
  readonly class?: boolean;
  readonly note?: string;
}

/** `undismissFinding` target: the exact suppression entry to remove. */
export interface UndismissTarget {
  readonly node: string;
  /** Compared verbatim with the entry's `extension`. */
  readonly extension: string;
  /** The typed entry; omitted: the type-less blanket entry of that extension. */
  readonly type?: string;
}

/**
 * Which finding a mutation names: its id, or its id scoped to a node (the REST node routes): a finding of
 * another node is then `not-found`, exactly like an unknown id.
 */
export type FindingTarget = number | { readonly id: number; readonly node?: string };
