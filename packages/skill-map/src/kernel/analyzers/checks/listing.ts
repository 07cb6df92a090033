// What a host lists at session start for a skill or an agent: its description (with Claude Code's `when_to_use`),
// which hosts read a given skill, and which skills an agent's `skills:` names. Shared by the issue-25 checks.
import type { Node } from '@skill-map/spec';
import type { Assembled } from '../../graph/assemble.js';
import { normalizeTrigger } from '../../util/normalize-trigger.js';

/** Claude Code cuts one skill's listing entry (description + when_to_use) at this many characters. */
export const CLAUDE_ENTRY_MAX = 1536;

/** The default skill-listing budget (characters): about 1% of a 200k-token context, Claude Code's own fallback. */
export const DEFAULT_LISTING_BUDGET = 8000;

/** The text a host lists for a skill or agent: description, plus a Claude Code skill's `when_to_use`. */
export function listedText(node: Node): string {
  return listedOf(node.frontmatter ?? {});
}

/** The length (characters) of what a frontmatter lists: the part of a record the listing checks read. */
export function listedLength(fm: Record<string, unknown>): number {
  return [...listedOf(fm)].length;
}

function listedOf(fm: Record<string, unknown>): string {
  const d = typeof fm['description'] === 'string' ? fm['description'].trim() : '';
  const w = typeof fm['when_to_use'] === 'string' ? fm['when_to_use'].trim() : '';
  return w === '' ? d : d === '' ? w : `${d}\n${w}`;
}

/** Claude Code's own files: a project's `.claude/` and a plugin's. */
export const claudeFamily = (provider: string): boolean => provider === 'claude' || provider === 'plugin';

/** Which providers' skills a host whose agent has `provider` reads. */
export function readsSkillsOf(provider: string): ReadonlySet<string> {
  switch (provider) {
    case 'claude':
    case 'plugin':
      return new Set(['claude', 'plugin']);
    case 'opencode':
      return new Set(['opencode', 'claude', 'agent-skills']);
    case 'codex':
      return new Set(['codex', 'agent-skills']);
    default:
      return new Set([provider, 'agent-skills']);
  }
}

/** The skill nodes (full rows) an agent's `skills:` entry names, resolved like agent-skill-unknown does. */
export function skillsNamed(entry: string, g: Assembled): Node[] {
  const handle = normalizeTrigger(entry);
  const colon = handle.indexOf(':');
  const foreign = colon > 0 && !g.pluginNames.has(entry.slice(0, colon));
  const lookup = (h: string): Node[] =>
    (g.names.get(h) ?? []).filter((c) => c.kind === 'skill').map((c) => g.byPath.get(c.path) ?? c.node);
  const direct = lookup(handle);
  if (direct.length > 0 || foreign || colon <= 0) return direct;
  return lookup(handle.slice(colon + 1));
}

/** The plugin root a path sits under (`''` = none), from the graph's plugin roots or the `plugins/<name>/` layout. */
export function loadSetOf(node: Node): string {
  if (!claudeFamily(node.provider) || node.provider === 'claude') return node.provider;
  const at = node.path.search(/(?:^|\/)(?:skills|agents|commands)\//);
  return `plugin:${at <= 0 ? '' : node.path.slice(0, at)}`;
}
