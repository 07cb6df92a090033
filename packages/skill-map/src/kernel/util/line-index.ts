import type { SourceLocation } from '@skill-map/spec';

/** Maps UTF-16 offsets of one text to 1-based line/column, by binary search over line starts (built once). */
export interface LineIndex {
  /** Location of `offset` in the indexed text. */
  locate(offset: number): SourceLocation;
}

/** Builds a {@link LineIndex} for `text`. */
export function createLineIndex(text: string): LineIndex {
  const starts: number[] = [0];
  let i = text.indexOf('\n');
  while (i !== -1) {
    starts.push(i + 1);
    i = text.indexOf('\n', i + 1);
  }
  return {
    locate(offset) {
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if (starts[mid]! <= offset) lo = mid;
        else hi = mid - 1;
      }
      return { line: lo + 1, column: offset - starts[lo]! + 1, offset };
    },
  };
}
