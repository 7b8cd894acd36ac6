// The parts of issue 24's bench that act on a browser: a window of many tabs,
// a "Shorten all tabs" run started from the real popup, and what the worker,
// history and the stand-in hold of it. For scripts/lib/scale-bench.ts and
// scripts/lib/soak-bench.ts.
import type { Page, Worker } from 'playwright-core';
import type { BulkItem, BulkRun } from '../../src/messages/bulk-port';
import type { HistoryEntry } from '../../src/storage/history-entry';
import type { ExtensionBrowser } from '../../tooling/browsers/extension-browser';
import type { StandIn } from '../../tooling/stand-in/server';
import { pollUntil } from '../../tooling/poll';
import { leastTimeMs } from '../../src/shortening/run-pace';
import { TIMING_MARKS } from '../../src/platform/timing';
import { latestEntry } from './paint-timing';

export interface ScaleShape {
  tabs: number;
  limit: number;
  windowMs: number;
  /** In the soak: menu clicks, popup shortenings and worker stops, at seeded random moments. */
  clicks: number;
  popups: number;
  stops: number;
  seed: number;
  /** Clean runs on the window, one after another (each a sample of the run and of the popup on it), and the popups opened to follow each; default 1. */
  cleanRuns?: number;
  follows?: number;
}

export const BULK_BUTTON = 'Shorten all tabs in this window';
/** How long a run may take before the bench calls it stuck: three times the least the limit allows, and three minutes. */
export const endsWithinMs = (shape: ScaleShape): number => 3 * leastTimeMs(shape.tabs, shape) + 180_000;

/** The stand-in's shorten requests so far, and the long URL each asked for. */
export const shortenRequests = (standIn: StandIn) => standIn.apiRequests().filter((request) => request.path.endsWith('/shorten/single'));
export const requestedUrl = (request: { body: string }): string => String((JSON.parse(request.body) as { url?: unknown }).url);

/** Tabs opened at once, then discarded before the next batch. */
const OPEN_BATCH = 25;

export interface TabsWindow {
  windowId: number;
  /** Its first two tabs, as pages: the run starts from the first; the popup is timed on the second. */
  first: Page;
  second: Page;
  urls: string[];
}

/** A page of the stand-in's with this tag and number in its address, titled after them. */
export const tabUrl = (standIn: StandIn, tag: string, index: number): string => `${standIn.baseUrl}/demo/destination?${tag}=${index}&title=${tag}%20${index}`;

/**
 * A new window of `count` tabs. All but the first two are discarded once
 * their address is theirs, as Chrome's memory saver does to tabs left alone:
 * a discarded tab keeps its address and title (what a run reads) without a
 * page. They are opened a batch at a time, each batch discarded before the
 * next: a thousand pages loading at once in a headed browser on two cores
 * took over twenty minutes to settle, most of it the renderers thrashing.
 */
export async function openTabsWindow(extension: ExtensionBrowser, standIn: StandIn, tag: string, count: number): Promise<TabsWindow> {
  const urls = Array.from({ length: count }, (_, index) => tabUrl(standIn, tag, index));
  const worker = await extension.serviceWorker();
  const windowId = await worker.evaluate(async (list) => (await chrome.windows.create({ url: list, focused: true }))?.id ?? -1, urls.slice(0, 2));
  for (let from = 2; from < count; from += OPEN_BATCH) {
    const batch = urls.slice(from, from + OPEN_BATCH);
    await (await extension.serviceWorker()).evaluate(
      async ({ id, list }) => {
        await Promise.all(list.map((url) => chrome.tabs.create({ windowId: id, url, active: false })));
      },
      { id: windowId, list: batch },
    );
    await pollUntil(
      async () => {
        // By place, not by id: Chrome gives a discarded tab a new id.
        const left = await (await extension.serviceWorker()).evaluate(async (id) => {
          const tabs = (await chrome.tabs.query({ windowId: id })).filter((tab) => tab.index >= 2 && !tab.discarded);
          const loaded = tabs.filter((tab) => tab.status === 'complete' && tab.title !== undefined && tab.title !== '');
          await Promise.all(loaded.map((tab) => chrome.tabs.discard(tab.id ?? -1).catch(() => undefined)));
          return tabs.length - loaded.length;
        }, windowId);
        return left === 0 ? true : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 100, failure: `The window's tabs ${from + 1} to ${from + batch.length} did not load.` },
    );
    if (process.env.SOAK_TRACE !== undefined) console.log(`tabs open: ${from + batch.length} of ${count}`);
  }
  // The first two stay live: the run starts from one, and the popup is timed on the other.
  const pageAt = (index: number): Promise<Page> =>
    pollUntil(async () => extension.context.pages().find((candidate) => candidate.url() === urls[index]), { timeoutMs: 30_000, intervalMs: 100, failure: `No page for tab ${index + 1} of the window.` });
  return { windowId, first: await pageAt(0), second: await pageAt(1), urls };
}

/** Opens the real popup on the tab, starts "Shorten all tabs" (the permission held), and closes it: the run goes on in the worker. */
export async function startRun(extension: ExtensionBrowser, tab: Page, buttonName: string): Promise<number> {
  const popup = await extension.openPopup(tab);
  await popup.getByTestId('short-url').waitFor({ timeout: 30_000 });
  const startedAt = Date.now();
  // An earlier run of this window, ended, is put away first (its "Done"; its panel is a chunk, loaded after the link).
  const start = popup.getByRole('button', { name: buttonName });
  const done = popup.getByRole('button', { name: 'Done' });
  await start.or(done).first().waitFor();
  if ((await done.count()) > 0) await done.click();
  await start.click();
  await popup.getByTestId('bulk-item').first().waitFor({ timeout: 30_000 });
  await popup.close();
  return startedAt;
}

/**
 * The worker, started if it had stopped: a stopped worker with nothing left
 * to do waits for an event, so an extension page sends it a harmless message
 * (the popup's "recent links", none asked for).
 */
export async function awakeWorker(extension: ExtensionBrowser): Promise<Worker> {
  try {
    return await extension.serviceWorker(1_000);
  } catch {
    const page = await extension.context.newPage();
    await page.goto(extension.extensionUrl('src/options/index.html'));
    await page.evaluate(() => chrome.runtime.sendMessage({ type: 'recent-history', target: 'background', payload: { limit: 0 } }));
    await page.close();
    return extension.serviceWorker(30_000);
  }
}

/** The window's run as the worker keeps it (storage.session), once every tab has ended; `undefined` meanwhile. */
export async function endedRun(extension: ExtensionBrowser, windowId: number): Promise<BulkItem[] | undefined> {
  const worker = await awakeWorker(extension);
  // Judged in the worker, and the items sent over only once the run has ended: a thousand tabs' run (a megabyte
  // and more) crossing CDP five times a second would load the very browser whose popup the bench times meanwhile.
  const ended = await worker.evaluate(async (id) => {
    const runs = (await chrome.storage.session.get('bulk-runs'))['bulk-runs'] as BulkRun[] | undefined;
    const run = runs?.find((candidate) => candidate.windowId === id);
    if (run === undefined || !run.items.every((item) => ['done', 'failed', 'skipped'].includes(item.status.state))) return null;
    return run.items;
  }, windowId);
  return ended ?? undefined;
}

/**
 * Whether the worker holds every one of these clicks' links: each one's job
 * in the journal (storage.session), or its link made (in history). A worker
 * stopped after that is not stopped in the middle of handling a click, which
 * Chrome never does.
 */
export async function clicksHeld(extension: ExtensionBrowser, longUrls: string[]): Promise<boolean> {
  const worker = await awakeWorker(extension);
  return worker.evaluate(async (urls) => {
    const area = chrome.storage.session as unknown as { getKeys(): Promise<string[]>; get(keys: string[]): Promise<Record<string, { request?: { url?: string } }>> };
    const journalled = Object.values(await area.get((await area.getKeys()).filter((key) => key.startsWith('job:')))).map((job) => job.request?.url);
    const hooks = (globalThis as unknown as { shrtnrE2e: { history(): { all(): Promise<{ entries: { longUrl: string }[] }> } } }).shrtnrE2e;
    const made = (await hooks.history().all()).entries.map((entry) => entry.longUrl);
    return urls.every((url) => journalled.includes(url) || made.includes(url));
  }, longUrls);
}

/** The address of each tab in the window (a discarded tab keeps its own). */
export async function windowTabUrls(extension: ExtensionBrowser, windowId: number): Promise<string[]> {
  return (await awakeWorker(extension)).evaluate(async (id) => (await chrome.tabs.query({ windowId: id })).map((tab) => tab.url ?? tab.pendingUrl ?? ''), windowId);
}

/** storage.session's bytes in use now. */
export async function sessionBytes(extension: ExtensionBrowser): Promise<number> {
  return (await awakeWorker(extension)).evaluate(() => chrome.storage.session.getBytesInUse(null));
}

/** Every history entry, through the e2e build's hook on the worker's own store. */
export async function historyEntries(extension: ExtensionBrowser): Promise<HistoryEntry[]> {
  const worker = await awakeWorker(extension);
  return worker.evaluate(async () => (await (globalThis as unknown as { shrtnrE2e: { history(): { all(): Promise<{ entries: HistoryEntry[] }> } } }).shrtnrE2e.history().all()).entries);
}

/** How long the popup follows the running run while its frames are watched. */
export const FOLLOW_MS = 3_000;

/** How long the popup opened on a running run takes to show its list (the rows in view, of all its tabs), and its longest frame while it follows the run's changes. */
export async function followRun(extension: ExtensionBrowser, tab: Page): Promise<{ listShownMs: number; longestFrameMs: number }> {
  const { popup, triggeredAt } = await extension.openPopupTimed(tab);
  // The list windowed, its first row saying the list's size (the window's tabs, and any the bench opened in it since).
  // A short list (the smoke run's) is not windowed: its rows say no size.
  await popup.locator('[data-testid="bulk-item"][aria-posinset="1"][aria-setsize], [data-testid="bulk-item"]:not([aria-setsize])').first().waitFor({ timeout: 30_000 });
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
