// Applying certain fix plans: per file, re-read the bytes, refuse when they changed since the plan (or since the
// scan), merge the plans' edits, and write the file once, atomically. A dry run does everything but the write and
// answers the diff instead.
import type { FixFilesPort } from '../../adapters/fs/fix-files.js';
import { sha256Bytes } from '../../kernel/util/sha256.js';
import { applyEdits } from './plan.js';
import type { FixEdit, FixPlan } from './types.js';
import { unifiedDiff } from './unified-diff.js';

/** Why a certain plan was not applied. */
export type FixSkipReason = 'changed' | 'conflict' | 'unreadable' | 'unwritable';

/** A certain plan left unapplied, and why (in words for stderr). */
export interface FixSkip {
  readonly plan: FixPlan;
  readonly reason: FixSkipReason;
  readonly message: string;
}

/** What an apply (or a dry run) did. */
export interface ApplyFixesResult {
  readonly dryRun: boolean;
  /** The certain plans applied (a dry run: that would be applied), file by file. */
  readonly applied: FixPlan[];
  readonly skipped: FixSkip[];
  /** One unified diff per file changed (a dry run: that would change), in the order files were first planned. */
  readonly diffs: { readonly path: string; readonly diff: string }[];
}

/** Options of {@link applyFixPlans}. */
export interface ApplyFixesOptions {
  /** Write nothing; answer the diffs. */
  readonly dryRun?: boolean;
  /** sha256 hex per path of the bytes the scan saw: a file whose bytes differ is left untouched too. */
  readonly scannedHashes?: ReadonlyMap<string, string>;
}

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The text of `bytes`, or null when they are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}

const overlaps = (a: FixEdit, b: FixEdit): boolean =>
  a.start < b.end && b.start < a.end ? true : a.start === b.start && a.end === b.end;
const sameEdit = (a: FixEdit, b: FixEdit): boolean =>
  a.start === b.start && a.end === b.end && a.newText === b.newText;

/** The plans of one file whose edits fit together (first come first served), and the ones that clash. */
function mergeEdits(plans: readonly FixPlan[]): { edits: FixEdit[]; fits: FixPlan[]; clash: FixPlan[] } {
  const edits: FixEdit[] = [];
  const fits: FixPlan[] = [];
  const clash: FixPlan[] = [];
  for (const plan of plans) {
    const fresh = plan.edits.filter((e) => !edits.some((x) => sameEdit(x, e)));
    if (fresh.some((e) => edits.some((x) => overlaps(x, e)))) clash.push(plan);
    else {
      edits.push(...fresh);
      fits.push(plan);
    }
  }
  return { edits, fits, clash };
}

/** Groups plans by path, in the order paths first appear. */
function byPath(plans: readonly FixPlan[]): Map<string, FixPlan[]> {
  const groups = new Map<string, FixPlan[]>();
  for (const p of plans) {
    const list = groups.get(p.path);
    if (list === undefined) groups.set(p.path, [p]);
    else list.push(p);
  }
  return groups;
}

/**
 * Applies the certain plans among `plans` (suggestions are never applied): each file is re-read, and left untouched
 * when its bytes are no longer those a plan was made from (or those the scan saw); the edits of the plans that still
 * fit are written in one atomic write. A dry run writes nothing.
 */
export function applyFixPlans(
  plans: readonly FixPlan[],
  files: FixFilesPort,
  options: ApplyFixesOptions = {},
): ApplyFixesResult {
  const dryRun = options.dryRun === true;
  const result: ApplyFixesResult = { dryRun, applied: [], skipped: [], diffs: [] };
  const skip = (list: readonly FixPlan[], reason: FixSkipReason, message: string): void => {
    for (const plan of list) result.skipped.push({ plan, reason, message });
  };
  for (const [path, group] of byPath(plans.filter((p) => p.certain))) {
    const read = files.read(path);
    const text = read.ok ? decodeUtf8(read.bytes) : null;
    if (!read.ok || text === null) {
      skip(group, 'unreadable', read.ok ? `${path} is not UTF-8 text` : read.why);
      continue;
    }
    const hash = sha256Bytes(read.bytes);
    const scanned = options.scannedHashes?.get(path);
    const current = group.filter((p) => p.sha256 === hash && (scanned === undefined || scanned === hash));
    skip(
      group.filter((p) => !current.includes(p)),
      'changed',
      `${path} changed since it was scanned: left untouched`,
    );
    const { edits, fits, clash } = mergeEdits(current);
    skip(clash, 'conflict', `${path}: another fix edits the same text; run sm check --fix again`);
    if (fits.length === 0) continue;
    const after = applyEdits(text, edits);
    if (!dryRun) {
      const wrote = files.write(path, after);
      if (!wrote.ok) {
        skip(fits, 'unwritable', wrote.why);
        continue;
      }
    }
    result.applied.push(...fits);
    result.diffs.push({ path, diff: unifiedDiff(path, text, after) });
  }
  return result;
}
