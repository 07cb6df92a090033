// A unified diff of two texts, as `git diff` prints it (3 lines of context, `\ No newline at end of file`), for
// `sm check --fix --dry-run`. Pure; a line diff by longest common subsequence over the part between the common head
// and tail (fixes change a few lines, so that part is small).

/** One line of each side, with its newline (so a missing final newline is a difference). */
interface Line {
  readonly text: string;
  readonly eol: boolean;
}

type Op = { readonly kind: ' ' | '-' | '+'; readonly line: Line; readonly a: number; readonly b: number };

const CONTEXT = 3;
/** Above this many cells the middle is shown as all removed, then all added (still a correct patch). */
const MAX_CELLS = 4_000_000;

function linesOf(text: string): Line[] {
  if (text === '') return [];
  const parts = text.split('\n');
  const last = parts.pop()!;
  const lines = parts.map((t) => ({ text: t, eol: true }));
  if (last !== '') lines.push({ text: last, eol: false });
  return lines;
}

const same = (x: Line, y: Line): boolean => x.text === y.text && x.eol === y.eol;

/** The edit script between a[lo..aHi) and b[lo..bHi): LCS by dynamic programming, or replace-all when too big. */
function middle(a: Line[], b: Line[], lo: number, aHi: number, bHi: number, loB: number): Op[] {
  const n = aHi - lo;
  const m = bHi - loB;
  const ops: Op[] = [];
  if (n * m > MAX_CELLS) {
    for (let i = lo; i < aHi; i++) ops.push({ kind: '-', line: a[i]!, a: i, b: loB });
    for (let j = loB; j < bHi; j++) ops.push({ kind: '+', line: b[j]!, a: aHi, b: j });
    return ops;
  }
  // lcs[i][j] = LCS length of a[lo+i..aHi) and b[loB+j..bHi), in one flat array.
  const w = m + 1;
  const lcs = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i * w + j] = same(a[lo + i]!, b[loB + j]!)
        ? lcs[(i + 1) * w + j + 1]! + 1
        : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && same(a[lo + i]!, b[loB + j]!)) {
      ops.push({ kind: ' ', line: a[lo + i]!, a: lo + i, b: loB + j });
      i++;
      j++;
    } else if (j < m && (i === n || lcs[i * w + j + 1]! >= lcs[(i + 1) * w + j]!)) {
      ops.push({ kind: '+', line: b[loB + j]!, a: lo + i, b: loB + j });
      j++;
    } else {
      ops.push({ kind: '-', line: a[lo + i]!, a: lo + i, b: loB + j });
      i++;
    }
  }
  // Removals before additions inside a changed run, as git prints them.
  return reorderRuns(ops);
}

function reorderRuns(ops: Op[]): Op[] {
  const out: Op[] = [];
  for (let k = 0; k < ops.length;) {
    if (ops[k]!.kind === ' ') {
      out.push(ops[k++]!);
      continue;
    }
    const run: Op[] = [];
    while (k < ops.length && ops[k]!.kind !== ' ') run.push(ops[k++]!);
    out.push(...run.filter((o) => o.kind === '-'), ...run.filter((o) => o.kind === '+'));
  }
  return out;
}

function script(a: Line[], b: Line[]): Op[] {
  let head = 0;
  while (head < a.length && head < b.length && same(a[head]!, b[head]!)) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    same(a[a.length - 1 - tail]!, b[b.length - 1 - tail]!)
  )
    tail++;
  const ops: Op[] = [];
  for (let i = 0; i < head; i++) ops.push({ kind: ' ', line: a[i]!, a: i, b: i });
  ops.push(...middle(a, b, head, a.length - tail, b.length - tail, head));
  for (let t = tail; t > 0; t--)
    ops.push({ kind: ' ', line: a[a.length - t]!, a: a.length - t, b: b.length - t });
  return ops;
}

const range = (start: number, count: number): string =>
  count === 1 ? `${start + 1}` : `${count === 0 ? start : start + 1},${count}`;

/** The hunks' lines for ops[from..to). */
function hunk(ops: Op[], from: number, to: number): string[] {
  const slice = ops.slice(from, to);
  const first = slice[0]!;
  const aLines = slice.filter((o) => o.kind !== '+');
  const bLines = slice.filter((o) => o.kind !== '-');
  const aStart = aLines[0]?.a ?? first.a;
  const bStart = bLines[0]?.b ?? first.b;
  const out = [`@@ -${range(aStart, aLines.length)} +${range(bStart, bLines.length)} @@`];
  for (const o of slice) {
    out.push(`${o.kind}${o.line.text}`);
    if (!o.line.eol) out.push('\\ No newline at end of file');
  }
  return out;
}

/**
 * The unified diff turning `before` into `after` for `path` (`--- a/<path>`, `+++ b/<path>`, hunks with 3 lines of
 * context), or '' when the texts are equal. Every line ends with `\n`.
 */
export function unifiedDiff(path: string, before: string, after: string): string {
  if (before === after) return '';
  const ops = script(linesOf(before), linesOf(after));
  const changed = ops.flatMap((o, k) => (o.kind === ' ' ? [] : [k]));
  const out = [`--- a/${path}`, `+++ b/${path}`];
  let k = 0;
  while (k < changed.length) {
    let last = k;
    // Changes closer than two contexts apart share a hunk.
    while (last + 1 < changed.length && changed[last + 1]! - changed[last]! <= 2 * CONTEXT + 1) last++;
    const from = Math.max(0, changed[k]! - CONTEXT);
    const to = Math.min(ops.length, changed[last]! + CONTEXT + 1);
    out.push(...hunk(ops, from, to));
    k = last + 1;
  }
  return `${out.join('\n')}\n`;
}
