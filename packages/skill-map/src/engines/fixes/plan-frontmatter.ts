// Fixes inside frontmatter: a skill's `name:` rewritten to its folder's name (`name-mismatch`), and a `tools:` entry
// respelled as the Claude Code tool it differs from only in case (`tool-unknown`; a near typo is a suggestion).
import type { Issue } from '@skill-map/spec';
import { normalizeTrigger } from '../../kernel/util/normalize-trigger.js';
import { basename, dirname } from '../../kernel/util/posix-path.js';
import { keySpan } from './frontmatter-span.js';
import type { DraftPlan } from './plan.js';

/** A value YAML reads back as this very string when written bare (no quotes). */
const PLAIN = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const YAML_WORDS = /^(?:true|false|yes|no|on|off|null|y|n)$/i;

/** `value` written in the quoting style of `like` (`'x'`, `"x"` or bare; bare only when YAML keeps it a string). */
export function quotedLike(like: string, value: string): string {
  if (like.startsWith('"')) return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  if (like.startsWith("'") || !PLAIN.test(value) || YAML_WORDS.test(value))
    return `'${value.replace(/'/g, "''")}'`;
  return value;
}

/** The scalar after `name:` as written (quotes included) and its offsets, when it spells `expected`. */
function scalarAt(
  text: string,
  from: number,
  to: number,
): { start: number; end: number; raw: string } | null {
  const line = text.slice(from, to).split(/\r?\n/)[0] ?? '';
  const lead = line.length - line.trimStart().length;
  const rest = line.slice(lead);
  const m = /^(?:'(?:[^']|'')*'|"(?:[^"\\]|\\.)*"|[^\s#'"][^#]*?)(?=[ \t]*(?:#.*)?$)/.exec(rest);
  if (m === null) return null;
  return { start: from + lead, end: from + lead + m[0].length, raw: m[0] };
}

/** The string a scalar as written stands for. */
function unquoted(raw: string): string {
  if (raw.startsWith("'")) return raw.slice(1, -1).replace(/''/g, "'");
  if (raw.startsWith('"')) return raw.slice(1, -1).replace(/\\(.)/g, '$1');
  return raw;
}

/** `name-mismatch`: write the folder's name as the skill's `name:` (certain: the folder is what hosts load). */
export function planNameMismatch(issue: Issue, text: string, path: string): DraftPlan[] {
  // `data.name` and `data.expected` are normalised handles (`pdf tool`): the folder's own spelling is written.
  const handle = issue.data?.['name'];
  const expected = basename(dirname(path));
  if (typeof handle !== 'string' || issue.data?.['via'] !== 'dirname' || expected === '') return [];
  const key = keySpan(text, 'name');
  if (key === null) return [];
  const scalar = scalarAt(text, key.valueStart, key.blockEnd);
  if (scalar === null || normalizeTrigger(unquoted(scalar.raw)) !== handle) return [];
  const name = unquoted(scalar.raw);
  const newText = quotedLike(scalar.raw, expected);
  return [
    {
      path,
      title: `Write name '${expected}' (the skill's folder) instead of '${name}'`,
      certain: true,
      basis: 'folder-name',
      edits: [{ start: scalar.start, end: scalar.end, newText }],
    },
  ];
}

const BEFORE = new Set([' ', '\t', '\n', '\r', '[', ',', '"', "'", ':']);
const AFTER = new Set([' ', '\t', '\n', '\r', ']', ',', '"', "'", '(', '#', undefined]);

/** Offsets of the entries spelled `name` in the block [from, to): tool names only, never inside `Bash(...)`. */
export function toolEntries(text: string, from: number, to: number, name: string): number[] {
  const out: number[] = [];
  let depth = 0;
  for (let i = from; i < to; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === '#' && depth === 0 && BEFORE.has(text[i - 1] ?? '\n')) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? to : nl;
    } else if (
      depth === 0 &&
      text.startsWith(name, i) &&
      BEFORE.has(text[i - 1] ?? '\n') &&
      AFTER.has(i + name.length < to ? text[i + name.length] : undefined)
    )
      out.push(i);
  }
  return out;
}

/** `tool-unknown` with a suggestion: respell the entry; certain only when the two differ in case alone. */
export function planToolName(issue: Issue, text: string, path: string): DraftPlan[] {
  const name = issue.data?.target;
  const field = issue.data?.['field'];
  const near = issue.data?.['suggestion'];
  if (typeof name !== 'string' || typeof field !== 'string' || typeof near !== 'string' || name === near)
    return [];
  const key = keySpan(text, field);
  if (key === null) return [];
  const starts = toolEntries(text, key.valueStart, key.blockEnd, name);
  if (starts.length === 0) return [];
  const caseOnly = near.toLowerCase() === name.toLowerCase();
  return [
    {
      path,
      title: `Write tool '${near}' instead of '${name}' in ${field}:`,
      certain: caseOnly,
      basis: caseOnly ? 'tool-case' : 'tool-near',
      edits: starts.map((start) => ({ start, end: start + name.length, newText: near })),
    },
  ];
}
