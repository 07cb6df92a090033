// `sm check --changed <ref>`: the files a git ref's diff touched, and the issues a whole-project scan holds for them.
import { readChangedFiles } from '../../adapters/git/changed-files.js';
import type { ChangeSet } from './in-changes.js';

export { issueInChanges, issuesInChanges } from './in-changes.js';
export type { ChangeSet } from './in-changes.js';

/** The change set of the git repository holding `projectRoot` since `ref` (throws typed git errors). */
export function changesSince(projectRoot: string, ref: string): ChangeSet {
  return readChangedFiles(projectRoot, ref);
}
