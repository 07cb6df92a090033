// The files a project changed since a git ref: `git diff --name-status` against the working tree (staged and
// unstaged edits, deletions, both sides of a rename) plus untracked files that are not ignored. Paths come back
// relative to the project root, which may be a folder inside the repository.
import { spawnSync } from 'node:child_process';
import { AdapterError } from '../errors.js';

/** What changed since the ref, relative to the project root. */
export interface ChangedFiles {
  /** Every path the diff names (added, modified, deleted, both sides of a rename) and every untracked file. */
  readonly changed: ReadonlySet<string>;
  /** Of those, the paths that no longer exist: deleted, or the old side of a rename. */
  readonly gone: ReadonlySet<string>;
}

function git(root: string, args: readonly string[]): { ok: boolean; out: string; err: string } {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.error !== undefined)
    throw new AdapterError('GIT_FAILED', `cannot run git: ${r.error.message}`, { cause: r.error });
  return { ok: r.status === 0, out: r.stdout, err: r.stderr.trim() };
}

/** The NUL-separated fields of a `-z` output. */
const fields = (out: string): string[] => out.split('\0').filter((f) => f !== '');

/** Reads the files changed in the git repository holding `root` since `ref`; typed errors name what is wrong. */
export function readChangedFiles(root: string, ref: string): ChangedFiles {
  // Security: a ref is passed to git as an argument; one starting with '-' would be read as an option.
  if (ref === '' || ref.startsWith('-'))
    throw new AdapterError('GIT_REF_UNKNOWN', `'${ref}' is not a git ref`, { data: { ref } });
  const inside = git(root, ['rev-parse', '--is-inside-work-tree']);
  if (!inside.ok || inside.out.trim() !== 'true')
    throw new AdapterError('GIT_NOT_REPOSITORY', `${root} is not inside a git repository`, {
      data: { root, git: inside.err },
    });
  if (!git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).ok)
    throw new AdapterError('GIT_REF_UNKNOWN', `git ref '${ref}' does not exist in this repository`, {
      data: { ref },
    });
  const diff = git(root, ['diff', '--name-status', '-z', '-M', '--relative', ref, '--']);
  if (!diff.ok)
    throw new AdapterError('GIT_FAILED', `git diff ${ref} failed: ${diff.err}`, { data: { ref } });
  const changed = new Set<string>();
  const gone = new Set<string>();
  const parts = fields(diff.out);
  for (let i = 0; i < parts.length;) {
    const status = parts[i++] ?? '';
    if (status.startsWith('R') || status.startsWith('C')) {
      const from = parts[i++] ?? '';
      const to = parts[i++] ?? '';
      changed.add(from).add(to);
      if (status.startsWith('R')) gone.add(from);
    } else {
      const path = parts[i++] ?? '';
      changed.add(path);
      if (status === 'D') gone.add(path);
    }
  }
  const untracked = git(root, ['ls-files', '--others', '--exclude-standard', '-z']);
  if (!untracked.ok) throw new AdapterError('GIT_FAILED', `git ls-files failed: ${untracked.err}`);
  for (const path of fields(untracked.out)) changed.add(path);
  return { changed, gone };
}
