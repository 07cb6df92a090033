// The engine functions the channels call: plan a project's fixes from a scan (reading its files and git renames
// through adapters), and apply the certain ones.
import type { Issue, Link } from '@skill-map/spec';
import { createFixFiles, type FixFilesPort } from '../../adapters/fs/fix-files.js';
import { readRenames } from '../../adapters/git/renames.js';
import { applyFixPlans, decodeUtf8, type ApplyFixesResult } from './apply.js';
import { planFixes } from './plan.js';
import type { FixPlan } from './types.js';

/** What {@link planProjectFixes} needs: the project and the scan its issues come from. */
export interface ProjectFixesInput {
  readonly projectRoot: string;
  readonly issues: readonly Issue[];
  /** The scan's links (the issues' `linkIndices` index into them). */
  readonly links: readonly Link[];
  /** Every project file the scan knows of (the file-name match of a broken path). */
  readonly paths: ReadonlySet<string>;
  /** The file port (default: the real files under `projectRoot`). */
  readonly files?: FixFilesPort;
}

/** A project's plans and the texts they were planned against. */
export interface ProjectFixes {
  readonly plans: FixPlan[];
  /** The text a plan's file had when it was planned (null: unreadable or not UTF-8). */
  readonly textOf: (path: string) => string | null;
  readonly files: FixFilesPort;
}

/** Plans the fixes of a scan's issues over the project's current files and its git renames. */
export function planProjectFixes(input: ProjectFixesInput): ProjectFixes {
  const files = input.files ?? createFixFiles(input.projectRoot);
  const texts = new Map<string, string | null>();
  const textOf = (path: string): string | null => {
    if (!texts.has(path)) {
      const read = files.read(path);
      texts.set(path, read.ok ? decodeUtf8(read.bytes) : null);
    }
    return texts.get(path) ?? null;
  };
  // git runs only when a broken link could use a rename.
  const renames = input.issues.some((i) => i.analyzerId === 'reference-broken')
    ? readRenames(input.projectRoot)
    : new Map<string, string>();
  const plans = planFixes({
    issues: input.issues,
    links: input.links,
    texts: textOf,
    renames,
    paths: input.paths,
  });
  return { plans, textOf, files };
}

/** Options of {@link fixProject}. */
export interface FixProjectOptions {
  /** Write nothing; answer the diffs. */
  readonly dryRun?: boolean;
  /** sha256 of the bytes the scan read, for the files the certain plans edit (e.g. from the scan's file cache). */
  readonly scannedHashes?: (paths: ReadonlySet<string>) => ReadonlyMap<string, string>;
}

/** Plans a scan's fixes and applies the certain ones (a dry run writes nothing); suggestions are listed only. */
export function fixProject(
  input: ProjectFixesInput,
  options: FixProjectOptions = {},
): { readonly planned: ProjectFixes; readonly result: ApplyFixesResult } {
  const planned = planProjectFixes(input);
  const edited = new Set(planned.plans.filter((p) => p.certain).map((p) => p.path));
  const scanned = options.scannedHashes?.(edited);
  const result = applyFixPlans(planned.plans, planned.files, {
    ...(options.dryRun === undefined ? {} : { dryRun: options.dryRun }),
    ...(scanned === undefined ? {} : { scannedHashes: scanned }),
  });
  return { planned, result };
}
