import type { Node } from '@skill-map/spec';
import { editDistance } from '../../util/suggest.js';

/** A list-valued frontmatter field in every documented form: YAML list, or a comma/space-separated string. */
export function listField(value: unknown): string[] {
  if (typeof value === 'string') return splitToolList(value);
  if (Array.isArray(value))
    return value.filter((v): v is string => typeof v === 'string').map((s) => s.trim());
  return [];
}

/** Splits `Read, Grep, Bash(git add:*)` on commas and spaces outside parentheses. */
export function splitToolList(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    if (i === text.length || (depth === 0 && (c === ',' || c === ' ' || c === '\t' || c === '\n'))) {
      const item = text.slice(start, i).trim();
      if (item !== '') out.push(item);
      start = i + 1;
    }
  }
  return out;
}

/** A frontmatter string field, trimmed; null when absent or not a string. */
export function stringField(node: Node, key: string): string | null {
  const v = node.frontmatter?.[key];
  return typeof v === 'string' ? v.trim() : null;
}

/** True when the node is a file a Claude Code host (project or plugin) reads. */
export function claudeHosted(node: Node): boolean {
  return node.provider === 'claude' || node.provider === 'plugin';
}

/** The closest known value (case-insensitive equal first, then within two edits), or null. */
export function nearest(value: string, known: readonly string[]): string | null {
  const lower = value.toLowerCase();
  const exact = known.find((k) => k.toLowerCase() === lower);
  if (exact !== undefined) return exact;
  let best: string | null = null;
  let bestD = 3;
  for (const k of known) {
    if (Math.abs(k.length - value.length) > 2) continue;
    const d = editDistance(lower, k.toLowerCase());
    if (d < bestD) [best, bestD] = [k, d];
  }
  return bestD <= (value.length <= 4 ? 1 : 2) ? best : null;
}
