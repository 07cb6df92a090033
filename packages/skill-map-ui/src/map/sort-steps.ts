// A stable sort that can pause: a bottom-up merge sort yielding every STEP comparisons, so that a first map's
// 10,000-node label ranking (a collator comparison per pair) runs in slices (first-build.ts drives it). Its order
// is Array.prototype.sort's with the same comparator: both are stable.

/** Comparisons between two yields. */
const STEP = 2000;

/** `items` sorted by `compare` (a new array, stable), step by step. */
export function* sortSteps<T>(
  items: readonly T[],
  compare: (a: T, b: T) => number,
): Generator<void, T[], void> {
  let from = items.slice();
  let to = new Array<T>(from.length);
  let budget = STEP;
  for (let width = 1; width < from.length; width *= 2) {
    for (let lo = 0; lo < from.length; lo += 2 * width) {
      const mid = Math.min(lo + width, from.length);
      const hi = Math.min(lo + 2 * width, from.length);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        // Ties take the left run first: stable.
        to[k++] = compare(from[j] as T, from[i] as T) < 0 ? (from[j++] as T) : (from[i++] as T);
        if (--budget === 0) {
          budget = STEP;
          yield;
        }
      }
      while (i < mid) to[k++] = from[i++] as T;
      while (j < hi) to[k++] = from[j++] as T;
    }
    [from, to] = [to, from];
  }
  return from;
}

/** sortSteps run to its end at once. */
export function sortNow<T>(items: readonly T[], compare: (a: T, b: T) => number): T[] {
  const steps = sortSteps(items, compare);
  for (;;) {
    const r = steps.next();
    if (r.done === true) return r.value;
  }
}
