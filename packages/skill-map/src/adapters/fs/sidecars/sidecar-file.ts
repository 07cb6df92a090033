import { CORE_SCHEMA, dump, load, YAMLException } from 'js-yaml';
import { basename, dirname } from 'node:path';
import { valueOverBudget } from '../../../kernel/index.js';
import { writeFileAtomicSync } from '../atomic-write.js';
import { readBounded, SMALL_FILE_MAX_BYTES } from '../read-bounded.js';
import { removeDeadTemps } from './leftovers.js';

/** The largest sidecar read (the scanner's default per-file cap): a bigger one is refused, never read. */
export const SIDECAR_MAX_BYTES = SMALL_FILE_MAX_BYTES;

/**
 * What is on disk at a sidecar path: nothing, a YAML mapping, a file that must not be overwritten, or something
 * that is not read at all (not a regular file, over SIDECAR_MAX_BYTES, no permission; `reason` names the path).
 */
export type SidecarFileState =
  | { readonly kind: 'absent' }
  | { readonly kind: 'ok'; readonly doc: Record<string, unknown>; readonly text: string }
  | { readonly kind: 'invalid'; readonly reason: string; readonly text: string }
  | { readonly kind: 'unreadable'; readonly reason: string };

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

/**
 * Security: reads the sidecar at the absolute path `file` with one bounded read of a regular file: a `.sm` that is
 * a FIFO, a device (a committed symlink to `/dev/zero`), a directory or larger than SIDECAR_MAX_BYTES is
 * `unreadable`, never read without end.
 */
export function readSidecarFile(file: string): SidecarFileState {
  const read = readBounded(file, SIDECAR_MAX_BYTES);
  if (read.ok) return parseSidecarText(read.bytes.toString('utf8'));
  if (read.reason === 'missing') return { kind: 'absent' };
  return { kind: 'unreadable', reason: read.message };
}

/** The YAML a sidecar is written as: keys sorted at every level, no line folding, no anchors, CORE schema. */
export function dumpSidecar(doc: Record<string, unknown>): string {
  return dump(doc, { sortKeys: true, lineWidth: -1, noRefs: true, schema: CORE_SCHEMA });
}

/**
 * Writes `text` over the sidecar atomically (temp sibling, fsync, rename, directory fsync), first removing the
 * temps dead writers left beside it. Call it holding the sidecar's lock.
 */
export function writeSidecarText(file: string, text: string): void {
  removeDeadTemps(dirname(file), basename(file));
  writeFileAtomicSync(file, text);
}
