// Pure "did you mean" helpers: the node-kind vocabulary (every door, the web page included), and through the kernel the
// CLI (verbs, options) and the analyzers.
/** Optimal-string-alignment distance (Levenshtein plus adjacent transpositions: `sacn` → `scan` is 1). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number): number => d[i]?.[j] ?? Infinity;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, at(i - 2, j - 2) + 1);
      (d[i] as number[])[j] = best;
    }
  }
  return at(a.length, b.length);
}

/** Candidates within two edits of `input` (or starting with it), closest first. */
export function suggest(input: string, candidates: readonly string[]): string[] {
  return candidates
    .map((c) => ({ c, d: c.startsWith(input) && input.length >= 2 ? 0 : editDistance(input, c) }))
    .filter((x) => x.d <= 2)
    .sort((x, y) => x.d - y.d || x.c.localeCompare(y.c))
    .map((x) => x.c);
}
