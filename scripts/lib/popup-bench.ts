// The Chromium popup's rows of `npm run bench` (docs/performance.md), each a
// number of runs that can be taken again while a verdict waits on its spread:
// the floors' and the popup's first paint and link, cold and warm, the link
// from history with the worker running and stopped, and the popup with a
// full history. `launch` gives a browser with the extension of that folder.
import type { Page } from 'playwright-core';
import { TIMING_MARKS } from '../../src/platform/timing';
import type { ExtensionBrowser } from '../../tooling/browsers/extension-browser';
import { FLOOR_MEASURE } from './floor-extension';
import { seedHistory } from './history-bench';
import { latestEntry } from './paint-timing';

export interface PopupBench {
  launch(extensionDir: string): Promise<ExtensionBrowser>;
  /** The production build's folder, and the scripted floor's. */
  dist: string;
  floorDir: string;
  /** The page the popups open on, and the server its links are made by. */
  articleUrl: string;
  server: string;
}

export interface FloorSample { firstPaint: number; roundTrip: number; total: number }
export interface PopupSample { firstPaint: number; shortUrlShown: number; copied: number; layoutShift: number }

export async function floorSample(browser: ExtensionBrowser, tab: Page): Promise<FloorSample> {
  const { popup, triggeredAt } = await browser.openPopupTimed(tab);
  const firstPaint = (await latestEntry(popup, 'first-contentful-paint', 'paint')).startedAt - triggeredAt;
  const roundTrip = (await latestEntry(popup, FLOOR_MEASURE, 'measure')).duration;
  await popup.close();
  return { firstPaint, roundTrip, total: firstPaint + roundTrip };
}

/**
 * The cumulative layout shift of a page so far (Layout Instability API): what
 * moved on screen, with no input to explain it. Layout-shift entries are given
 * only to an observer; `buffered` hands it those from before it was made.
 */
function layoutShiftSoFar(page: Page): Promise<number> {
  return page.evaluate(() => {
    const observer = new PerformanceObserver(() => undefined);
    observer.observe({ type: 'layout-shift', buffered: true });
    const shifts = observer.takeRecords() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
    observer.disconnect();
    return shifts.filter((shift) => !shift.hadRecentInput).reduce((sum, shift) => sum + shift.value, 0);
  });
}

export async function popupSample(browser: ExtensionBrowser, tab: Page): Promise<PopupSample> {
  const { popup, triggeredAt } = await browser.openPopupTimed(tab);
  const firstPaint = (await latestEntry(popup, 'first-contentful-paint', 'paint')).startedAt - triggeredAt;
  // In the DOM is not on screen: a link rendered before the first paint appears with it.
  const shortUrlShown = Math.max(firstPaint, (await latestEntry(popup, TIMING_MARKS.popupShortUrlShown, 'mark')).startedAt - triggeredAt);
  const copied = (await latestEntry(popup, TIMING_MARKS.popupCopied, 'mark')).startedAt - triggeredAt;
  // From the first paint until the link is shown and copied.
  const layoutShift = await layoutShiftSoFar(popup);
  await popup.close();
  return { firstPaint, shortUrlShown, copied, layoutShift };
}

// Every uncached sample shortens a URL of its own: the same one again would
// be answered from history, with no request.
let uncachedRun = 0;
export async function uncachedPopupSample(browser: ExtensionBrowser, tab: Page): Promise<PopupSample> {
  uncachedRun += 1;
  await tab.goto(`${new URL(tab.url()).origin}/demo/article?run=${uncachedRun}`);
  return popupSample(browser, tab);
}

/** `measure` in a browser of its own, on a tab of the article, closed after. */
export async function withBrowser<T>(bench: PopupBench, extensionDir: string, measure: (browser: ExtensionBrowser, tab: Page) => Promise<T>): Promise<T> {
  const browser = await bench.launch(extensionDir);
  try {
    const tab = await browser.context.newPage();
    await tab.goto(bench.articleUrl);
    return await measure(browser, tab);
  } finally {
    await browser.close();
  }
}

/** Cold: a fresh browser for every run, measuring its first open. */
export async function coldSamples<T>(bench: PopupBench, extensionDir: string, sample: (browser: ExtensionBrowser, tab: Page) => Promise<T>, runs: number): Promise<T[]> {
  const cold: T[] = [];
  for (let run = 0; run < runs; run += 1) cold.push(await withBrowser(bench, extensionDir, sample));
  return cold;
}

/** Warm: `runs` opens in one browser, after a first one not counted (the cold one; or, on a page history holds, the request that put it there). */
export function warmSamples<T>(bench: PopupBench, extensionDir: string, sample: (browser: ExtensionBrowser, tab: Page) => Promise<T>, runs: number): Promise<T[]> {
  return withBrowser(bench, extensionDir, async (browser, tab) => {
    await sample(browser, tab);
    const warm: T[] = [];
    for (let run = 0; run < runs; run += 1) warm.push(await sample(browser, tab));
    return warm;
  });
}

/**
 * How long a stopped worker's popup waits before it opens: a user comes back
 * after a while (Chrome stops the worker after 30 s without events), and by
 * then the extension has no process left, so the popup's page starts in a new
 * one. Opened at once, it may still find the old one. The empty popup it is
 * compared with waits as long.
 */
export const IDLE_MS = 3_000;
const idle = () => new Promise((done) => setTimeout(done, IDLE_MS));

/** The popup on a page whose link history holds, the worker stopped first and IDLE_MS gone by: the link on screen, and its own first paint. */
export function stoppedWorkerSamples(bench: PopupBench, runs: number): Promise<{ shown: number[]; firstPaint: number[] }> {
  return withBrowser(bench, bench.dist, async (browser, tab) => {
    await popupSample(browser, tab); // the request that puts it in history, not counted
    const samples = { shown: [] as number[], firstPaint: [] as number[] };
    for (let run = 0; run < runs; run += 1) {
      await browser.stopServiceWorkers();
      await idle();
      const sample = await popupSample(browser, tab);
      samples.shown.push(sample.shortUrlShown);
      samples.firstPaint.push(sample.firstPaint);
    }
    return samples;
  });
}

/** The scripted floor's first paint after the same idle as a stopped worker's popup: its extension has no process left either. */
export function idleFloorPaints(bench: PopupBench, runs: number): Promise<number[]> {
  return withBrowser(bench, bench.floorDir, async (browser, tab) => {
    await floorSample(browser, tab); // the browser's first, not counted
    const paints: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      await idle();
      paints.push((await floorSample(browser, tab)).firstPaint);
    }
    return paints;
  });
}

/** The popup (warm, uncached links) with history empty, then holding `entries` links. */
export function popupWithFullHistory(bench: PopupBench, entries: number, runs: number): Promise<{ empty: number[]; full: number[] }> {
  return withBrowser(bench, bench.dist, async (browser, tab) => {
    await uncachedPopupSample(browser, tab); // the cold one, not counted
    const samples = { empty: [] as number[], full: [] as number[] };
    for (let run = 0; run < runs; run += 1) samples.empty.push((await uncachedPopupSample(browser, tab)).shortUrlShown);
    await seedHistory(browser, bench.server, entries);
    for (let run = 0; run < runs; run += 1) samples.full.push((await uncachedPopupSample(browser, tab)).shortUrlShown);
    return samples;
  });
}
