// The shapes of issue 26's safe fixes, shared by `sm check --fix`, the LSP's quick fixes and the JSON/SARIF output.
import type { Issue, Link } from '@skill-map/spec';

/** One replacement in a file's text: UTF-16 offsets [start, end) into the text the plan was made from. */
export interface FixEdit {
  readonly start: number;
  readonly end: number;
  readonly newText: string;
}

/** One fix for one issue: the edits to one file, and whether `--fix` may apply it. */
export interface FixPlan {
  /** Short id of the issue it fixes (e.g. 'reference-broken'). */
  readonly analyzerId: string;
  /** The issue's node (the file it edits is `path`). */
  readonly nodeId: string;
  /** Project-relative POSIX path of the file to edit. */
  readonly path: string;
  /** One line a user reads: "Write 'skills/b/SKILL.md' instead of 'skills/a.md'". */
  readonly title: string;
  /** True: a safe fix `--fix` applies; false: a suggestion only, never applied. */
  readonly certain: boolean;
  /** Hex sha256 of the file bytes the edits were planned against. */
  readonly sha256: string;
  readonly edits: readonly FixEdit[];
  /** Why the fix is what it is: `issue-fix` (the analyzer's own fix), `git-rename`, `file-name`, `did-you-mean`, `folder-name`, `tool-case`, `tool-near`. */
  readonly basis: FixBasis;
  /** Index of the issue in `PlanFixesInput.issues` it fixes. */
  readonly issueIndex: number;
}

/** Why a plan proposes what it does (see {@link FixPlan.basis}). */
export type FixBasis =
  'issue-fix' | 'git-rename' | 'file-name' | 'did-you-mean' | 'folder-name' | 'tool-case' | 'tool-near';

/** What {@link planFixes} reads; all of it supplied by the caller, so planning does no I/O. */
export interface PlanFixesInput {
  readonly issues: readonly Issue[];
  /** The current text of a project file (project-relative POSIX path), or null when it cannot be read. */
  readonly texts: (path: string) => string | null;
  /** Old path -> new path, from git (supplied by an adapter); may be empty. Chains (a->b, b->c) are followed. */
  readonly renames: ReadonlyMap<string, string>;
  /** The scan's links, which the issues' `linkIndices` index into (broken-path fixes need them). */
  readonly links?: readonly Link[];
  /** Every project file (the walk's paths, or at least the node paths): a broken path's file-name match. */
  readonly paths?: ReadonlySet<string>;
  /** sha256 hex of a text's UTF-8 bytes (default: the kernel's pure sha256). */
  readonly hash?: (text: string) => string;
}
