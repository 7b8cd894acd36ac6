export interface Summary {
  runs: number;
  median: number;
  p95: number;
}

/** Median and 95th percentile (nearest rank) of a list of timings. */
export function summarise(values: number[]): Summary {
  if (values.length === 0) throw new Error('No measurements to summarise.');
  const sorted = values.toSorted((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
  const middle = sorted.length / 2;
  const median = sorted.length % 2 === 1 ? at(0.5) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return { runs: values.length, median, p95: at(0.95) };
}
