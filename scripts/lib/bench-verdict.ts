// How `npm run bench` judges a timing against its budget (docs/performance.md):
// not by one median against another, which noise moves from run to run, but by
// the 95 % interval of the figure the budget names. A row is met when the whole
// interval is within its budget, missed when the whole of it is past, and gets
// no verdict when its spread is wider than the budget's margin: then both its
// samples and its floor's are measured again, a few times at most.
import { bootstrapInterval, type Interval } from './stats';

export type Verdict = 'met' | 'missed' | 'spread too wide' | 'too few runs';

/**
 * What a budget bounds: the samples' median over the floor's (`ratio`), its
 * excess over the floor's in ms (`plus`), or the median itself in ms (`at most`).
 */
export interface Budget {
  kind: 'ratio' | 'plus' | 'at most';
  limit: number;
}

export interface Judged extends Interval {
  budget: Budget;
  verdict: Verdict;
}

/** Fewer runs than this say nothing of their spread: no verdict (a floor of one value is a constant, not a run). */
export const LEAST_RUNS = 3;

export function judge(samples: number[], floor: number[] | number, budget: Budget): Judged {
  const floorValues = typeof floor === 'number' ? [floor] : floor;
  const of = budget.kind === 'ratio' ? (sample: number, base: number) => sample / base : (sample: number, base: number) => sample - base;
  const interval = bootstrapInterval(samples, budget.kind === 'at most' ? [0] : floorValues, of);
  const tooFew = samples.length < LEAST_RUNS || (typeof floor !== 'number' && budget.kind !== 'at most' && floorValues.length < LEAST_RUNS);
  const verdict: Verdict = tooFew ? 'too few runs' : interval.high <= budget.limit ? 'met' : interval.low > budget.limit ? 'missed' : 'spread too wide';
  return { ...interval, budget, verdict };
}

/** A measurement the bench can take again: each batch adds runs to those it has. */
export class Measure<T> {
  readonly batches: T[] = [];

  constructor(private readonly take: () => Promise<T>) {}

  async more(): Promise<void> {
    this.batches.push(await this.take());
  }

  /** The values of every batch, picked from each. */
  series(pick: (batch: T) => number[]): number[] {
    return this.batches.flatMap(pick);
  }
}

/** A timing and its budget: what is measured again, while its verdict waits on its spread (none: taken as it is). */
export interface Comparison {
  samples(): number[];
  floor(): number[] | number;
  budget: Budget;
  measures: Measure<unknown>[];
}

export const judged = (comparison: Comparison): Judged => judge(comparison.samples(), comparison.floor(), comparison.budget);

/**
 * Measures again, up to `passes` more times, what the comparisons with no
 * verdict yet rest on (a measure shared by several, once a pass), until each
 * has its verdict. Returns how many passes it took.
 */
export async function measureUntilDecided(comparisons: Comparison[], passes: number, say: (text: string) => void = () => undefined): Promise<number> {
  for (let pass = 1; pass <= passes; pass += 1) {
    const open = comparisons.filter((comparison) => judged(comparison).verdict === 'spread too wide');
    const measures = new Set(open.flatMap((comparison) => comparison.measures));
    if (measures.size === 0) return pass - 1;
    say(`Pass ${pass + 1}: ${open.length} figures with a spread wider than their budget's margin, measured again (${measures.size} measures)…`);
    for (const measure of measures) await measure.more();
  }
  return passes;
}
