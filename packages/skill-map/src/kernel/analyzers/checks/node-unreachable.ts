import type { Node } from '@skill-map/spec';
import type { Analyzer } from '../analyzer.js';

/** Files people open by themselves (never reported). */
const HUMAN_FILE =
  /(?:^|\/)(?:readme|changelog|license|licence|contributing|notice|security|code_of_conduct)[^/]*$/i;

/** The skill folder holding `path` (its resources), or null. */
export function skillFolderOf(path: string, skillDirs: ReadonlySet<string>): string | null {
  for (let i = path.lastIndexOf('/'); i > 0; i = path.lastIndexOf('/', i - 1)) {
    const dir = path.slice(0, i);
    if (skillDirs.has(dir)) return dir;
  }
  return skillDirs.has('') && path.includes('/') ? '' : null;
}

/** A markdown file only links can bring to a host: a skill's resource (markdown inside a skill folder). */
function candidate(node: Node, skillDirs: ReadonlySet<string>): boolean {
  if (node.kind !== 'markdown' || node.virtual === true || HUMAN_FILE.test(node.path)) return false;
  return skillFolderOf(node.path, skillDirs) !== null;
}

/** The folder a directory or glob link names (`refs/`, `refs/*.md` → `refs`), or null for a file path. */
export function folderOf(target: string): string | null {
  const star = target.search(/[*?[{]/);
  if (star >= 0) {
    const slash = target.lastIndexOf('/', star);
    return slash > 0 ? target.slice(0, slash) : null;
  }
  const trimmed = target.endsWith('/') ? target.slice(0, -1) : target;
  return trimmed === '' || /\.[A-Za-z0-9]+$/.test(trimmed) ? null : trimmed;
}

/** Candidates by every folder above them. */
function byAncestor(candidates: Iterable<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const path of candidates) {
    for (let i = path.lastIndexOf('/'); i > 0; i = path.lastIndexOf('/', i - 1)) {
      const dir = path.slice(0, i);
      const list = out.get(dir);
      if (list === undefined) out.set(dir, [path]);
      else list.push(path);
    }
  }
  return out;
}

/**
 * `core/node-unreachable`: a skill resource (markdown in a skill folder) that nothing reaches. Entry points are
 * what the hosts discover by themselves: every skill, agent, command, workflow and rule, every memory file and every
 * markdown file outside skill folders (docs people open). Everything a link from a reached node
 * names (resolved, or a folder / glob that contains it, in prose or in code) is reached. `info`: the file may be read
 * by a script or by hand.
 */
export const nodeUnreachableAnalyzer: Analyzer = {
  id: 'core/node-unreachable',
  phase: 'detect',
  severity: 'info',
  suppressible: true,
  wholeGraph: 'resources',
  description: 'A markdown file in a skill folder that no entry point reaches through links.',
  hint: 'link it from the SKILL.md (or the file that should use it), or delete it',
  run(view, sink) {
    const { nodes, skillDirs } = view.graph;
    const candidates = new Set(nodes.filter((n) => candidate(n, skillDirs)).map((n) => n.path));
    if (candidates.size === 0) return;
    const under = byAncestor(candidates);
    const out = new Map<string, string[]>();
    const folders = new Map<string, string[]>();
    for (const link of view.links) {
      const to = link.resolvedTarget;
      if (to !== null && to !== undefined) {
        const list = out.get(link.source);
        if (list === undefined) out.set(link.source, [to]);
        else list.push(to);
      }
      // Path-style links only (a trigger's target is a name, not a folder).
      const folder = link.trigger === null || link.trigger === undefined ? folderOf(link.target) : null;
      // A folder at or inside a skill folder reaches its files; one above (a manifest's `skills/`) finds skills only.
      if (
        folder !== null &&
        under.has(folder) &&
        (skillDirs.has(folder) || skillFolderOf(`${folder}/x`, skillDirs) !== null)
      )
        folders.set(link.source, [...(folders.get(link.source) ?? []), folder]);
    }
    const reached = new Set<string>();
    const queue: string[] = [];
    const reach = (path: string): void => {
      if (reached.has(path)) return;
      reached.add(path);
      queue.push(path);
    };
    for (const node of nodes) if (!candidates.has(node.path)) reach(node.path);
    while (queue.length > 0) {
      const from = queue.pop()!;
      for (const to of out.get(from) ?? []) reach(to);
      for (const folder of folders.get(from) ?? []) for (const c of under.get(folder) ?? []) reach(c);
    }
    for (const path of [...candidates].sort()) {
      if (reached.has(path)) continue;
      const skill = skillFolderOf(path, skillDirs);
      const owner = skill === null ? null : skill === '' ? 'SKILL.md' : `${skill}/SKILL.md`;
      sink.emit({
        analyzerId: 'node-unreachable',
        severity: 'info',
        nodeIds: [path],
        message:
          owner === null
            ? `'${path}' is not reached by any link from an agent, command, skill or memory file`
            : `'${path}' sits in the skill folder of '${owner}' but no link reaches it`,
        fix: {
          hint: owner === null ? nodeUnreachableAnalyzer.hint! : `link it from '${owner}', or delete it`,
        },
        data: { target: path, ...(owner === null ? {} : { skill: owner }) },
      });
    }
  },
};
