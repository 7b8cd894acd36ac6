import type { Page } from 'playwright-core';
import type { ExtensionBrowser } from '../../tooling/browsers/extension-browser';
import { HISTORY_PAGE } from './bundle-sizes';

/** How many entries the history rows of the benchmark hold: the store's bound. */
export const HISTORY_BENCH_ENTRIES = 10_000;
const LIST_SHOWN = 'shrtnr:history-list-shown';
const SEARCH_DONE = 'shrtnr:history-search-done';

/**
 * Fills the extension's history with `count` entries, written straight into
 * its IndexedDB from one of its own pages (same origin; the same schema as
 * src/storage/history-store.ts, which the page creates on opening it).
 */
export async function seedHistory(browser: ExtensionBrowser, server: string, count: number): Promise<void> {
  const page = await browser.context.newPage();
  try {
    await page.goto(browser.extensionUrl(HISTORY_PAGE));
    await entryTime(page, LIST_SHOWN, 'mark');
    await page.evaluate(
      async ({ origin, total }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open('shrtnr-history');
          request.addEventListener('success', () => resolve(request.result));
          request.addEventListener('error', () => reject(request.error));
        });
        const transaction = db.transaction('entries', 'readwrite');
        const store = transaction.objectStore('entries');
        store.clear();
        const now = Date.now();
        for (let index = 0; index < total; index += 1) {
          store.put({
            shortUrl: `${origin}/h${index.toString(36)}`,
            longUrl: `https://example.com/articles/${index}?ref=bench`,
            server: origin,
            title: `Bench article number ${index}`,
            createdAt: now - index * 1000,
            via: 'menu-link',
            used: 1,
          });
        }
        await new Promise((resolve, reject) => {
          transaction.addEventListener('complete', resolve);
          transaction.addEventListener('error', () => reject(transaction.error));
        });
        db.close();
      },
      { origin: server, total: count },
    );
  } finally {
    await page.close();
  }
}

/** A page's latest performance entry of that name and type (waiting for it): its start, from the page's navigation (ms). */
async function entryTime(page: Page, name: string, type: 'mark' | 'paint', after = -1): Promise<number> {
  const handle = await page.waitForFunction(
    ({ entryName, entryType, since }) => {
      const entry = performance.getEntriesByName(entryName, entryType).at(-1);
      return entry !== undefined && entry.startTime > since ? entry.startTime : undefined;
    },
    { entryName: name, entryType: type, since: after },
    { timeout: 15_000, polling: 5 },
  );
  return (await handle.jsonValue()) ?? Number.NaN;
}

/** An extension page opened in a new tab: navigation → first contentful paint, or → its list on screen if `listMark`. */
export async function pageFirstPaint(browser: ExtensionBrowser, url: string, listShown: boolean): Promise<number> {
  const page = await browser.context.newPage();
  try {
    await page.goto(url);
    const paint = await entryTime(page, 'first-contentful-paint', 'paint');
    // A list rendered before the first paint appears with it.
    return listShown ? Math.max(paint, await entryTime(page, LIST_SHOWN, 'mark')) : paint;
  } finally {
    await page.close();
  }
}

/** One keystroke in the history page's search field → the filtered list committed (ms), `runs` times, alternating a digit and Backspace. */
export async function searchKeystrokes(browser: ExtensionBrowser, runs: number): Promise<number[]> {
  const page = await browser.context.newPage();
  try {
    await page.goto(browser.extensionUrl(HISTORY_PAGE));
    await entryTime(page, LIST_SHOWN, 'mark');
    const field = page.locator('#history-search');
    await field.focus();
    const samples: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      await page.evaluate(() => {
        document.querySelector('#history-search')?.addEventListener('keydown', () => Object.assign(globalThis, { benchKeyAt: performance.now() }), { once: true, capture: true });
      });
      await page.keyboard.press(run % 2 === 0 ? '7' : 'Backspace');
      const keyHandle = await page.waitForFunction(() => (globalThis as { benchKeyAt?: number }).benchKeyAt, undefined, { polling: 5 });
      const keyAt = (await keyHandle.jsonValue()) ?? Number.NaN;
      await page.evaluate(() => Object.assign(globalThis, { benchKeyAt: undefined }));
      samples.push((await entryTime(page, SEARCH_DONE, 'mark', keyAt)) - keyAt);
    }
    return samples;
  } finally {
    await page.close();
  }
}

/** An extension page opened `runs` times: navigation → first contentful paint, after a first not counted when `afterFirst`. */
export async function pagePaints(browser: ExtensionBrowser, path: string, runs: number, afterFirst: boolean): Promise<number[]> {
  if (afterFirst) await pageFirstPaint(browser, browser.extensionUrl(path), false);
  const paints: number[] = [];
  for (let run = 0; run < runs; run += 1) paints.push(await pageFirstPaint(browser, browser.extensionUrl(path), false));
  return paints;
}

/** History filled to `entries`: the history page's first paint, its newest links on screen, and a search keystroke, `runs` times each. */
export async function fullHistoryPage(browser: ExtensionBrowser, server: string, entries: number, runs: number): Promise<{ paint: number[]; list: number[]; keystrokes: number[] }> {
  await seedHistory(browser, server, entries);
  const paint = await pagePaints(browser, HISTORY_PAGE, runs, false);
  const list: number[] = [];
  for (let run = 0; run < runs; run += 1) list.push(await pageFirstPaint(browser, browser.extensionUrl(HISTORY_PAGE), true));
  return { paint, list, keystrokes: await searchKeystrokes(browser, runs) };
}
