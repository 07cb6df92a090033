// The identity of an issue in a baseline: rule, node, target and a hash of its normalised trigger. Pure: no I/O.
// Line numbers are never part of it, so an edit that shifts lines (or touches another part of the file) keeps it.
import type { Issue, Link } from '@skill-map/spec';
import { sha256Hex } from '../../kernel/util/sha256.js';

/** The four fields an issue is matched on. */
export interface Fingerprint {
  readonly rule: string;
  readonly node: string;
  readonly target: string | null;
  readonly trigger: string;
}

/** Collapses whitespace and drops line references (`line 12`, `lines 3-4`, `:12:3`). */
export function normaliseTrigger(text: string): string {
  return text
    .replace(/\b(lines?)\s+\d+(\s*[-–]\s*\d+)?/gi, '$1')
    .replace(/:\d+(:\d+)?\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The text an issue's trigger is: its first link as authored (the trigger text, else the raw markup, else the
 * target), else its `data.target`, else its message with every number left out (a message may count tokens or
 * lines, which an unrelated edit changes).
 */
export function triggerText(issue: Issue, links: readonly Link[]): string {
  const first = issue.linkIndices?.[0];
  const link = first === undefined ? undefined : links[first];
  if (link !== undefined) return normaliseTrigger(link.trigger?.originalTrigger ?? link.raw ?? link.target);
  const target = issue.data?.target;
  if (typeof target === 'string') return normaliseTrigger(target);
  return normaliseTrigger(issue.message).replace(/\d+(\.\d+)?/g, '#');
}

/** The fingerprint of `issue`; `links` are the scan's links its `linkIndices` point into. */
export function fingerprintOf(issue: Issue, links: readonly Link[]): Fingerprint {
  const target = issue.data?.target;
  return {
    rule: issue.analyzerId,
    node: issue.nodeIds[0] ?? '',
    target: typeof target === 'string' ? target : null,
    trigger: sha256Hex(triggerText(issue, links)).slice(0, 16),
  };
}

/** One string for a fingerprint (a map key). */
export function fingerprintKey(f: Fingerprint): string {
  return `${f.rule}\0${f.node}\0${f.target ?? '\u0001'}\0${f.trigger}`;
}
