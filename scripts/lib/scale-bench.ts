// Issue 24's figures: "Shorten all tabs" on a window of a thousand tabs at a
// scaled window (60 per 3 s: the run takes about 50 s, not seventeen
// minutes), in headed Chromium under Xvfb (the tabs permission is granted at
// its real prompt) with the e2e build (whose hook chooses menu items).
// 1. A clean run: the last link against the least time the limit allows,
//    storage.session at its fullest, and the popup's first paint on the
//    running window against the same popup on a tab with no run; taken
//    `cleanRuns` times, history emptied between them.
// 2. The soak (scripts/lib/soak-bench.ts) on the same tabs, with menu clicks
//    and popup shortenings mixed in and the worker stopped at seeded random
//    moments; then what must hold (see SoakResult).
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { leastTimeMs } from '../../src/shortening/run-pace';
import { launchExtensionBrowser, type ExtensionBrowser } from '../../tooling/browsers/extension-browser';
import { pointAtStandIn } from '../../tooling/browsers/point-at-stand-in';
import { holdTabsPermission } from '../../tooling/browsers/tabs-permission';
import type { XvfbServer } from '../../tooling/browsers/xvfb';
import { startStandIn, type StandIn } from '../../tooling/stand-in/server';
import { pollUntil } from '../../tooling/poll';
import { popupFirstPaint } from './paint-timing';
import { awakeWorker, BULK_BUTTON, endedRun, endsWithinMs, followRun, openTabsWindow, requestedUrl, sessionBytes, shortenRequests, startRun, type ScaleShape, type TabsWindow } from './scale-run';
import { soak, type SoakResult } from './soak-bench';

const seed = Number(process.env.SOAK_SEED ?? Math.floor(Math.random() * 1_000_000));
export const SCALE_BENCH: ScaleShape = { tabs: 1_000, limit: 60, windowMs: 3_000, clicks: 20, popups: 8, stops: 6, seed, cleanRuns: 3, follows: 2 };
export const SCALE_SMOKE: ScaleShape = { tabs: 24, limit: 10, windowMs: 2_000, clicks: 2, popups: 1, stops: 1, seed, cleanRuns: 1 };

export interface CleanRunResult {
  /** From the run's first request to its last, at the stand-in. */
  tookMs: number;
  leastMs: number;
  refused: number;
  /** storage.session's bytes at the fullest seen while the run went. */
  peakSessionBytes: number;
  popupPaintWithout: number[];
  popupPaintDuring: number[];
  /** The popup opened on the running window, `follows` times: click → its list on screen, every tab counted, ms. */
  popupListShownMs: number[];
  /** The longest frame (Long Animation Frames) of each of those popups while it followed the run for a few seconds, ms; 0 when none was long. */
  popupLongestFrameMs: number[];
}

const PAINTS = 5;

/**
 * Both parts, one browser and one window (a thousand tabs take minutes to
 * open): the soak runs on the same tabs with history emptied first, so every
 * link is made again. What `npm run bench` prints.
 */
export function scaleBench(shape: ScaleShape, xvfb: XvfbServer): Promise<{ clean: CleanRunResult[]; soak: SoakResult }> {
  return withScaleBrowser(shape, xvfb, async (extension, standIn) => {
    const window = await openTabsWindow(extension, standIn, 'tab', shape.tabs);
    const clearHistory = async () => (await awakeWorker(extension)).evaluate(() => (globalThis as unknown as { shrtnrE2e: { history(): { clear(): Promise<unknown> } } }).shrtnrE2e.history().clear());
    const clean: CleanRunResult[] = [];
    for (let run = 0; run < (shape.cleanRuns ?? 1); run += 1) {
      // Every link made again, none from history.
      if (run > 0) await clearHistory();
      clean.push(await cleanRun(extension, standIn, shape, window));
    }
    await clearHistory();
    return { clean, soak: await soak(extension, standIn, shape, window) };
  });
}

/**
 * The e2e build in headed Chromium on `xvfb`, against a stand-in at the
 * shape's limit, set up and holding the tabs permission (granted at its real prompt).
 */
export async function withScaleBrowser<T>(shape: ScaleShape, xvfb: XvfbServer, use: (extension: ExtensionBrowser, standIn: StandIn) => Promise<T>): Promise<T> {
  const standIn = await startStandIn({ rateLimit: { limit: shape.limit, windowMs: shape.windowMs } });
  try {
    // Renderers shared: a thousand tabs of one site open in a third of the time.
    const extension = await launchExtensionBrowser({ extensionDir: resolve(import.meta.dirname, '../../dist-e2e/chrome'), trustedSpkiHashes: [standIn.spkiHash], headless: false, display: xvfb.display, extraArgs: ['--renderer-process-limit=4'] });
    try {
      await pointAtStandIn(extension, standIn);
      // Every context's console (the worker's included), which says what each link's delivery did.
      if (process.env.SOAK_TRACE !== undefined) extension.context.on('console', (message) => console.log(`console: ${message.text()}`));
      await holdTabsPermission(extension, xvfb);
      return await use(extension, standIn);
    } finally {
      await extension.close();
    }
  } finally {
    await standIn.close();
  }
}

async function cleanRun(extension: ExtensionBrowser, standIn: StandIn, shape: ScaleShape, window: TabsWindow): Promise<CleanRunResult> {
  // A tab of its own for the popup's paint without a run. It opens in the run's window (the last one focused): closed at
  // the end, else the next run (and the soak) would find it there, a second tab of the same page, skipped as a duplicate.
  const plain = await extension.context.newPage();
  try {
    return await timedCleanRun(extension, standIn, shape, window, plain);
  } finally {
    await plain.close();
  }
}

async function timedCleanRun(extension: ExtensionBrowser, standIn: StandIn, shape: ScaleShape, window: TabsWindow, plain: Page): Promise<CleanRunResult> {
  await plain.goto(`${standIn.baseUrl}/demo/article`);
  await popupFirstPaint(extension, plain); // its link into history, not counted
  const popupPaintWithout: number[] = [];
  for (let run = 0; run < PAINTS; run += 1) popupPaintWithout.push(await popupFirstPaint(extension, plain));
  // The run opens a window of its own, as the least time below counts: the window the first popup's link opened
  // is over first (else the run's first links go in its rest, and it ends sooner than that least time).
  await new Promise((done) => setTimeout(done, shape.windowMs));

  standIn.clearLog();
  await startRun(extension, window.first, BULK_BUTTON);
  const until = Date.now() + endsWithinMs(shape);
  const failure = `The clean run of ${shape.tabs} tabs did not end within ${Math.round(endsWithinMs(shape) / 1000)} s.`;
  // The popup is timed with nothing else asking the browser for anything: the harness reading the run, a
  // megabyte of storage.session, in the extension's own process would slow the very popup it times.
  const popupPaintDuring: number[] = [];
  let peakSessionBytes = 0;
  for (let run = 0; run < PAINTS; run += 1) {
    popupPaintDuring.push(await popupFirstPaint(extension, window.second));
    peakSessionBytes = Math.max(peakSessionBytes, await sessionBytes(extension));
  }
  const followed: { listShownMs: number; longestFrameMs: number }[] = [];
  // Each a sample of the list's first showing, all while the run goes (a thousand tabs take some fifty seconds).
  for (let follow = 0; follow < (shape.follows ?? 1); follow += 1) followed.push(await followRun(extension, window.second));
  // Then the run's end, judged at the stand-in (every tab's link made) and only then read from the worker.
  const made = new Set(window.urls);
  await pollUntil(
    async () => {
      peakSessionBytes = Math.max(peakSessionBytes, await sessionBytes(extension));
      const answered = new Set(shortenRequests(standIn).flatMap((request) => (request.throttle?.verdict === 'allowed' ? [requestedUrl(request)] : [])));
      return [...made].every((url) => answered.has(url)) ? true : undefined;
    },
    { timeoutMs: until - Date.now(), intervalMs: 500, failure },
  );
  await pollUntil(() => endedRun(extension, window.windowId), { timeoutMs: Math.max(until - Date.now(), 10_000), intervalMs: 500, failure });
  const requests = standIn.apiRequests();
  const tookMs = (requests.at(-1)?.at ?? 0) - (requests[0]?.at ?? 0);
  return {
    tookMs,
    leastMs: leastTimeMs(requests.length, { limit: shape.limit, windowMs: shape.windowMs }),
    refused: requests.filter((request) => request.throttle?.verdict === 'refused').length,
    peakSessionBytes,
    popupPaintWithout,
    popupPaintDuring,
    popupListShownMs: followed.map((each) => each.listShownMs),
    popupLongestFrameMs: followed.map((each) => each.longestFrameMs),
  };
}
