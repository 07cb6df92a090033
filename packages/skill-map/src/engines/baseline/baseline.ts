// Matching a scan's issues against a baseline, and writing one from them (create, update, prune). Pure: no I/O;
// `today` (UTC `YYYY-MM-DD`) is passed in so expiry is testable.
import { BASELINE_SCHEMA_VERSION, SCHEMA_BASE_URI } from '@skill-map/spec';
import type { BaselineEntry, BaselineFile, Issue, Link, Severity } from '@skill-map/spec';
import { fingerprintKey, fingerprintOf } from './fingerprint.js';

/** The severities a baseline records: the ones that can fail `sm check` (info never does). */
export const BASELINE_SEVERITIES: readonly Severity[] = ['error', 'warn'];

/** An issue an expired entry no longer covers. */
export interface ExpiredMatch {
  readonly entry: BaselineEntry;
  readonly issue: Issue;
}

/** An entry whose issue (or some of its `count`) is gone. */
export interface StaleEntry {
  readonly entry: BaselineEntry;
  /** How many of its `count` matched no issue. */
  readonly missing: number;
}

/** What a baseline does to a scan's issues. */
export interface BaselineVerdict {
  /** The issues no live entry covers (new ones and the expired entries' ones), in scan order. */
  readonly fresh: Issue[];
  /** How many issues live entries covered. */
  readonly suppressed: number;
  readonly expired: ExpiredMatch[];
  readonly stale: StaleEntry[];
}

/** Options of the entries a write adds. */
export interface NewEntryOptions {
  readonly reason?: string;
  readonly expires?: string;
}

/** The `$schema` a written baseline names. */
export const BASELINE_SCHEMA_URI = `${SCHEMA_BASE_URI}baseline.schema.json`;

const keyOfEntry = (e: BaselineEntry): string => fingerprintKey(e);
const countOf = (e: BaselineEntry): number => e.count ?? 1;

/** True when `entry` no longer suppresses on `today` (its `expires` day is over). */
export function isExpired(entry: BaselineEntry, today: string): boolean {
  return entry.expires !== undefined && entry.expires < today;
}

/** Matches `issues` (with the `links` they point into) against `baseline` on `today`. */
export function applyBaseline(
  issues: readonly Issue[],
  links: readonly Link[],
  baseline: BaselineFile,
  today: string,
): BaselineVerdict {
  const byKey = new Map<string, { entry: BaselineEntry; left: number; matched: number }>();
  for (const entry of baseline.entries) {
    const slot = byKey.get(keyOfEntry(entry));
    // Two entries with one fingerprint (a hand edit) add up; the first one's reason and expiry stand.
    if (slot === undefined) byKey.set(keyOfEntry(entry), { entry, left: countOf(entry), matched: 0 });
    else slot.left += countOf(entry);
  }
  const fresh: Issue[] = [];
  const expired: ExpiredMatch[] = [];
  let suppressed = 0;
  for (const issue of issues) {
    const slot = byKey.get(fingerprintKey(fingerprintOf(issue, links)));
    if (slot === undefined || slot.left === 0) {
      fresh.push(issue);
      continue;
    }
    slot.left--;
    slot.matched++;
    if (isExpired(slot.entry, today)) {
      fresh.push(issue);
      expired.push({ entry: slot.entry, issue });
    } else suppressed++;
  }
  const stale = [...byKey.values()]
    .filter((s) => s.left > 0)
    .map((s) => ({ entry: s.entry, missing: s.left }));
  return { fresh, suppressed, expired, stale };
}

/** The issues a baseline records, grouped by fingerprint (in first-seen order). */
function groups(issues: readonly Issue[], links: readonly Link[]): Map<string, BaselineEntry> {
  const out = new Map<string, BaselineEntry>();
  for (const issue of issues) {
    if (!BASELINE_SEVERITIES.includes(issue.severity)) continue;
    const f = fingerprintOf(issue, links);
    const key = fingerprintKey(f);
    const seen = out.get(key);
    if (seen !== undefined) seen.count = countOf(seen) + 1;
    else
      out.set(key, {
        rule: f.rule,
        node: f.node,
        target: f.target,
        trigger: f.trigger,
        message: issue.message,
      });
  }
  return out;
}

/** An entry in the written field order, `count` only above 1, `reason` always (empty by default). */
function tidy(e: BaselineEntry, options: NewEntryOptions = {}): BaselineEntry {
  const reason = e.reason ?? options.reason ?? '';
  const expires = e.expires ?? options.expires;
  return {
    rule: e.rule,
    node: e.node,
    target: e.target,
    trigger: e.trigger,
    ...(countOf(e) > 1 ? { count: countOf(e) } : {}),
    reason,
    ...(expires !== undefined ? { expires } : {}),
    ...(e.message !== undefined ? { message: e.message } : {}),
  };
}

function sorted(entries: BaselineEntry[]): BaselineFile {
  const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  entries.sort(
    (a, b) =>
      cmp(a.node, b.node) ||
      cmp(a.rule, b.rule) ||
      cmp(a.target ?? '', b.target ?? '') ||
      cmp(a.trigger, b.trigger),
  );
  return { $schema: BASELINE_SCHEMA_URI, schemaVersion: BASELINE_SCHEMA_VERSION, entries };
}

/** A baseline accepting every error and warning of the scan. */
export function createBaseline(
  issues: readonly Issue[],
  links: readonly Link[],
  options: NewEntryOptions = {},
): BaselineFile {
  return sorted([...groups(issues, links).values()].map((e) => tidy(e, options)));
}

/** `old` plus the scan's errors and warnings it lacks (a higher count raises the entry's); reasons are kept. */
export function updateBaseline(
  old: BaselineFile,
  issues: readonly Issue[],
  links: readonly Link[],
  options: NewEntryOptions = {},
): { baseline: BaselineFile; added: number } {
  const entries = old.entries.map((e) => tidy(e));
  const index = new Map(entries.map((e) => [keyOfEntry(e), e]));
  let added = 0;
  for (const [key, now] of groups(issues, links)) {
    const held = index.get(key);
    if (held === undefined) {
      entries.push(tidy(now, options));
      added += countOf(now);
    } else if (countOf(now) > countOf(held)) {
      added += countOf(now) - countOf(held);
      held.count = countOf(now);
    }
  }
  return { baseline: sorted(entries.map((e) => tidy(e))), added };
}

/** `old` without its stale entries (and with counts lowered to what still matches). */
export function pruneBaseline(
  old: BaselineFile,
  issues: readonly Issue[],
  links: readonly Link[],
  today: string,
): { baseline: BaselineFile; removed: StaleEntry[] } {
  const { stale } = applyBaseline(issues, links, old, today);
  const missing = new Map(stale.map((s) => [keyOfEntry(s.entry), s.missing]));
  const entries: BaselineEntry[] = [];
  for (const e of old.entries) {
    const gone = missing.get(keyOfEntry(e)) ?? 0;
    const keep = countOf(e) - gone;
    if (gone > 0) missing.set(keyOfEntry(e), Math.max(0, gone - countOf(e)));
    if (keep > 0) entries.push(tidy({ ...e, count: keep }));
  }
  return { baseline: sorted(entries), removed: stale };
}

/** The file text of `baseline` (two-space JSON, final newline). */
export function serializeBaseline(baseline: BaselineFile): string {
  return `${JSON.stringify(baseline, null, 2)}\n`;
}
