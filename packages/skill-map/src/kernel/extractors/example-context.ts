// Where a file's text is not meant as this project's references (issue 25): a template file (`{{PLACEHOLDER}}`,
// `${VAR}` tokens in its prose), a mention introduced as an example, a usage line or a list or section presented as a
// template or example to copy, and the part of a file after its own fences break. Paths found there are speculative:
// kept when they resolve, dropped when they do not. Pure string checks over one file's text.
import type { CodeRegion } from '../parse/code-regions.js';

// Variables the host sets when it runs a file (not placeholders for the reader to fill in).
const RUNTIME_VARS =
  /^(?:CLAUDE_[A-Z_]*|CODEX_[A-Z_]*|CURSOR_[A-Z_]*|GEMINI_[A-Z_]*|OPENCODE_[A-Z_]*|HOME|PWD|USER|PATH|TMPDIR|ARGUMENTS)$/;
const TOKEN = /\{\{\s*[A-Za-z_][\w.-]*\s*\}\}|\$\{([A-Z][A-Z0-9_]*)\}/g;

/** True when the prose (code masked) holds a template token: `{{NAME}}`, or `${VAR}` other than a host variable. */
export function isTemplateText(prose: string): boolean {
  if (!prose.includes('{{') && !prose.includes('${')) return false;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(prose); m !== null; m = TOKEN.exec(prose))
    if (m[1] === undefined || !RUNTIME_VARS.test(m[1])) return true;
  return false;
}

// On the mention's line, before it: `Example:`, `Examples:`, `e.g.`, `for example`, `for instance`; or a usage line.
const SAME_LINE = /\b(?:examples?\b[*_]*\s*:|e\.g\.|for example|for instance)|^[\s>*_#-]*usage\b[*_]*\s*:/i;
// A list's introducing line: an example, a template, or files to create (`Move detailed content to references/:`).
const LIST_INTRO =
  /\b(?:examples?|e\.g\.|for example|for instance|templates?|boilerplate|skeleton)\b|\b(?:create|add|move|write|save|generate|split)\b[^\n]*:\s*$/i;
// A section presented as a template or example to copy (a level-1 heading is the document's title, not a section).
const SECTION =
  /^#{2,6}\s+(?:[^\n]*\b(?:templates?|boilerplate|skeleton)\b|(?:an?\s+)?(?:examples?|samples?)\b)/i;
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,9}[.)])\s/;

/** The line of `text` that starts at `start`. */
const lineAt = (text: string, start: number): string => {
  const end = text.indexOf('\n', start);
  return text.slice(start, end === -1 ? text.length : end);
};

/** The line introducing the list the line at `lineStart` belongs to ('' when it is not in a list). */
function listIntro(prose: string, lineStart: number): string {
  const own = lineAt(prose, lineStart);
  if (!LIST_ITEM.test(own) && !/^\s/.test(own)) return '';
  let sawItem = LIST_ITEM.test(own);
  for (let s = lineStart, n = 0; s > 0 && n < 200; n++) {
    s = prose.lastIndexOf('\n', s - 2) + 1;
    const line = lineAt(prose, s);
    if (line.trim() === '') continue;
    if (LIST_ITEM.test(line)) sawItem = true;
    else if (/^\s/.test(line))
      continue; // an item's continuation
    else return sawItem ? line : '';
  }
  return '';
}

/** Per prose text (the last one seen): heading offsets, and whether each opens or sits in an example section. */
let cached: { prose: string; at: number[]; example: boolean[] } | null = null;

function sections(prose: string): { at: number[]; example: boolean[] } {
  if (cached !== null && cached.prose === prose) return cached;
  const at: number[] = [];
  const example: boolean[] = [];
  const stack: { level: number; example: boolean }[] = [];
  const re = /^(#{1,6})[ \t][^\n]*/gm;
  for (let m = re.exec(prose); m !== null; m = re.exec(prose)) {
    const level = m[1]!.length;
    while (stack.length > 0 && stack[stack.length - 1]!.level >= level) stack.pop();
    const inherited = stack.length > 0 && stack[stack.length - 1]!.example;
    const own = inherited || SECTION.test(m[0]);
    stack.push({ level, example: own });
    at.push(m.index);
    example.push(own);
  }
  cached = { prose, at, example };
  return cached;
}

/** True when the line at `lineStart` sits in a section headed (or nested under a heading) as a template or example. */
function inExampleSection(prose: string, lineStart: number): boolean {
  const { at, example } = sections(prose);
  let lo = 0;
  let hi = at.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (at[mid]! < lineStart) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found >= 0 && example[found]!;
}

/**
 * True when the text at `start` (a mention or link in prose) is example content: introduced as an example or a usage
 * on its line, an item of a list introduced as examples, a template or files to create, or in a section headed as a
 * template or an example.
 */
export function isExampleContext(prose: string, start: number): boolean {
  const lineStart = prose.lastIndexOf('\n', start - 1) + 1;
  const before = prose.slice(lineStart, start).replace(/\0+/g, 'x');
  if (SAME_LINE.test(before)) return true;
  if (LIST_INTRO.test(listIntro(prose, lineStart))) return true;
  return inExampleSection(prose, lineStart);
}

/**
 * Where a file's own fences break, or -1: the first line inside a fenced block that opens another block of the same
 * fence (`` ```diff `` inside a `` ```markdown `` block closes on the inner block's closer, and from there prose and
 * code trade places). Links after it are doubtful (an unclosed fence needs nothing: the rest is code).
 */
export function fenceTrouble(text: string, code: readonly CodeRegion[]): number {
  for (const r of code) {
    if (r.kind !== 'code-block') continue;
    const opener = /^([^`~]*)(`{3,}|~{3,})/.exec(text.slice(r.start, r.contentStart));
    if (opener === null) continue;
    const [, lead, fence] = opener as unknown as [string, string, string];
    const content = text.slice(r.contentStart, r.contentEnd);
    const re = fence[0] === '`' ? /^([ \t>]*)(`{3,})[ \t]*[\w+-]/gm : /^([ \t>]*)(~{3,})[ \t]*[\w+-]/gm;
    // Only an inner block whose closer would close the outer one (indented at most 3 columns past it, CommonMark).
    for (let m = re.exec(content); m !== null; m = re.exec(content))
      if (m[2]!.length >= fence.length && m[1]!.length <= lead.length + 3) return r.contentStart + m.index;
  }
  return -1;
}
