// The renames git knows of in a project: old path -> new path, from the history (`git log --diff-filter=R -M`) and
// from the working tree (`git diff -M HEAD`: a `git mv` not yet committed). Paths are relative to the project root,
// which may be a folder inside the repository. No git, not a repository, no commits: no renames, never an error.
import { spawnSync } from 'node:child_process';

/** How many commits of history are searched for renames (a fix names a recent rename; old history costs time). */
const HISTORY_COMMITS = 2000;

function git(root: string, args: readonly string[]): string | null {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return r.error !== undefined || r.status !== 0 ? null : r.stdout;
}

/** The (old, new) pairs of a `--name-status -z` output, in output order. */
function renamePairs(out: string): [string, string][] {
  const parts = out.split('\0').map((p) => p.trim());
  const pairs: [string, string][] = [];
  for (let i = 0; i < parts.length; i++) {
    const status = parts[i]!;
    if (/^[RC]\d*$/.test(status)) {
      const from = parts[i + 1] ?? '';
      const to = parts[i + 2] ?? '';
      if (status.startsWith('R') && from !== '' && to !== '') pairs.push([from, to]);
      i += 2;
    } else if (/^[ADMTUX]$/.test(status)) i += 1;
  }
  return pairs;
}

/** Old path -> new path for the project at `root`, oldest rename first so a later one wins (chains are kept). */
export function readRenames(root: string): Map<string, string> {
  const renames = new Map<string, string>();
  if (git(root, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']) === null) return renames;
  const log = git(root, [
    'log',
    '--diff-filter=R',
    '-M',
    '--name-status',
    '-z',
    '--format=',
    '--relative',
    `--max-count=${HISTORY_COMMITS}`,
    'HEAD',
    '--',
  ]);
  // git log lists the newest commit first.
  for (const [from, to] of renamePairs(log ?? '').reverse()) renames.set(from, to);
  const worktree = git(root, ['diff', '-M', '--name-status', '-z', '--relative', 'HEAD', '--']);
  for (const [from, to] of renamePairs(worktree ?? '')) renames.set(from, to);
  return renames;
}
