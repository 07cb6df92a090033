const COMBINING_MARKS = /\p{M}+/gu;
const SEPARATOR_RUNS = /[-_\s]+/g;
const NON_ASCII = /[\u0080-\uffff]/;

/**
 * Normative trigger normalisation (spec §3.3): NFD, drop combining marks, lowercase, turn runs of `-`, `_` and
 * whitespace into a single space, trim. Every other character (sigils, `:`, `.`) is kept.
 */
export function normalizeTrigger(text: string): string {
  // ASCII (nearly every trigger): NFD and the combining-mark pass are the identity there.
  if (!NON_ASCII.test(text)) return text.toLowerCase().replace(SEPARATOR_RUNS, ' ').trim();
  return text.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase().replace(SEPARATOR_RUNS, ' ').trim();
}

/** Strips one leading sigil (`/`, `@`, `$`) from a normalised trigger, giving the handle the name index uses. */
export function stripSigil(normalized: string): string {
  const c = normalized.charCodeAt(0);
  return c === 0x2f || c === 0x40 || c === 0x24 ? normalized.slice(1) : normalized;
}
