import { describe, expect, it } from 'vitest';
import { renderTable, rowsWithoutFigure } from '../../scripts/lib/bench-table';
import { judge, judged, Measure, measureUntilDecided, type Comparison } from '../../scripts/lib/bench-verdict';
import { seededRandom } from '../../scripts/lib/seeded-random';
import { bootstrapInterval, summarise } from '../../scripts/lib/stats';

/** `count` values spread evenly over [from, to]. */
const spread = (count: number, from: number, to: number) => Array.from({ length: count }, (_, index) => from + ((to - from) * index) / Math.max(1, count - 1));
const ratio = (limit: number) => ({ kind: 'ratio' as const, limit });

describe("the bench's figures", () => {
  it('says a figure with its median and the quartiles its middle half lies between', () => {
    expect(summarise([5, 1, 4, 2, 3, 8, 7, 6])).toEqual({ runs: 8, median: 4.5, p25: 2, p75: 6, p95: 8 });
    expect(summarise([3])).toEqual({ runs: 1, median: 3, p25: 3, p75: 3, p95: 3 });
  });

  it('bounds a ratio of medians by a bootstrap interval that narrows as runs are added, and is the same for the same samples', () => {
    const random = seededRandom(1);
    const noisy = (count: number, centre: number) => Array.from({ length: count }, () => centre * (0.9 + 0.2 * random()));
    const few = bootstrapInterval(noisy(10, 110), noisy(10, 100), (sample, floor) => sample / floor);
    const many = bootstrapInterval(noisy(80, 110), noisy(80, 100), (sample, floor) => sample / floor);
    for (const interval of [few, many]) {
      expect(interval.low).toBeLessThanOrEqual(interval.estimate);
      expect(interval.high).toBeGreaterThanOrEqual(interval.estimate);
    }
    expect(many.high - many.low).toBeLessThan(few.high - few.low);
    expect(many.low).toBeLessThan(1.1);
    expect(many.high).toBeGreaterThan(1.1);
    const samples = noisy(20, 50);
    expect(bootstrapInterval(samples, [40], (sample, floor) => sample - floor)).toEqual(bootstrapInterval(samples, [40], (sample, floor) => sample - floor));
    expect(bootstrapInterval([7, 7, 7], [7], (sample, floor) => sample / floor)).toEqual({ estimate: 1, low: 1, high: 1 });
  });
});

describe("the bench's verdicts", () => {
  it('meets a budget its whole interval is within, misses one its whole interval is past', () => {
    expect(judge(spread(20, 280, 300), spread(20, 320, 340), ratio(1.1)).verdict).toBe('met');
    expect(judge(spread(20, 390, 410), spread(20, 330, 350), ratio(1.05)).verdict).toBe('missed');
    expect(judge(spread(20, 3, 4), 0, { kind: 'at most', limit: 16 })).toMatchObject({ verdict: 'met', estimate: 3.5 });
    expect(judge(spread(6, 330, 350), spread(20, 280, 300), { kind: 'plus', limit: 100 })).toMatchObject({ verdict: 'met', estimate: 50 });
    expect(judge([60_420, 60_410, 60_430], 60_000, ratio(1.05)).verdict).toBe('met');
  });

  it('gives none where the spread is wider than the margin: a popup near 30 ms against a floor in two modes, 20-30 and 40-50 ms', () => {
    const floor = [...spread(10, 20, 30), ...spread(10, 40, 50)];
    const popup = spread(20, 28, 34);
    expect(judge(popup, floor, ratio(1.1))).toMatchObject({ verdict: 'spread too wide' });
  });

  it('gives none on fewer than three runs, however far from the budget', () => {
    expect(judge([190], [100, 100, 100], { kind: 'plus', limit: 100 }).verdict).toBe('too few runs');
    expect(judge([10, 10, 10], [5], ratio(1.05)).verdict).toBe('too few runs');
  });

  it('measures again what an open verdict rests on, a measure shared by two figures once a pass, until each is decided or the passes run out', async () => {
    // The floor is noisy at first and steady after; the popup sits just within the budget.
    const floorBatches = [[20, 45, 22, 48, 25, 41], [33, 33, 34, 33], [33, 34, 33, 33], [34, 33, 33, 33]];
    let floorTaken = 0;
    const floor = new Measure(async () => floorBatches[floorTaken++] ?? []);
    const popup = new Measure(async () => [31, 32, 31, 32, 31, 32]);
    const other = new Measure(async () => [100, 100, 100]);
    for (const measure of [floor, popup, other]) await measure.more();
    const near: Comparison = { samples: () => popup.series((batch) => batch), floor: () => floor.series((batch) => batch), budget: ratio(1.1), measures: [popup, floor] };
    const alsoOnFloor: Comparison = { samples: () => popup.series((batch) => batch), floor: () => floor.series((batch) => batch), budget: ratio(1.2), measures: [popup, floor] };
    const decided: Comparison = { samples: () => other.series((batch) => batch), floor: () => [50, 50, 50], budget: ratio(1.05), measures: [other] };
    expect(judged(near).verdict).toBe('spread too wide');

    const passes = await measureUntilDecided([near, alsoOnFloor, decided], 5);
    expect(judged(near).verdict).toBe('met');
    expect(judged(decided).verdict).toBe('missed');
    expect(floor.batches).toHaveLength(1 + passes);
    expect(popup.batches).toHaveLength(1 + passes);
    expect(other.batches).toHaveLength(1);
    expect(passes).toBeLessThan(5);

    const never = new Measure(async () => [20, 50, 20, 50]);
    await never.more();
    const open: Comparison = { samples: () => [35, 35, 35], floor: () => never.series((batch) => batch), budget: ratio(1.1), measures: [never] };
    expect(await measureUntilDecided([open], 2)).toBe(2);
    expect(never.batches).toHaveLength(3);
    expect(judged(open).verdict).toBe('spread too wide');
  });
});

describe("the bench's table", () => {
  const floor = [300, 301, 302, 303];
  const rows = [
    { figure: 'steady', summary: summarise([280, 290, 300, 310, 320]), floor: 301, budget: '≤ 1.1 × floor', judged: judge([280, 290, 300, 310, 320], floor, ratio(1.1)) },
    { figure: 'spread', summary: summarise([200, 400, 250, 390]), floor: 301, budget: '≤ 1.05 × floor', judged: judge([200, 400, 250, 390], floor, ratio(1.05)) },
    { figure: 'once', summary: summarise([300]), floor: 301, budget: '≤ 1.1 × floor', judged: judge([300], floor, ratio(1.1)) },
    { figure: 'a link failed', summary: summarise([290, 300, 310]), budget: '≤ 1.1 × floor', judged: judge([290, 300, 310], floor, ratio(1.1)), met: false },
  ];

  it("says each row's spread, runs and interval, and a verdict only where the interval decides it", () => {
    const [header, , ...lines] = renderTable(rows).split('\n');
    expect(header).toBe('| Figure | Median | p25–p75 | Runs | × floor | 95 % interval | Budget | |');
    expect(lines).toEqual([
      '| steady | 300.0 ms | 290.0–310.0 | 5 | 1.00 | 0.93–1.06 | ≤ 1.1 × floor | met |',
      '| spread | 320.0 ms | 200.0–390.0 | 4 | 1.06 | 0.66–1.33 | ≤ 1.05 × floor | no verdict: spread too wide |',
      '| once | 300.0 ms |  | 1 | 1.00 |  | ≤ 1.1 × floor | no verdict: too few runs |',
      '| a link failed | 300.0 ms | 290.0–310.0 | 3 |  | 0.96–1.03 | ≤ 1.1 × floor | **missed** |',
    ]);
  });

  it('prints no verdict in a smoke run, and finds the rows a run left without their figure', () => {
    expect(renderTable(rows, false).split('\n').slice(2).every((line) => line.endsWith(' |  |'))).toBe(true);
    const figureless = [{ figure: 'no number', summary: summarise([Number.NaN]) }, { figure: 'a count never judged' }, { figure: '429s: 0', met: true }];
    expect(rowsWithoutFigure([...rows, ...figureless]).map((row) => row.figure)).toEqual(['no number', 'a count never judged']);
  });
});
