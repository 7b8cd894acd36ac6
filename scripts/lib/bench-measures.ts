// What `npm run bench` measures (each a Measure the bench can take again, a
// batch of `runs` at a time), and which timing each budget compares with
// which floor: the comparisons whose spread leaves their verdict open are
// measured again, their floors too (scripts/lib/bench-verdict.ts).
import type { StandIn } from '../../tooling/stand-in/server';
import { Measure, type Budget, type Comparison } from './bench-verdict';
import { accountsPopupSamples } from './accounts-bench';
import { LIST_PAGE, OPTIONS_PAGE } from './bundle-sizes';
import { fieldBench, type FieldBenchShape } from './field-bench';
import { EMPTY_PAGE, STATIC_FLOOR_HELPER } from './floor-extension';
import { firefoxPopupFirstPaints } from './firefox-popup-bench';
import { harnessSamples, type PaintTimes } from './harness-bench';
import { fullHistoryPage, pagePaints } from './history-bench';
import { listBench, type ListBenchShape } from './list-bench';
import { ownLinkPopupSamples } from './own-link-bench';
import { coldSamples, floorSample, idleFloorPaints, popupSample, popupWithFullHistory, stoppedWorkerSamples, uncachedPopupSample, warmSamples, withBrowser, type PopupBench } from './popup-bench';
import { popupFirstPaint } from './paint-timing';
import { queueBench, type QueueBenchResult, type QueueBenchShape } from './queue-bench';
import { chromiumShortcutSamples, firefoxShortcutSamples } from './shortcut-bench';

export interface BenchPlan {
  bench: PopupBench;
  standIn: StandIn;
  display: string;
  staticFloorDir: string;
  /** The blank popup of the popup's own size (writeSizedFloorExtension). */
  sizedFloorDir: string;
  firefoxDist: string;
  runs: number;
  historyEntries: number;
  /** The queue's runs take a minute each: `queueRuns` of them, never measured again. */
  queue: QueueBenchShape;
  queueRuns: number;
  field: FieldBenchShape;
  /** The list's runs take a minute each: `list.runs` of them, never measured again. */
  list: ListBenchShape;
}

export type BenchMeasures = ReturnType<typeof benchMeasures>;

/** Every measure of the bench, none taken yet. */
export function benchMeasures(plan: BenchPlan) {
  const { bench, standIn, display, runs } = plan;
  return {
    staticCold: new Measure(() => coldSamples(bench, plan.staticFloorDir, popupFirstPaint, runs)),
    staticWarm: new Measure(() => warmSamples(bench, plan.staticFloorDir, popupFirstPaint, runs)),
    floorCold: new Measure(() => coldSamples(bench, bench.floorDir, floorSample, runs)),
    floorWarm: new Measure(() => warmSamples(bench, bench.floorDir, floorSample, runs)),
    popupCold: new Measure(() => coldSamples(bench, bench.dist, uncachedPopupSample, runs)),
    popupWarm: new Measure(() => warmSamples(bench, bench.dist, uncachedPopupSample, runs)),
    // The popup and the blank popup of its size in turn, run by run, each run a fresh profile.
    harness: new Measure(() => harnessSamples(bench, plan.sizedFloorDir, runs)),
    // On a page history holds: the first open, not counted, is the request that puts it there.
    cachedRunning: new Measure(() => warmSamples(bench, bench.dist, popupSample, runs)),
    cachedStopped: new Measure(() => stoppedWorkerSamples(bench, runs)),
    idleFloor: new Measure(() => idleFloorPaints(bench, runs)),
    withHistory: new Measure(() => popupWithFullHistory(bench, plan.historyEntries, runs)),
    ownLink: new Measure(() => withBrowser(bench, bench.dist, (browser) => ownLinkPopupSamples(browser, standIn.baseUrl, runs))),
    accounts: new Measure(() => withBrowser(bench, bench.dist, (browser) => accountsPopupSamples(browser, standIn.baseUrl, standIn.demoToken, runs))),
    emptyPage: new Measure(() => withBrowser(bench, bench.floorDir, (browser) => pagePaints(browser, EMPTY_PAGE, runs, true))),
    optionsPage: new Measure(() => withBrowser(bench, bench.dist, (browser) => pagePaints(browser, OPTIONS_PAGE, runs, false))),
    historyPage: new Measure(() => withBrowser(bench, bench.dist, (browser) => fullHistoryPage(browser, standIn.baseUrl, plan.historyEntries, runs))),
    listPage: new Measure(() => withBrowser(bench, bench.dist, (browser) => pagePaints(browser, LIST_PAGE, runs, true))),
    shortcut: new Measure(() => withBrowser(bench, bench.dist, (browser, tab) => chromiumShortcutSamples(browser, tab, display, runs))),
    firefoxShortcut: new Measure(() => firefoxShortcutSamples(plan.firefoxDist, standIn, display, runs)),
    // Firefox's popup is timed without settings (no token): its first paint comes before any answer.
    firefoxStatic: new Measure(() => firefoxPopupFirstPaints({ extensionDir: plan.staticFloorDir, helperPage: STATIC_FLOOR_HELPER, tabUrl: bench.articleUrl, runs, display })),
    firefoxPopup: new Measure(() => firefoxPopupFirstPaints({ extensionDir: plan.firefoxDist, tabUrl: bench.articleUrl, runs, display })),
    queue: new Measure(async () => {
      const results: QueueBenchResult[] = [];
      for (let run = 0; run < plan.queueRuns; run += 1) results.push(await queueBench(plan.queue));
      return results;
    }),
    field: new Measure(() => fieldBench(plan.field)),
    listRun: new Measure(() => listBench(plan.list)),
  };
}

const ratio = (limit: number): Budget => ({ kind: 'ratio', limit });
/** A measure's values: each batch as it is, or a key picked from each batch's records. */
export const all = (measure: Measure<number[]>) => () => measure.series((batch) => batch);
export const pick = <T>(measure: Measure<T[]>, key: keyof T) => () => measure.series((batch) => batch.map((sample) => Number(sample[key])));
/** The harness's paint times of one side and one open, by one clock. */
export const harness = (m: BenchMeasures, side: 'popup' | 'floor', open: 'cold' | 'warm', clock: keyof PaintTimes) => () =>
  m.harness.series((batch) => batch[side][open].map((times) => times[clock]));

/** Each budgeted timing: its samples, its floor, its budget, and what is measured again while its verdict waits on its spread. */
export function benchComparisons(m: BenchMeasures) {
  return {
    paintCold: { samples: pick(m.popupCold, 'firstPaint'), floor: all(m.staticCold), budget: ratio(1.1), measures: [m.popupCold, m.staticCold] },
    paintWarm: { samples: pick(m.popupWarm, 'firstPaint'), floor: all(m.staticWarm), budget: ratio(1.1), measures: [m.popupWarm, m.staticWarm] },
    harnessCold: { samples: harness(m, 'popup', 'cold', 'click'), floor: harness(m, 'floor', 'cold', 'click'), budget: ratio(1.05), measures: [m.harness] },
    harnessWarm: { samples: harness(m, 'popup', 'warm', 'click'), floor: harness(m, 'floor', 'warm', 'click'), budget: ratio(1.05), measures: [m.harness] },
    harnessNavigation: { samples: harness(m, 'popup', 'cold', 'navigation'), floor: harness(m, 'floor', 'cold', 'navigation'), budget: ratio(1.15), measures: [m.harness] },
    shownCold: { samples: pick(m.popupCold, 'shortUrlShown'), floor: pick(m.floorCold, 'total'), budget: ratio(1.3), measures: [m.popupCold, m.floorCold] },
    shownWarm: { samples: pick(m.popupWarm, 'shortUrlShown'), floor: pick(m.floorWarm, 'total'), budget: ratio(1.3), measures: [m.popupWarm, m.floorWarm] },
    shortcut: { samples: () => m.shortcut.series((batch) => batch.samples), floor: pick(m.floorWarm, 'total'), budget: ratio(2), measures: [m.shortcut, m.floorWarm] },
    firefoxCold: { samples: () => m.firefoxPopup.series((batch) => batch.cold), floor: () => m.firefoxStatic.series((batch) => batch.cold), budget: ratio(1.1), measures: [m.firefoxPopup, m.firefoxStatic] },
    firefoxWarm: { samples: () => m.firefoxPopup.series((batch) => batch.warm), floor: () => m.firefoxStatic.series((batch) => batch.warm), budget: ratio(1.1), measures: [m.firefoxPopup, m.firefoxStatic] },
    cachedRunning: { samples: pick(m.cachedRunning, 'shortUrlShown'), floor: pick(m.floorWarm, 'firstPaint'), budget: ratio(1.05), measures: [m.cachedRunning, m.floorWarm] },
    cachedStopped: { samples: () => m.cachedStopped.series((batch) => batch.shown), floor: all(m.idleFloor), budget: ratio(1.05), measures: [m.cachedStopped, m.idleFloor] },
    historyFull: { samples: () => m.withHistory.series((batch) => batch.full), floor: () => m.withHistory.series((batch) => batch.empty), budget: ratio(1.05), measures: [m.withHistory] },
    ownLink: { samples: () => m.ownLink.series((batch) => batch.withOwn), floor: () => m.ownLink.series((batch) => batch.without), budget: ratio(1.05), measures: [m.ownLink] },
    accounts: { samples: () => m.accounts.series((batch) => batch.many), floor: () => m.accounts.series((batch) => batch.one), budget: ratio(1.05), measures: [m.accounts] },
    options: { samples: all(m.optionsPage), floor: all(m.emptyPage), budget: ratio(1.1), measures: [m.optionsPage, m.emptyPage] },
    historyPaint: { samples: () => m.historyPage.series((batch) => batch.paint), floor: all(m.emptyPage), budget: ratio(1.1), measures: [m.historyPage, m.emptyPage] },
    listPaint: { samples: all(m.listPage), floor: all(m.emptyPage), budget: ratio(1.1), measures: [m.listPage, m.emptyPage] },
    keystroke: { samples: () => m.historyPage.series((batch) => batch.keystrokes), floor: () => 0, budget: { kind: 'at most', limit: 16 }, measures: [m.historyPage] },
    // Each run against the least its limit allows; runs of a minute each are several, never more.
    queue: { samples: () => m.queue.series((batch) => batch.map((run) => run.tookMs / run.leastMs)), floor: () => 1, budget: ratio(1.05), measures: [] },
    field: { samples: () => m.field.series((batch) => batch.many), floor: () => m.field.series((batch) => batch.unlimited), budget: ratio(1.05), measures: [m.field] },
    // Each run against the least its limit allows, as the queue's.
    listRun: { samples: () => m.listRun.series((batch) => batch.map((run) => run.tookMs / run.leastMs)), floor: () => 1, budget: ratio(1.05), measures: [] },
  } satisfies Record<string, Comparison>;
}
