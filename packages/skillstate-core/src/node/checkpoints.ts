import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isSkillstateError, SkillstateError } from '../errors.js';
import { isPlainObject } from '../json.js';
import type { JsonObject } from '../json.js';
import { storedForm } from '../redact.js';
import type { StoragePolicy } from '../redact.js';
import { CHECKPOINT_ID_PATTERN, checkpointId, sanitizeCheckpointLabel } from '../names.js';
import { atomicWriteFileSync } from './atomic-write.js';
import { readBoundedTextSync, STATE_FILE_MAX_BYTES } from './bounded-read.js';
import { checkedStateText } from './state-file.js';

/** The folder, next to a state file, holding its checkpoints. */
export const CHECKPOINTS_DIR_NAME = 'checkpoints';

/** A checkpoint as listed (without its state). */
export interface CheckpointInfo {
  checkpointId: string;
  seq: number;
  label: string;
  createdAt: string;
}

/** A checkpoint sidecar on disk. */
export interface CheckpointRecord extends CheckpointInfo {
  state: JsonObject;
}

function parseRecord(text: string): CheckpointRecord | null {
  try {
    const raw: unknown = JSON.parse(text);
    if (!isPlainObject(raw)) return null;
    const { checkpointId: id, seq, label, createdAt } = raw;
    if (typeof id !== 'string' || typeof label !== 'string' || typeof createdAt !== 'string') return null;
    // Stryker disable next-line ConditionalExpression: Number.isInteger is false for every non-number already
    if (typeof seq !== 'number' || !Number.isInteger(seq)) return null;
    return raw as unknown as CheckpointRecord;
  } catch {
    return null;
  }
}

/**
 * Lists the valid checkpoints of a state directory, oldest first; malformed sidecars are skipped. One that is
 * not a regular file or is over the state size limit throws FILE_REFUSED naming it (it is never read).
 */
export function listCheckpoints(stateDir: string): CheckpointInfo[] {
  const dir = join(stateDir, CHECKPOINTS_DIR_NAME);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  const list: CheckpointInfo[] = [];
  for (const name of names) {
    let text: string;
    try {
      text = readBoundedTextSync(join(dir, name), STATE_FILE_MAX_BYTES);
    } catch (err) {
      if (isSkillstateError(err, 'FILE_REFUSED')) throw err;
      continue;
    }
    const record = parseRecord(text);
    if (record !== null) {
      const { checkpointId: id, seq, label, createdAt } = record;
      list.push({ checkpointId: id, seq, label, createdAt });
    }
  }
  return list.sort((a, b) => a.seq - b.seq);
}

/**
 * Records `state` as the next checkpoint (redacted unless the policy keeps secrets). The sequence number
 * derives from what is on disk, so it keeps counting across restarts. Callers hold the state lock.
 */
export function writeCheckpoint(
  stateDir: string,
  rawLabel: string,
  state: JsonObject,
  now: Date,
  policy: StoragePolicy = {},
): CheckpointRecord {
  const existing = listCheckpoints(stateDir);
  const seq = existing.reduce((max, c) => Math.max(max, c.seq), 0) + 1;
  const label = sanitizeCheckpointLabel(rawLabel);
  const record: CheckpointRecord = {
    checkpointId: checkpointId(seq, label),
    seq,
    label,
    createdAt: now.toISOString(),
    state: storedForm(state, policy),
  };
  const path = join(stateDir, CHECKPOINTS_DIR_NAME, `${record.checkpointId}.json`);
  atomicWriteFileSync(path, checkedStateText(path, JSON.stringify(record, null, 2)));
  return record;
}

/** Reads one checkpoint for rollback, with a specific error for each way it can fail. */
export function readCheckpoint(stateDir: string, id: string): CheckpointRecord {
  // Security: the id becomes a file name, so it must not carry a separator.
  if (!CHECKPOINT_ID_PATTERN.test(id) || id === '.' || id === '..') {
    throw new SkillstateError('CHECKPOINT_NOT_FOUND', `Checkpoint not found: ${id}`, { data: { id } });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(
      readBoundedTextSync(join(stateDir, CHECKPOINTS_DIR_NAME, `${id}.json`), STATE_FILE_MAX_BYTES),
    );
  } catch (err) {
    if (isSkillstateError(err, 'FILE_REFUSED')) throw err;
    throw new SkillstateError('CHECKPOINT_NOT_FOUND', `Checkpoint not found or unreadable: ${id}`, {
      data: { id },
      cause: err,
    });
  }
  if (!isPlainObject(raw) || !isPlainObject(raw['state'])) {
    throw new SkillstateError('CHECKPOINT_CORRUPT', `Checkpoint is corrupted (no state): ${id}`, {
      data: { id },
    });
  }
  return raw as unknown as CheckpointRecord;
}
