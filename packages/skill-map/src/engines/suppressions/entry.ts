import type { Annotations, IssueSuppression } from '@skill-map/spec';
import { shortAnalyzerId } from '../../kernel/graph/issue-sink.js';
import { EngineError } from '../errors.js';

/** One standing suppression as the list surfaces show it. */
export interface SuppressionEntry {
  node: string;
  analyzer: string;
  value: string;
  note?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A required non-empty string argument, else `invalid-input` naming it. */
export function requireText(name: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new EngineError('invalid-input', `${name} must be a non-empty string`, {
      details: { argument: name },
    });
  return value;
}

/** An optional string argument (`note`), else `invalid-input`. */
export function optionalText(name: string, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string')
    throw new EngineError('invalid-input', `${name} must be a string when given`, {
      details: { argument: name },
    });
  return value;
}

/** The well-formed suppression entries of an annotations block (malformed ones are the kernel's to report). */
export function entriesOf(annotations: Readonly<Record<string, unknown>> | null): IssueSuppression[] {
  const list = annotations?.['issueSuppressions'];
  if (!Array.isArray(list)) return [];
  return list.flatMap((e: unknown) =>
    isRecord(e) && typeof e['analyzer'] === 'string' && typeof e['value'] === 'string'
      ? [
          {
            analyzer: e['analyzer'],
            value: e['value'],
            ...(typeof e['note'] === 'string' ? { note: e['note'] } : {}),
          },
        ]
      : [],
  );
}

/** True when `entry` has the key `(analyzer, value)`: analyzer qualified-or-short, value exact (spec §6). */
export function sameKey(entry: unknown, analyzer: string, value: string): boolean {
  return (
    isRecord(entry) &&
    typeof entry['analyzer'] === 'string' &&
    entry['value'] === value &&
    shortAnalyzerId(entry['analyzer'].trim()) === shortAnalyzerId(analyzer.trim())
  );
}

/** `annotations` with `issueSuppressions` replaced (the key dropped when the list is empty). */
export function withEntries(annotations: Annotations, list: unknown[]): Annotations {
  const out: Annotations = { ...annotations };
  if (list.length === 0) delete out.issueSuppressions;
  else out.issueSuppressions = list as IssueSuppression[];
  return out;
}
