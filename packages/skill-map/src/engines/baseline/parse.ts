// Reading a baseline file's text into entries, with an error that names the file and the entry. Pure: no I/O.
import { BASELINE_SCHEMA_VERSION } from '@skill-map/spec';
import type { BaselineEntry, BaselineFile } from '@skill-map/spec';

/** A parsed baseline, or why it cannot be used. */
export type ParsedBaseline = { ok: true; value: BaselineFile } | { ok: false; error: string };

const ENTRY_KEYS = new Set(['rule', 'node', 'target', 'trigger', 'count', 'reason', 'expires', 'message']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** True for a real calendar day written `YYYY-MM-DD`. */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** What is wrong with one entry, or null. */
function entryProblem(e: Record<string, unknown>): string | null {
  const unknown = Object.keys(e).find((k) => !ENTRY_KEYS.has(k));
  if (unknown !== undefined) return `unknown field '${unknown}'`;
  if (typeof e['rule'] !== 'string' || e['rule'] === '') return 'rule must be a non-empty string';
  if (typeof e['node'] !== 'string') return 'node must be a string';
  if (e['target'] !== null && typeof e['target'] !== 'string') return 'target must be a string or null';
  if (typeof e['trigger'] !== 'string' || !/^[0-9a-f]{16}$/.test(e['trigger']))
    return 'trigger must be 16 lowercase hex digits (as sm baseline writes it)';
  const count = e['count'];
  if (count !== undefined && !(typeof count === 'number' && Number.isInteger(count) && count >= 1))
    return `count must be a whole number of at least 1, got ${JSON.stringify(count)}`;
  if (e['reason'] !== undefined && typeof e['reason'] !== 'string') return 'reason must be a string';
  if (e['message'] !== undefined && typeof e['message'] !== 'string') return 'message must be a string';
  const expires = e['expires'];
  if (expires !== undefined && !(typeof expires === 'string' && isIsoDay(expires)))
    return `expires must be a day written YYYY-MM-DD, got ${JSON.stringify(expires)}`;
  return null;
}

function label(e: unknown): string {
  if (!isRecord(e)) return '';
  const rule = typeof e['rule'] === 'string' ? e['rule'] : '?';
  const node = typeof e['node'] === 'string' ? e['node'] : '?';
  return ` (${rule} on ${node})`;
}

/** Parses `text`, the content of the baseline `file` (named in every error). */
export function parseBaseline(text: string, file: string): ParsedBaseline {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `baseline ${file} is not valid JSON: ${(err as Error).message}` };
  }
  if (!isRecord(data)) return { ok: false, error: `baseline ${file} must hold a JSON object` };
  const version = data['schemaVersion'];
  if (version !== BASELINE_SCHEMA_VERSION)
    return {
      ok: false,
      error: `baseline ${file} has schemaVersion ${JSON.stringify(version) ?? 'missing'}; this sm reads schemaVersion ${BASELINE_SCHEMA_VERSION}`,
    };
  const extra = Object.keys(data).find((k) => !['$schema', 'schemaVersion', 'entries'].includes(k));
  if (extra !== undefined) return { ok: false, error: `baseline ${file}: unknown field '${extra}'` };
  if (data['$schema'] !== undefined && typeof data['$schema'] !== 'string')
    return { ok: false, error: `baseline ${file}: $schema must be a string` };
  const entries = data['entries'];
  if (!Array.isArray(entries)) return { ok: false, error: `baseline ${file}: entries must be an array` };
  for (const [i, e] of entries.entries()) {
    const problem = isRecord(e) ? entryProblem(e) : 'must be an object';
    if (problem !== null)
      return { ok: false, error: `baseline ${file}: entries[${i}]${label(e)}: ${problem}` };
  }
  return {
    ok: true,
    value: {
      ...(typeof data['$schema'] === 'string' ? { $schema: data['$schema'] } : {}),
      schemaVersion: BASELINE_SCHEMA_VERSION,
      entries: entries as BaselineEntry[],
    },
  };
}
