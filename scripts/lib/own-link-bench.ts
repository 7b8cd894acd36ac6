import type { ExtensionBrowser } from '../../tooling/browsers/extension-browser';
import { OWN_LINK_PATHS } from '../../tooling/stand-in/demo-pages';
import { TIMING_MARKS } from '../../src/platform/timing';
import { latestEntry, popupFirstPaint } from './paint-timing';

export interface OwnLinkSamples {
  /** Click → first paint on a page that declares no short link of its own. */
  without: number[];
  /** The same, on a page that declares one (the setting off: offered, read beside the request). */
  withOwn: number[];
  /** The setting on: click → the page's own link on screen (no request). */
  ownShown: number[];
}

/**
 * Issue 20's popup row: first paint on a page with its own short link against
 * the same popup on a page without, in turns in one browser (each page at an
 * address of its own, so no link comes from history); then, with the setting
 * on, how soon the page's own link is on screen.
 */
export async function ownLinkPopupSamples(browser: ExtensionBrowser, baseUrl: string, runs: number): Promise<OwnLinkSamples> {
  const samples: OwnLinkSamples = { without: [], withOwn: [], ownShown: [] };
  const tab = await browser.context.newPage();
  const paintOn = async (path: string, run: number) => {
    await tab.goto(`${baseUrl}${path}?own-link-run=${run}`);
    return popupFirstPaint(browser, tab);
  };
  await paintOn('/demo/article', 0); // the cold one, not counted
  for (let run = 1; run <= runs; run += 1) {
    samples.without.push(await paintOn('/demo/article', run));
    samples.withOwn.push(await paintOn(OWN_LINK_PATHS.page, run));
  }
  await (await browser.serviceWorker()).evaluate(() => chrome.storage.local.set({ usePageShortLink: true }));
  for (let run = 1; run <= runs; run += 1) {
    await tab.goto(`${baseUrl}${OWN_LINK_PATHS.page}?own-link-used=${run}`);
    const { popup, triggeredAt } = await browser.openPopupTimed(tab);
    // In the DOM is not on screen: a link rendered before the first paint appears with it.
    const [paint, shown] = await Promise.all([latestEntry(popup, 'first-contentful-paint', 'paint'), latestEntry(popup, TIMING_MARKS.popupShortUrlShown, 'mark')]);
    samples.ownShown.push(Math.max(paint.startedAt, shown.startedAt) - triggeredAt);
    await popup.close();
  }
  await (await browser.serviceWorker()).evaluate(() => chrome.storage.local.remove('usePageShortLink'));
  await tab.close();
  return samples;
}
