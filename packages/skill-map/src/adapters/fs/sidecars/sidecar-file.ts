import { readFileSync } from 'node:fs';
import { CORE_SCHEMA, dump, load, YAMLException } from 'js-yaml';
import { valueOverBudget } from '../../../kernel/index.js';
import { errnoCode } from '../../errors.js';
import { writeFileAtomicSync } from '../atomic-write.js';

/** What is on disk at a sidecar path: nothing, a YAML mapping, or a file that must not be overwritten. */
export type SidecarFileState =
  | { readonly kind: 'absent' }
  | { readonly kind: 'ok'; readonly doc: Record<string, unknown>; readonly text: string }
  | { readonly kind: 'invalid'; readonly reason: string; readonly text: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Parses sidecar text the way the kernel reads it (CORE schema; an empty file is an empty mapping). */
export function parseSidecarText(text: string): SidecarFileState {
  let doc: unknown;
  try {
    doc = text.trim() === '' ? {} : load(text, { schema: CORE_SCHEMA });
  } catch (err) {
    const reason = err instanceof YAMLException ? err.reason : String(err);
    const line = err instanceof YAMLException && err.mark !== undefined ? ` (line ${err.mark.line + 1})` : '';
    return { kind: 'invalid', reason: `${reason}${line}`, text };
  }
  if (!isRecord(doc)) return { kind: 'invalid', reason: 'the sidecar is not a YAML mapping', text };
  // The scanner's per-file budget: aliases that expand past it are never copied or dumped out in full.
  const over = valueOverBudget(doc);
  if (over !== null)
    return { kind: 'invalid', reason: `the sidecar is over the per-file budget (${over})`, text };
  return { kind: 'ok', doc, text };
}

/** Reads the sidecar at the absolute path `file`. */
export function readSidecarFile(file: string): SidecarFileState {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return { kind: 'absent' };
    throw err;
  }
  return parseSidecarText(text);
}

/** The YAML a sidecar is written as: keys sorted at every level, no line folding, no anchors, CORE schema. */
export function dumpSidecar(doc: Record<string, unknown>): string {
  return dump(doc, { sortKeys: true, lineWidth: -1, noRefs: true, schema: CORE_SCHEMA });
}

/** Writes `text` over the sidecar atomically (temp sibling, fsync, rename, directory fsync). */
export function writeSidecarText(file: string, text: string): void {
  writeFileAtomicSync(file, text);
}
