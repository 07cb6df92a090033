import type { Annotations, FindingSuppression } from '@skill-map/spec';
import type { FindingRow } from '../../adapters/sqlite/findings/port.js';

/** The well-formed `suppressions` entries of an annotations block (anything malformed is ignored). */
export function suppressionsOf(
  annotations: Readonly<Record<string, unknown>> | null | undefined,
): FindingSuppression[] {
  const raw = annotations?.['suppressions'];
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (e): e is FindingSuppression =>
      typeof e === 'object' &&
      e !== null &&
      typeof (e as { extension?: unknown }).extension === 'string' &&
      ((e as { type?: unknown }).type === undefined || typeof (e as { type?: unknown }).type === 'string'),
  );
}

/** An entry's extension names the finding's extension: exactly, or bare against the id's last segment. */
function sameExtension(entry: string, extensionId: string): boolean {
  if (entry === extensionId) return true;
  return !entry.includes('/') && extensionId.endsWith(`/${entry}`);
}

/**
 * The read-time lens: a class suppression covers an extension-origin finding of its node whose extension it
 * names (qualified or bare) and whose type it names (a type-less entry covers every type). Kernel-origin rows
 * (the safety lane) are never covered: a person cannot dismiss them.
 */
export function isSuppressed(row: FindingRow, entries: readonly FindingSuppression[]): boolean {
  if (row.origin === 'kernel') return false;
  return entries.some(
    (e) => sameExtension(e.extension, row.extensionId) && (e.type === undefined || e.type === row.type),
  );
}

function rawEntries(annotations: Readonly<Record<string, unknown>> | null | undefined): unknown[] {
  const raw = annotations?.['suppressions'];
  return Array.isArray(raw) ? raw : [];
}

/**
 * The index in the raw `suppressions` array of the one entry `undismiss` removes (-1: none): the extension
 * compared verbatim, and the typed entry or, with no type, the type-less blanket entry.
 */
export function exactEntryIndex(
  annotations: Readonly<Record<string, unknown>> | null | undefined,
  extension: string,
  type: string | undefined,
): number {
  return rawEntries(annotations).findIndex((e) => {
    if (typeof e !== 'object' || e === null) return false;
    const entry = e as { extension?: unknown; type?: unknown };
    return entry.extension === extension && entry.type === type;
  });
}

/** `annotations` without the raw entry at `index` (the key dropped when the list empties); other entries untouched. */
export function withoutEntry(annotations: Annotations, index: number): Annotations {
  const next: Annotations = { ...annotations };
  const kept = rawEntries(annotations).filter((_, i) => i !== index) as FindingSuppression[];
  if (kept.length === 0) delete next.suppressions;
  else next.suppressions = kept;
  return next;
}
