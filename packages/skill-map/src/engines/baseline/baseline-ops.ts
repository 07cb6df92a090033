// The baseline operations every door calls: read a baseline and judge a scan's issues with it, or write one (create,
// update, prune) from them. The file I/O goes through the adapter; the rules live in the pure modules beside.
import type { BaselineFile, Issue, Link } from '@skill-map/spec';
import { readBaselineText, writeBaselineText } from '../../adapters/fs/baseline-file.js';
import { EngineError } from '../errors.js';
import {
  createBaseline,
  pruneBaseline,
  serializeBaseline,
  updateBaseline,
  type NewEntryOptions,
  type StaleEntry,
} from './baseline.js';
import { isIsoDay, parseBaseline } from './parse.js';

/** The UTC day of `now` (`YYYY-MM-DD`), the unit `expires` is written in. */
export function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Reads and checks the baseline at `file` (`shown`: how messages name it); throws `baseline-invalid`. */
export function readBaseline(file: string, shown: string = file): BaselineFile {
  const text = readBaselineText(file);
  if (text === null)
    throw new EngineError('baseline-invalid', `baseline ${shown} does not exist`, {
      details: { file: shown, hint: `create it with sm baseline create ${shown}` },
    });
  const parsed = parseBaseline(text, shown);
  if (!parsed.ok) throw new EngineError('baseline-invalid', parsed.error, { details: { file: shown } });
  return parsed.value;
}

/** The three writes of `sm baseline`. */
export type BaselineWriteMode = 'create' | 'update' | 'prune';

/** Input of {@link writeBaseline}. */
export interface BaselineWriteInput extends NewEntryOptions {
  readonly mode: BaselineWriteMode;
  readonly file: string;
  readonly shown?: string;
  readonly issues: readonly Issue[];
  readonly links: readonly Link[];
  readonly now: Date;
  /** create: overwrite an existing file. */
  readonly force?: boolean;
}

/** What a write did. */
export interface BaselineWriteOutcome {
  readonly mode: BaselineWriteMode;
  readonly file: string;
  /** Entries in the written file. */
  readonly entries: number;
  /** Issues the write accepted that the file did not hold (create: all of them). */
  readonly added: number;
  /** prune: the entries (or parts of their counts) dropped. */
  readonly removed: readonly StaleEntry[];
}

function checkOptions(input: BaselineWriteInput, shown: string): void {
  if (input.expires !== undefined && !isIsoDay(input.expires))
    throw new EngineError(
      'invalid-input',
      `expires must be a day written YYYY-MM-DD, got '${input.expires}'`,
      {
        details: { argument: 'expires', file: shown },
      },
    );
}

/** Creates, updates or prunes the baseline at `file` from a scan's issues; writes atomically, or not at all. */
export function writeBaseline(input: BaselineWriteInput): BaselineWriteOutcome {
  const shown = input.shown ?? input.file;
  checkOptions(input, shown);
  const options: NewEntryOptions = {
    ...(input.reason !== undefined ? { reason: input.reason } : {}),
    ...(input.expires !== undefined ? { expires: input.expires } : {}),
  };
  let baseline: BaselineFile;
  let added = 0;
  let removed: readonly StaleEntry[] = [];
  if (input.mode === 'create') {
    if (input.force !== true && readBaselineText(input.file) !== null)
      throw new EngineError('baseline-exists', `baseline ${shown} already exists; nothing written`, {
        details: { file: shown, hint: 'pass --force to replace it, or run sm baseline update to add to it' },
      });
    baseline = createBaseline(input.issues, input.links, options);
    added = baseline.entries.reduce((n, e) => n + (e.count ?? 1), 0);
  } else {
    const old = readBaseline(input.file, shown);
    if (input.mode === 'update') {
      ({ baseline, added } = updateBaseline(old, input.issues, input.links, options));
    } else {
      ({ baseline, removed } = pruneBaseline(old, input.issues, input.links, dayOf(input.now)));
    }
  }
  writeBaselineText(input.file, serializeBaseline(baseline));
  return { mode: input.mode, file: shown, entries: baseline.entries.length, added, removed };
}
