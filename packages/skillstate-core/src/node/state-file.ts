import { createInitialState, migrate, toEnvelope } from '../envelope.js';
import type { VersionedState } from '../envelope.js';
import { isSkillstateError, SkillstateError } from '../errors.js';
import type { JsonObject } from '../json.js';
import { storedForm } from '../redact.js';
import type { StoragePolicy } from '../redact.js';
import type { StateSchema } from '../spec.js';
import { atomicWriteFileSync } from './atomic-write.js';
import { readBoundedTextSync, STATE_FILE_MAX_BYTES } from './bounded-read.js';

/** What reading a state file found. */
export type StateFileRead =
  { kind: 'missing' } | { kind: 'ok'; envelope: VersionedState } | { kind: 'unreadable'; reason: string };

/**
 * Reads and migrates a state file without ever throwing; an unusable file is reported, not replaced. Only a
 * regular file of at most {@link STATE_FILE_MAX_BYTES} is read: anything else is unreadable, unread.
 */
export function readStateFile(path: string): StateFileRead {
  let text: string;
  try {
    text = readBoundedTextSync(path, STATE_FILE_MAX_BYTES);
  } catch (err) {
    if (isSkillstateError(err, 'FILE_REFUSED'))
      return { kind: 'unreadable', reason: String(err.data?.['detail']) };
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'missing' };
    return { kind: 'unreadable', reason: `${code ?? 'read failed'}: ${(err as Error).message}` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return { kind: 'unreadable', reason: `not valid JSON (${(err as Error).message})` };
  }
  try {
    return { kind: 'ok', envelope: migrate(parsed, { copy: false }) };
  } catch (err) {
    return { kind: 'unreadable', reason: (err as Error).message };
  }
}

/** The error every read and write of an unusable state file raises, naming the file and the way out. */
export function stateUnreadableError(path: string, reason: string): SkillstateError {
  return new SkillstateError(
    'STATE_UNREADABLE',
    `state file ${path} cannot be used: ${reason}. It was left untouched. ` +
      'Repair it by hand, move it aside (a fresh state then starts from the spec defaults), ' +
      'or restore a checkpoint with state.rollback (which keeps the unusable file as a .corrupt-<time> copy).',
    { data: { path, reason } },
  );
}

/**
 * Loads the state to read or write: the stored state, or the schema defaults when there is no file yet.
 * Throws STATE_UNREADABLE when a file exists but cannot be read or migrated, so nothing overwrites it.
 */
export function loadStateOrDefaults(path: string, schema: StateSchema): JsonObject {
  const read = readStateFile(path);
  if (read.kind === 'ok') return read.envelope.state;
  if (read.kind === 'missing') return createInitialState(schema);
  throw stateUnreadableError(path, read.reason);
}

/** Serialises an envelope the way the server writes it: pretty JSON, no trailing newline. */
export function formatEnvelope(state: JsonObject): string {
  return JSON.stringify(toEnvelope(state), null, 2);
}

/**
 * Atomically writes `state` as the envelope at `path`, credential-shaped strings redacted unless the policy
 * keeps them. Callers hold the state lock. A state that would weigh more than {@link STATE_FILE_MAX_BYTES} (so
 * could not be read back) throws STATE_TOO_LARGE, writing nothing.
 */
export function writeStateFileSync(path: string, state: JsonObject, policy: StoragePolicy = {}): void {
  atomicWriteFileSync(path, checkedStateText(path, formatEnvelope(storedForm(state, policy))));
}

/** `text` when a state file of that text can be read back, else STATE_TOO_LARGE naming the file. */
export function checkedStateText(path: string, text: string): string {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > STATE_FILE_MAX_BYTES) {
    throw new SkillstateError(
      'STATE_TOO_LARGE',
      `${path} was not written: the new state is ${bytes} bytes, over the ${STATE_FILE_MAX_BYTES}-byte ` +
        'limit of a state file. Nothing was changed; remove or shorten values instead.',
      { data: { path, bytes, limit: STATE_FILE_MAX_BYTES } },
    );
  }
  return text;
}
