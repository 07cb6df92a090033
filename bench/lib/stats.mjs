// Small statistics helpers shared by the benchmarks.

/** The q-quantile (0..1) of a list of numbers, by nearest rank. */
export function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank];
}

/** Median of a list of numbers. */
export const median = (values) => quantile(values, 0.5);

/** Formats milliseconds with a sensible precision. */
export function ms(value) {
  return value >= 100
    ? `${value.toFixed(0)} ms`
    : value >= 10
      ? `${value.toFixed(1)} ms`
      : `${value.toFixed(2)} ms`;
}

/** Prints an aligned two-column table. */
export function table(rows) {
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
}

/** A verdict word for a figure against its target. */
export function verdict(ok) {
  return ok ? 'MET' : 'MISSED';
}
