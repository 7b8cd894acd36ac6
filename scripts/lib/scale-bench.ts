// Issue 24's figures: "Shorten all tabs" on a window of a thousand tabs at a
// scaled window (60 per 3 s: the run takes about 50 s, not seventeen
// minutes), in headed Chromium under Xvfb (the tabs permission is granted at
// its real prompt) with the e2e build (whose hook chooses menu items).
// 1. A clean run: the last link against the least time the limit allows,
//    storage.session at its fullest, and the popup's first paint on the
//    running window against the same popup on a tab with no run.
// 2. The soak: a second window of a thousand, with menu clicks and popup
//    shortenings mixed in and the worker stopped at seeded random moments;
//    then what must hold (see SoakResult).
import { resolve } from 'node:path';
import type { Page, Worker } from 'playwright-core';
import type { BackgroundOutcome } from '../../src/background/delivery/deliver';
import { leastTimeMs } from '../../src/shortening/run-pace';
import { launchExtensionBrowser, type ExtensionBrowser } from '../../tooling/browsers/extension-browser';
import { pointAtStandIn } from '../../tooling/browsers/point-at-stand-in';
import { holdTabsPermission } from '../../tooling/browsers/tabs-permission';
import type { XvfbServer } from '../../tooling/browsers/xvfb';
import { startStandIn, type StandIn } from '../../tooling/stand-in/server';
import { pollUntil } from '../../tooling/poll';
import { TIMING_MARKS } from '../../src/platform/timing';
import { latestEntry, popupFirstPaint } from './paint-timing';
import { seededRandom } from './seeded-random';
import { awakeWorker, clicksHeld, endedRun, historyEntries, openTabsWindow, sessionBytes, startRun, tabUrl, type TabsWindow } from './scale-run';

export interface ScaleShape {
  tabs: number;
  limit: number;
  windowMs: number;
  /** In the soak: menu clicks, popup shortenings and worker stops, at seeded random moments. */
  clicks: number;
  popups: number;
  stops: number;
  seed: number;
}

const seed = Number(process.env.SOAK_SEED ?? Math.floor(Math.random() * 1_000_000));
export const SCALE_BENCH: ScaleShape = { tabs: 1_000, limit: 60, windowMs: 3_000, clicks: 20, popups: 8, stops: 6, seed };
export const SCALE_SMOKE: ScaleShape = { tabs: 24, limit: 10, windowMs: 2_000, clicks: 2, popups: 1, stops: 1, seed };

export interface CleanRunResult {
  /** From the run's first request to its last, at the stand-in. */
  tookMs: number;
  leastMs: number;
  refused: number;
  /** storage.session's bytes at the fullest seen while the run went. */
  peakSessionBytes: number;
  popupPaintWithout: number[];
  popupPaintDuring: number[];
  /** The popup opened on the running window: click → its list on screen, every tab counted, ms. */
  popupListShownMs: number;
  /** The longest frame (Long Animation Frames) of that popup while it followed the run for a few seconds, ms; 0 when none was long. */
  popupLongestFrameMs: number;
}

export interface SoakResult {
  seed: number;
  tabs: number;
  tookMs: number;
  stops: number;
  /** Tabs of the run without a short link at its end. */
  unfinished: number;
  /** Long URLs requested more than once: after a 429 (as designed), after a stop cut the earlier request off (sent again rather than lost), or else (a fault). */
  sentAgainAfter429: number;
  sentAgainAfterStop: number;
  sentTwiceOtherwise: string[];
  /** Links the soak asked for (run, clicks, popups) that history does not hold exactly once. */
  notInHistoryOnce: string[];
  refused: number;
  /**
   * What the clipboard must hold (the link of the last click whose link came in time: the clipboard rule; none when no click's did),
   * what it must never hold (the links of the clicks whose links came late: offered, not copied), and what it holds.
   */
  clipboard: { expected: string | undefined; late: string[]; actual: string };
}

const BULK_BUTTON = 'Shorten all tabs in this window';
/** How long a run may take before the bench calls it stuck: three times the least the limit allows, and three minutes. */
const endsWithinMs = (shape: ScaleShape): number => 3 * leastTimeMs(shape.tabs, shape) + 180_000;
const PAINTS = 5;
/** How long the popup follows the running run while its frames are watched. */
export const FOLLOW_MS = 3_000;

/**
 * Both parts, one browser and one window (a thousand tabs take minutes to
 * open): the soak runs on the same tabs with history emptied first, so every
 * link is made again. What `npm run bench` prints.
 */
export function scaleBench(shape: ScaleShape, xvfb: XvfbServer): Promise<{ clean: CleanRunResult; soak: SoakResult }> {
  return withScaleBrowser(shape, xvfb, async (extension, standIn) => {
    const window = await openTabsWindow(extension, standIn, 'tab', shape.tabs);
    const clean = await cleanRun(extension, standIn, shape, window);
    await (await awakeWorker(extension)).evaluate(() => (globalThis as unknown as { shrtnrE2e: { history(): { clear(): Promise<unknown> } } }).shrtnrE2e.history().clear());
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
  const plain = await extension.context.newPage();
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
  const followed = await followRun(extension, window.second);
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
    popupListShownMs: followed.listShownMs,
    popupLongestFrameMs: followed.longestFrameMs,
  };
}

/** How long the popup opened on a running run takes to show its list (the rows in view, of all its tabs), and its longest frame while it follows the run's changes. */
async function followRun(extension: ExtensionBrowser, tab: Page): Promise<{ listShownMs: number; longestFrameMs: number }> {
  const { popup, triggeredAt } = await extension.openPopupTimed(tab);
  // The list windowed, its first row saying the list's size (the window's tabs, and any the bench opened in it since).
  await popup.locator('[data-testid="bulk-item"][aria-posinset="1"][aria-setsize]').waitFor({ timeout: 30_000 });
  // Timed by the popup's own mark, as the popup's link is (the harness's round trips to see the row are not the
  // popup's); a list rendered before the first paint appears with it.
  const [paint, listShown] = await Promise.all([latestEntry(popup, 'first-contentful-paint', 'paint'), latestEntry(popup, TIMING_MARKS.popupRunListShown, 'mark')]);
  const listShownMs = Math.max(paint.startedAt, listShown.startedAt) - triggeredAt;
  const longestFrameMs = await popup.evaluate(
    (forMs) =>
      new Promise<number>((done) => {
        let longest = 0;
        // Buffered: the frames since the popup opened count too, its first render of the list among them.
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
        }).observe({ type: 'long-animation-frame', buffered: true });
        setTimeout(() => done(longest), forMs);
      }),
    FOLLOW_MS,
  );
  await popup.close();
  return { listShownMs, longestFrameMs };
}

interface SoakEvent {
  atMs: number;
  kind: 'stop' | 'menu' | 'popup';
  index: number;
}

/** The soak on `window` (a new one of the shape's tabs when none is given, their links not yet made). */
export async function soak(extension: ExtensionBrowser, standIn: StandIn, shape: ScaleShape, given?: TabsWindow): Promise<SoakResult> {
  const random = seededRandom(shape.seed);
  const window = given ?? (await openTabsWindow(extension, standIn, 'soak', shape.tabs));
  const plain = await extension.context.newPage();
  await plain.goto(`${standIn.baseUrl}/demo/blank`);
  standIn.clearLog();
  const startedAt = await startRun(extension, window.first, BULK_BUTTON);
  const spanMs = Math.max(leastTimeMs(shape.tabs, shape), shape.windowMs);
  const events: SoakEvent[] = [
    ...Array.from({ length: shape.stops }, (_, index) => ({ atMs: random() * spanMs, kind: 'stop' as const, index })),
    ...Array.from({ length: shape.clicks }, (_, index) => ({ atMs: random() * spanMs, kind: 'menu' as const, index })),
    ...Array.from({ length: shape.popups }, (_, index) => ({ atMs: random() * spanMs, kind: 'popup' as const, index })),
  ].toSorted((a, b) => a.atMs - b.atMs);
  const stopTimes: number[] = [];
  const clicks: { longUrl: string; at: number }[] = [];
  const pending: Promise<unknown>[] = [];
  const say = (text: string) => process.env.SOAK_TRACE !== undefined && console.log(`soak ${((Date.now() - startedAt) / 1000).toFixed(2)} s: ${text}`);
  for (const event of events) {
    await new Promise((done) => setTimeout(done, Math.max(0, startedAt + event.atMs - Date.now())));
    say(`${event.kind} ${event.index}`);
    if (event.kind === 'stop') {
      // Chrome never stops a worker in the middle of an event it is handling: a stop comes once the worker holds every click's link.
      const clicked = clicks.map((click) => click.longUrl);
      await pollUntil(async () => ((await clicksHeld(extension, clicked)) ? true : undefined), { timeoutMs: 30_000, intervalMs: 100, failure: `The worker did not take the soak's clicks in hand: ${clicked.join(', ')}.` });
      stopTimes.push(Date.now());
      await extension.stopServiceWorkers();
    } else if (event.kind === 'menu') {
      const longUrl = tabUrl(standIn, 'menu', event.index);
      // The click happens when the worker has it: a worker stopped just before takes up to a second to
      // wake, and two clicks waiting for it at once would reach it in either order.
      const worker = await awakeWorker(extension);
      clicks.push({ longUrl, at: Date.now() });
      // Not awaited: a worker stopped meanwhile loses the answer, not the link (its job is journalled).
      pending.push(menuClick(worker, longUrl).catch(() => undefined));
    } else {
      const longUrl = tabUrl(standIn, 'popup', event.index);
      await plain.goto(longUrl);
      clicks.push({ longUrl, at: Date.now() });
      const popup = await extension.openPopup(plain);
      // Closed once it says how the copy went, as a person would see it: the copy follows the link on screen.
      await popup.getByTestId('copy-status').filter({ hasText: /\S/ }).waitFor({ timeout: 60_000 });
      await popup.close();
    }
  }
  say('events done');
  await Promise.all(pending);
  say('clicks answered');
  const items = await pollUntil(() => endedRun(extension, window.windowId), { timeoutMs: endsWithinMs(shape), intervalMs: 500, failure: `The soak's run of ${shape.tabs} tabs did not end within ${Math.round(endsWithinMs(shape) / 1000)} s.` });
  const tookMs = Date.now() - startedAt;
  say('run ended');
  // Every click's link made (some may come as late as the queue's bound after a stop).
  const asked = [...window.urls, ...clicks.map((click) => click.longUrl)];
  let missing: string[] = [];
  const history = await pollUntil(
    async () => {
      const entries = await historyEntries(extension);
      const made = new Set(entries.map((entry) => entry.longUrl));
      missing = asked.filter((url) => !made.has(url));
      return missing.length === 0 ? entries : undefined;
    },
    // A click's link waits at most its two-minute bound; one stopped late may come that long after.
    { timeoutMs: 150_000, intervalMs: 500, failure: () => `Not every link the soak asked for reached history: ${missing.join(', ')}.` },
  );
  return { seed: shape.seed, tabs: shape.tabs, tookMs, stops: stopTimes.length, unfinished: items.filter((item) => item.status.state !== 'done').length, ...requestsAudit(standIn, stopTimes), notInHistoryOnce: asked.filter((url) => history.filter((entry) => entry.longUrl === url).length !== 1), clipboard: await clipboardAudit(extension, standIn, clicks, history) };
}

function menuClick(worker: Worker, linkUrl: string): Promise<BackgroundOutcome | undefined> {
  return worker.evaluate((url) => (globalThis as unknown as { shrtnrE2e: { onMenuClicked(info: object, tab: object): Promise<BackgroundOutcome | undefined> } }).shrtnrE2e.onMenuClicked({ menuItemId: 'shorten-link', linkUrl: url, editable: false }, { index: 0, active: true, incognito: false }), linkUrl);
}

const shortenRequests = (standIn: StandIn) => standIn.apiRequests().filter((request) => request.path.endsWith('/shorten/single'));
const requestedUrl = (request: { body: string }): string => String((JSON.parse(request.body) as { url?: unknown }).url);

/** Each long URL sent more than once, by why: a 429 answered the earlier request, a worker stop fell between the two, or neither. */
function requestsAudit(standIn: StandIn, stopTimes: number[]): Pick<SoakResult, 'sentAgainAfter429' | 'sentAgainAfterStop' | 'sentTwiceOtherwise' | 'refused'> {
  const requests = shortenRequests(standIn);
  const byUrl = new Map<string, typeof requests>();
  for (const request of requests) {
    const url = requestedUrl(request);
    byUrl.set(url, [...(byUrl.get(url) ?? []), request]);
  }
  let sentAgainAfter429 = 0;
  let sentAgainAfterStop = 0;
  const sentTwiceOtherwise: string[] = [];
  for (const [url, sent] of byUrl) {
    for (const [index, earlier] of sent.slice(0, -1).entries()) {
      const later = sent[index + 1]?.at ?? Number.POSITIVE_INFINITY;
      if (earlier.throttle?.verdict === 'refused') sentAgainAfter429 += 1;
      else if (stopTimes.some((stop) => stop >= earlier.at - 1_000 && stop <= later)) sentAgainAfterStop += 1;
      else sentTwiceOtherwise.push(url);
    }
  }
  return { sentAgainAfter429, sentAgainAfterStop, sentTwiceOtherwise, refused: requests.filter((request) => request.throttle?.verdict === 'refused').length };
}

/** Of the clicks, the last whose link came within 30 s of it is the one the clipboard must hold (a later one's late link is offered, not copied). */
async function clipboardAudit(extension: ExtensionBrowser, standIn: StandIn, clicks: { longUrl: string; at: number }[], history: { longUrl: string; shortUrl: string; createdAt: number }[]): Promise<SoakResult['clipboard']> {
  if (process.env.SOAK_TRACE !== undefined) {
    for (const click of clicks) {
      const entries = history.filter((entry) => entry.longUrl === click.longUrl);
      console.log(`click ${click.longUrl.replace(/.*\?/, '')} at ${click.at}: ${entries.map((entry) => `${entry.shortUrl} +${entry.createdAt - click.at} ms`).join(', ')}`);
    }
  }
  const inTime = clicks.filter((click) => history.some((entry) => entry.longUrl === click.longUrl && entry.createdAt - click.at <= 30_000));
  const last = inTime.at(-1);
  const linkOf = (click: { longUrl: string }) => history.find((entry) => entry.longUrl === click.longUrl)?.shortUrl;
  const expected = last === undefined ? undefined : linkOf(last);
  const late = clicks.filter((click) => !inTime.includes(click)).flatMap((click) => linkOf(click) ?? []);
  return { expected, late, actual: await extension.readClipboard(`${standIn.baseUrl}/demo/blank`) };
}
