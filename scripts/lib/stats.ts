import { seededRandom } from './seeded-random';

export interface Summary {
  runs: number;
  median: number;
  /** The middle half of the runs lies between these: the spread of the figure. */
  p25: number;
  p75: number;
  p95: number;
}

/** The median of a sorted list. */
function middle(sorted: number[]): number {
  const half = sorted.length / 2;
  return sorted.length % 2 === 1 ? (sorted[Math.floor(half)] ?? Number.NaN) : ((sorted[half - 1] ?? Number.NaN) + (sorted[half] ?? Number.NaN)) / 2;
}

const medianOf = (values: number[]) => middle(values.toSorted((a, b) => a - b));

/** Median, quartiles and 95th percentile (nearest rank) of a list of timings. */
export function summarise(values: number[]): Summary {
  if (values.length === 0) throw new Error('No measurements to summarise.');
  const sorted = values.toSorted((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN;
  return { runs: values.length, median: middle(sorted), p25: at(0.25), p75: at(0.75), p95: at(0.95) };
}

export interface Interval {
  /** The figure as measured (its samples' medians). */
  estimate: number;
  low: number;
  high: number;
}

const RESAMPLES = 2_000;

/**
 * A 95 % bootstrap interval (percentile method) of a figure of two lists'
 * medians, `of(median of samples, median of floor)`: each list is drawn
 * again with replacement, as many values as it has, 2,000 times. Seeded, so
 * the same samples give the same interval. A floor of one value is a
 * constant (the least a limit allows, a fixed budget).
 */
export function bootstrapInterval(samples: number[], floor: number[], of: (sample: number, floor: number) => number): Interval {
  if (samples.length === 0 || floor.length === 0) throw new Error('No measurements to bound.');
  const random = seededRandom(samples.length * 7_919 + floor.length);
  const medianOfDraw = (values: number[]) => middle(Array.from({ length: values.length }, () => values[Math.floor(random() * values.length)] ?? Number.NaN).toSorted((a, b) => a - b));
  const figures = Array.from({ length: RESAMPLES }, () => of(medianOfDraw(samples), medianOfDraw(floor))).toSorted((a, b) => a - b);
  return {
    estimate: of(medianOf(samples), medianOf(floor)),
    low: figures[Math.floor(0.025 * RESAMPLES)] ?? Number.NaN,
    high: figures[Math.ceil(0.975 * RESAMPLES) - 1] ?? Number.NaN,
  };
}
