// The rows of `npm run bench`'s table made from what was measured: a timing
// with its floor and its budget judged (scripts/lib/bench-verdict.ts), the
// sizes of each build, and the rows at scale.
import { RUN_BUDGET_BYTES, SESSION_QUOTA_BYTES } from '../../src/storage/session/session-budget';
import { judge, judged, type Budget, type Comparison } from './bench-verdict';
import type { Row } from './bench-table';
import { SIZE_BUDGETS, type BundleSizes } from './bundle-sizes';
import type { scaleBench } from './scale-bench';
import { FOLLOW_MS, type ScaleShape } from './scale-run';
import { summarise } from './stats';

const medianOf = (values: number[]) => summarise(values).median;

/** A timing row: its figure and spread, the median its "× floor" divides by, and its budget, judged by its interval when it has a comparison. */
export function timingRow(figure: string, samples: number[], floor?: number[] | number, budget?: { text: string; comparison?: Comparison }): Row {
  const floorMedian = floor === undefined ? undefined : typeof floor === 'number' ? floor : medianOf(floor);
  const comparison = budget?.comparison;
  return { figure, summary: summarise(samples), floor: floorMedian, budget: budget?.text, ...(comparison ? { judged: judged(comparison) } : {}) };
}

/** A timing compared with its floor, judged against `text`'s budget. */
export const comparedRow = (figure: string, comparison: Comparison, text: string): Row => timingRow(figure, comparison.samples(), comparison.floor(), { text, comparison });

/** Samples judged as they are, never measured again (the rows at scale: a thousand tabs take minutes). */
const judgedRow = (figure: string, samples: number[], floor: number[] | number, budget: Budget, text: string): Row => ({
  ...timingRow(figure, samples, floor),
  budget: text,
  judged: judge(samples, floor, budget),
});

export function sizeRows(target: string, sizes: BundleSizes): Row[] {
  const background = target === 'chrome' ? 'worker' : 'background page';
  return [
    { figure: `${target}: popup, JS+CSS+HTML loaded, gzip`, bytes: sizes.popup.gzipBytes, budget: `≤ ${SIZE_BUDGETS.popup / 1024} KiB`, met: sizes.popup.gzipBytes <= SIZE_BUDGETS.popup },
    { figure: `${target}: ${background}, JS loaded, gzip`, bytes: sizes.worker.gzipBytes, budget: `≤ ${SIZE_BUDGETS.worker / 1024} KiB`, met: sizes.worker.gzipBytes <= SIZE_BUDGETS.worker },
    { figure: `${target}: options page, JS+CSS+HTML loaded, gzip`, bytes: sizes.options.gzipBytes },
    { figure: `${target}: history page, JS+CSS+HTML loaded, gzip`, bytes: sizes.history.gzipBytes },
    { figure: `${target}: build zipped`, bytes: sizes.zipBytes, budget: `≤ ${SIZE_BUDGETS.zip / 1024} KiB`, met: sizes.zipBytes <= SIZE_BUDGETS.zip },
  ];
}

/** Issue 24's rows: the thousand-tab runs, the popup on them, storage.session, the soak (or why they could not be measured). */
export function scaleRows(scale: Awaited<ReturnType<typeof scaleBench>> | Error, shape: ScaleShape): Row[] {
  if (scale instanceof Error) return [{ figure: `tabs run and soak at ${shape.tabs} tabs: not measured (${scale.message})`, met: false }];
  const { clean, soak } = scale;
  const runs = (pick: (run: (typeof clean)[number]) => number[]) => clean.flatMap(pick);
  const without = runs((run) => run.popupPaintWithout);
  const during = runs((run) => run.popupPaintDuring);
  const listShown = runs((run) => run.popupListShownMs);
  const longestFrames = runs((run) => run.popupLongestFrameMs);
  const refused = clean.reduce((sum, run) => sum + run.refused, 0);
  // What did not hold, said in the row: a soak is one long run, and its seed alone may not fail again.
  const soakProblems = [
    soak.unfinished.length > 0 ? `tabs unfinished: ${soak.unfinished.join(' ')}` : '',
    soak.sentTwiceOtherwise.length > 0 ? `sent twice: ${soak.sentTwiceOtherwise.join(' ')}` : '',
    soak.notInHistoryOnce.length > 0 ? `not once in history: ${soak.notInHistoryOnce.join(' ')}` : '',
    soak.refused > 0 ? `${soak.refused} refused` : '',
    soak.clipboard.acceptable.length > 0 && !soak.clipboard.acceptable.includes(soak.clipboard.actual) ? `clipboard ${soak.clipboard.actual}, not ${soak.clipboard.acceptable.join(' or ')}` : '',
    soak.clipboard.late.includes(soak.clipboard.actual) ? `clipboard holds a late link, ${soak.clipboard.actual}` : '',
  ].filter((problem) => problem !== '');
  const soakHeld = soakProblems.length === 0;
  const peak = Math.max(...clean.map((run) => run.peakSessionBytes));
  const runFigure = `tabs run: ${shape.tabs} tabs at ${shape.limit} per ${shape.windowMs / 1000}-s window, first request → last (${refused} refused)`;
  return [
    {
      // Judged run by run, each against the least its own requests allow.
      ...judgedRow(runFigure, clean.map((run) => run.tookMs / run.leastMs), 1, { kind: 'ratio', limit: 1.05 }, '≤ 1.05 × least the limit allows, none refused'),
      summary: summarise(clean.map((run) => run.tookMs)),
      floor: medianOf(clean.map((run) => run.leastMs)),
      ...(refused > 0 ? { met: false } : {}),
    },
    judgedRow(`popup on the window while its ${shape.tabs}-tab run goes: click → first paint`, during, without, { kind: 'ratio', limit: 1.05 }, '≤ 1.05 × the popup with no run'),
    timingRow('  the same popup on a tab with no run', without),
    judgedRow(`popup on the running ${shape.tabs}-tab run: click → its list on screen`, listShown, without, { kind: 'plus', limit: 100 }, "≤ the popup's first paint + 100 ms"),
    judgedRow(`  its longest frame while it follows the run for ${FOLLOW_MS / 1000} s`, longestFrames, 0, { kind: 'at most', limit: 50 }, '≤ 50 ms (no long frame)'),
    { figure: `storage.session at its fullest during the runs (quota ${SESSION_QUOTA_BYTES / 1024 / 1024} MiB)`, bytes: peak, budget: `≤ ${RUN_BUDGET_BYTES / 1024 / 1024} MiB, a run's share`, met: peak <= RUN_BUDGET_BYTES },
    {
      figure: `soak (bench only; CI runs it at 40 tabs): ${shape.tabs} tabs, ${shape.clicks} menu clicks, ${shape.popups} popups, ${soak.stops} worker stops, seed ${soak.seed} → every link${soakHeld ? '' : ` (${soakProblems.join('; ')})`}`,
      summary: summarise([soak.tookMs]),
      budget: "every link once, none refused, the clipboard the last click's",
      met: soakHeld,
    },
    { figure: `  sent again: after a stop cut its request off ${soak.sentAgainAfterStop}, after a 429 ${soak.sentAgainAfter429}, otherwise ${soak.sentTwiceOtherwise.length}`, budget: 'otherwise 0', met: soak.sentTwiceOtherwise.length === 0 },
  ];
}
