// Inline suppressions: the `<!-- sm-disable... -->` directives of a markdown body and the frontmatter's
// `metadata: { sm-disable: ... }`, parsed per file (pure, cached with the record). The graph stage applies them
// (graph/inline-filter.ts). Grammar and decisions: docs/skill-map/suppressions.md.
import type { Issue } from '@skill-map/spec';
import type { LineIndex } from '../util/line-index.js';

/** One rule suppressed over a span of lines of one file (one entry per rule a directive names). */
export interface InlineSuppression {
  /** The rule as written: a short (`reference-broken`) or qualified (`core/reference-broken`) id, or `*` (all). */
  rule: string;
  /** First line covered (1-based). */
  from: number;
  /** Last line covered (inclusive); absent = to the end of the file. */
  to?: number;
  /** Line and column of the directive (where `suppression-unused` points). */
  line: number;
  column: number;
  form: 'next-line' | 'range' | 'file';
  /** Also covers the file's issues that have no line (the frontmatter form, an unclosed range before any content). */
  whole?: true;
}

/** The analyzer id of a directive that cannot be applied as written. */
export const SUPPRESSION_INVALID = 'suppression-invalid';
/** The analyzer id of a directive that suppressed nothing. */
export const SUPPRESSION_UNUSED = 'suppression-unused';

/** The frontmatter key (inside `metadata`) of the file-wide form. */
export const FRONTMATTER_KEY = 'sm-disable';

const DIRECTIVE = /^sm-(disable-next-line|disable|enable)(?=\s|$)\s*([\s\S]*)$/;
const RULE = /^(?:\*|[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9-]*)*)$/i;

interface Args {
  rules: string[];
  reason: string | null;
}

/** `<rule>[, <rule>...] [-- <reason>]`, or the problem with it. */
function parseArgs(text: string): Args | string {
  const cut = text.search(/(?:^|\s)--(?:\s|$)/);
  const head = (cut < 0 ? text : text.slice(0, cut)).trim();
  const reason = cut < 0 ? null : text.slice(cut).trim().slice(2).trim();
  const rules = head === '' ? [] : head.split(',').map((r) => r.trim());
  const bad = rules.find((r) => !RULE.test(r));
  if (bad !== undefined) return bad === '' ? 'an empty rule between commas' : `'${bad}' is not a rule id`;
  return { rules, reason: reason === '' ? null : reason };
}

/** What the file's directives and frontmatter form come to: the suppressions in force and the malformed ones. */
export interface ParsedSuppressions {
  entries: InlineSuppression[];
  issues: Issue[];
}

interface Comment {
  form: 'disable-next-line' | 'disable' | 'enable';
  args: string;
  start: number;
  end: number;
}

function invalid(path: string, line: number, column: number, directive: string, why: string): Issue {
  return {
    analyzerId: SUPPRESSION_INVALID,
    severity: 'warn',
    nodeIds: [path],
    message: `Suppression '${directive}' at line ${line} is not applied: ${why}`,
    data: { line, column, directive },
  };
}

/** The `sm-` directive comments of `masked` (code and frontmatter already masked), in order. */
function directiveComments(masked: string): Comment[] {
  const out: Comment[] = [];
  for (let at = masked.indexOf('<!--'); at !== -1; at = masked.indexOf('<!--', at + 4)) {
    const close = masked.indexOf('-->', at + 4);
    if (close < 0) break;
    const body = masked.slice(at + 4, close).trim();
    const m = DIRECTIVE.exec(body);
    if (m !== null)
      out.push({ form: m[1] as Comment['form'], args: m[2]!.trim(), start: at, end: close + 3 });
    at = close - 1;
  }
  return out;
}

/** Checks the rules and reason a form needs; null when fine. */
function problemOf(form: string, args: Args): string | null {
  if (form !== 'enable' && args.rules.length === 0)
    return 'name the rules it suppresses (or `*` for all, with a reason)';
  if (args.rules.includes('*') && args.reason === null)
    return '`*` suppresses every rule and needs a reason (`-- why`)';
  if (form === 'disable-next-line' && args.reason === null) return 'give a reason (`-- why`)';
  return null;
}

/**
 * The suppressions of one file. `text` is the text issue lines count in, `masked` the same text with code and the
 * frontmatter masked (comments inside fenced code are examples, not directives), `bodyLine` the first line of the
 * body, `metadataLine` the line of the frontmatter's `metadata` key (null when absent).
 */
export function parseInlineSuppressions(input: {
  path: string;
  text: string;
  masked: string;
  bodyLine: number;
  lines: () => LineIndex;
  frontmatter: Record<string, unknown> | null;
  metadataLine: number | null;
}): ParsedSuppressions {
  const out: ParsedSuppressions = { entries: [], issues: [] };
  fileForm(input, out);
  if (!input.masked.includes('sm-')) return out;
  const comments = directiveComments(input.masked);
  if (comments.length === 0) return out;
  const lines = input.lines();
  const textLines = input.text.split('\n');
  // Lines that hold only a directive (a stack of them applies to the same next line, and counts as no content).
  const directiveOnly = new Set<number>();
  for (const c of comments) {
    const a = lines.locate(c.start);
    const b = lines.locate(c.end);
    const row = textLines[a.line - 1] ?? '';
    if (a.line === b.line && row.trim() === input.text.slice(c.start, c.end).trim())
      directiveOnly.add(a.line);
  }
  const content = (n: number): boolean => !directiveOnly.has(n) && (textLines[n - 1] ?? '').trim() !== '';
  let firstContent = 0;
  for (let n = input.bodyLine; n <= textLines.length && firstContent === 0; n++)
    if (content(n)) firstContent = n;
  const open = new Map<string, InlineSuppression>();
  for (const c of comments) {
    const { line, column } = lines.locate(c.start);
    const endLine = lines.locate(c.end).line;
    const directive = `sm-${c.form}${c.args === '' ? '' : ` ${c.args}`}`.replace(/\s+/g, ' ').slice(0, 200);
    const args = parseArgs(c.args);
    const problem = typeof args === 'string' ? args : problemOf(c.form, args);
    if (problem !== null || typeof args === 'string') {
      out.issues.push(invalid(input.path, line, column, directive, problem ?? ''));
      continue;
    }
    if (c.form === 'disable-next-line') {
      let target = endLine + 1;
      while (target <= textLines.length && !content(target)) target++;
      if (target > textLines.length) {
        out.issues.push(invalid(input.path, line, column, directive, 'no line follows it'));
        continue;
      }
      for (const rule of args.rules)
        out.entries.push({ rule, from: target, to: target, line, column, form: 'next-line' });
    } else if (c.form === 'disable') {
      const whole = firstContent === 0 || firstContent > line;
      for (const rule of args.rules) {
        if (open.has(rule)) continue;
        const entry: InlineSuppression = { rule, from: whole ? 1 : line, line, column, form: 'range' };
        if (whole) entry.whole = true;
        open.set(rule, entry);
        out.entries.push(entry);
      }
    } else {
      const closing = args.rules.length === 0 ? [...open.keys()] : args.rules;
      const unmatched = closing.filter((r) => !open.has(r));
      if (closing.length === 0 || unmatched.length > 0) {
        const what =
          unmatched.length > 0 ? `'${unmatched.join("', '")}' is not disabled here` : 'no range is open';
        out.issues.push(invalid(input.path, line, column, directive, what));
      }
      for (const rule of closing) {
        const entry = open.get(rule);
        if (entry === undefined) continue;
        entry.to = line;
        delete entry.whole;
        open.delete(rule);
      }
    }
  }
  return out;
}

/** The frontmatter form: `metadata: { sm-disable: "<rules> [-- reason]" }` (a string, or a list of them). */
function fileForm(input: Parameters<typeof parseInlineSuppressions>[0], out: ParsedSuppressions): void {
  const meta = input.frontmatter?.['metadata'];
  if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) return;
  const value = (meta as Record<string, unknown>)[FRONTMATTER_KEY];
  if (value === undefined) return;
  const line = input.metadataLine ?? 1;
  const values = Array.isArray(value) ? value : [value];
  for (const v of values) {
    const directive = `metadata.${FRONTMATTER_KEY}: ${String(v)}`.slice(0, 200);
    if (typeof v !== 'string') {
      out.issues.push(invalid(input.path, line, 1, directive, 'the value must be a string of rules'));
      continue;
    }
    const args = parseArgs(v);
    const problem = typeof args === 'string' ? args : problemOf('disable', args);
    if (problem !== null || typeof args === 'string') {
      out.issues.push(invalid(input.path, line, 1, directive, problem ?? ''));
      continue;
    }
    for (const rule of args.rules)
      out.entries.push({ rule, from: 1, line, column: 1, form: 'file', whole: true });
  }
}
