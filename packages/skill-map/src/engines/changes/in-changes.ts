// Which of a whole-project scan's issues a change is answerable for (`sm check --changed <ref>`). Pure: the changed
// files come in. The scan itself always covers the whole project, so a link resolves (or breaks) against every file.
import type { Issue } from '@skill-map/spec';

/** The files a change touched, relative to the project root. */
export interface ChangeSet {
  /** Added, modified, deleted, renamed (both sides) and untracked files. */
  readonly changed: ReadonlySet<string>;
  /** Of those, the ones that no longer exist (deleted, or renamed away). */
  readonly gone: ReadonlySet<string>;
}

/**
 * True when the change is answerable for `issue`: one of its nodes (or its `data.file`) is a changed file, or its
 * `data.target` is a file the change deleted or renamed away (a link the change broke, reported at the file that
 * holds it even when that file was not touched).
 */
export function issueInChanges(issue: Issue, changes: ChangeSet): boolean {
  if (issue.nodeIds.some((id) => changes.changed.has(id))) return true;
  const file = issue.data?.['file'];
  if (typeof file === 'string' && changes.changed.has(file)) return true;
  const target = issue.data?.target;
  return typeof target === 'string' && changes.gone.has(target);
}

/** The issues the change is answerable for, in scan order. */
export function issuesInChanges(issues: readonly Issue[], changes: ChangeSet): Issue[] {
  return issues.filter((i) => issueInChanges(i, changes));
}
