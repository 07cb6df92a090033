// What a path mention's surroundings say about it: a placeholder, an output the agent is told to create, another
// unit's file, or the inline-code text of a markdown link. Pure string checks over one file's text.

/** Template placeholders: `{name}`, `<feature>`, `*`, `$VAR`, `...`, `NNNN`, `YYYY`, `MM-DD`, `XXX`, a lone `N` word. */
const PLACEHOLDER = /[{}<>*$[\]]|\.\.\.|NNN|YYYY|MM-DD|XXX|(?:^|[-_/.])N(?:[-_.]|$)/;

/** True when a path is a template (`NNNN-title.md`, `plans/YYYY-MM-DD-x.md`, `{name}.md`), never a reference. */
export function isPlaceholderPath(path: string): boolean {
  return PLACEHOLDER.test(path);
}

// A verb telling the agent to make the file, at most five words before the mention (`Save the output to `x``,
// `Create `plan.md``, `Name it appropriately (e.g., `x.md``, `This produces `a.json` and `b.md``).
const OUTPUT =
  /\b(?:create|creates|creating|write|writes|writing|save|saves|saving|saved|output|outputs|generate|generates|generating|produce|produces|producing|rename|renames|renamed|name it|emit|emits|export|exports|dump|dumps|append|appends|store|stores)\b(?:[^\w\n.;!?]*\w+){0,5}[^\w\n.;!?]*$/i;
// `superpowers:requesting-code-review`'s `./code-reviewer.md`: another skill's file, named from its own root.
const QUALIFIED = /['\u2019]s\s+$/;

/** The prose on the mention's line before it (code spans are masked to NUL in `prose`, so no `.` inside them). */
function before(prose: string, start: number): string {
  const line = prose.lastIndexOf('\n', start - 1) + 1;
  return prose
    .slice(Math.max(line, start - 160), start)
    .replace(/\0+/g, 'x')
    .replace(/\b(?:e\.g|i\.e)\./gi, 'eg');
}

/** How the text around an inline-code mention at `start` (its opening backtick) qualifies it, or null. */
export function mentionQualifier(prose: string, start: number): 'output' | 'qualified' | null {
  const text = before(prose, start);
  if (QUALIFIED.test(text)) return 'qualified';
  if (OUTPUT.test(text)) return 'output';
  return null;
}

/** True when the inline code span `[start, end)` is (inside) the text of a markdown link: `` [`x.md`](x.md) ``. */
export function inLinkText(text: string, start: number, end: number): boolean {
  let open = -1;
  for (let i = start - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 93) return false; // newline or `]`
    if (c === 91) {
      open = i;
      break;
    }
  }
  if (open < 0) return false;
  for (let i = end; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 91) return false;
    if (c === 93) return text.charCodeAt(i + 1) === 40; // `](`
  }
  return false;
}
