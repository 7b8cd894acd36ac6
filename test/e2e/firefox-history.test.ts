// Issue 10 in Firefox (dist-e2e/firefox in Debian's firefox-esr, over
// WebDriver BiDi): history recorded from the background page, the cache
// answering a second click with no request, rich-text copy through
// ClipboardItem, and the history page with its search.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { E2eHooks } from '../../src/background/e2e-hooks';
import type { BackgroundOutcome } from '../../src/background/shorten-and-copy';
import type { HistoryEntry } from '../../src/storage/history-entry';
import { startFirefoxSession, type FirefoxSession } from '../support/firefox-session';
import { wordsIn } from '../support/locale-catalogue';

const { t } = wordsIn('en');

let session: FirefoxSession;
let base: string;

beforeAll(async () => {
  session = await startFirefoxSession();
  base = session.standIn.baseUrl;
});
afterAll(() => session?.close());
beforeEach(async () => {
  await session.configure({ serverUrl: base, token: session.standIn.demoToken, copyFormat: undefined, history: undefined });
  await backgroundHistory('clear');
  session.standIn.setFault(null);
  session.standIn.clearLog();
});

/**
 * The background page's own history store (e2e build): emptied, or read.
 * No helper functions inside: see popupPanel() in tooling/browsers/firefox-browser.ts.
 */
async function backgroundHistory(action: 'clear' | 'read'): Promise<HistoryEntry[]> {
  return session.firefox.evaluateInExtension(async (what) => {
    const api = (globalThis as unknown as { browser: { runtime: { getBackgroundPage(): Promise<Window> } } }).browser;
    const background = (await api.runtime.getBackgroundPage()) as unknown as { shrtnrE2e?: E2eHooks };
    for (let waited = 0; background.shrtnrE2e === undefined; waited += 50) {
      if (waited > 10_000) throw new Error('The background page has no e2e hooks: run against dist-e2e/firefox (npm run build:e2e).');
      await new Promise((done) => setTimeout(done, 50));
    }
    const store = background.shrtnrE2e.history();
    if (what === 'clear') {
      await store.clear();
      return [];
    }
    // Through JSON: a value of the background page's compartment cannot cross to BiDi as it is.
    return JSON.parse(JSON.stringify((await store.all()).entries)) as HistoryEntry[];
  }, action);
}

function copiedLink(outcome: BackgroundOutcome | undefined): string {
  if (outcome?.status !== 'copied') throw new Error(`Expected a copied short link, got ${JSON.stringify(outcome)}.`);
  return outcome.shortened.shortUrl;
}

let historyPage: Page | undefined;

/**
 * The history page, opened once and read in full; after that it follows
 * history live (a reload, or opening another, would each wait out a load
 * event BiDi never reports for extension pages: see openExtensionPage).
 */
async function openHistoryPage(): Promise<Page> {
  if (historyPage === undefined || historyPage.isClosed()) {
    historyPage = await session.firefox.openExtensionPage('src/history/index.html');
    await historyPage.waitForFunction(
      (loading) => document.querySelector('[data-testid="history-empty"]') !== null || (document.querySelector('[data-testid="history-count"]')?.textContent ?? loading) !== loading,
      { timeout: 10_000 },
      t('historyLoading'),
    );
  }
  return historyPage;
}

const shortUrlsListed = (page: Page) => page.$$eval('[data-testid="history-row"] .row-short', (links) => links.map((link) => link.textContent ?? ''));
const countText = (page: Page) => page.$eval('[data-testid="history-count"]', (count) => count.textContent ?? '');

describe('history in Firefox', () => {
  it('records a menu click from the background page, and the history page lists it', async () => {
    const linkUrl = `${base}/demo/destination?firefox=recorded`;
    const shortUrl = copiedLink(await session.clickMenu({ menuItemId: 'shorten-link', linkUrl }));
    const history = await backgroundHistory('read');
    expect(history).toEqual([{ shortUrl, longUrl: linkUrl, server: base, createdAt: expect.any(Number), via: 'menu-link', used: 1 }]);

    const page = await openHistoryPage();
    await expect.poll(() => shortUrlsListed(page)).toEqual([shortUrl]);
    const rows = await page.$$eval('[data-testid="history-row"]', (items) =>
      items.map((row) => ({
        shortUrl: row.querySelector('.row-short')?.textContent ?? '',
        longUrl: row.querySelector('.row-long')?.textContent ?? '',
        via: row.querySelector('.row-meta > span:last-child')?.textContent ?? '',
      })),
    );
    expect(rows).toEqual([{ shortUrl, longUrl: linkUrl, via: t('historyViaMenuLink') }]);
    expect(await countText(page)).toBe(t('historyCount', 1));
  });

  it('answers a second click on the same link from history: no request, the same link on the clipboard', async () => {
    const linkUrl = `${base}/demo/destination?firefox=cached`;
    const shortUrl = copiedLink(await session.clickMenu({ menuItemId: 'shorten-link', linkUrl }));
    expect(session.standIn.apiRequests()).toHaveLength(1);
    await session.firefox.evaluateInExtension(() => navigator.clipboard.writeText('nothing copied since'), null);
    session.standIn.clearLog();

    expect(await session.clickMenu({ menuItemId: 'shorten-link', linkUrl })).toMatchObject({ status: 'copied', shortened: { shortUrl, fromHistory: true } });
    expect(await session.pressCommand('shorten-current-tab', linkUrl)).toMatchObject({ status: 'copied', shortened: { shortUrl, fromHistory: true } });
    // Nothing at all reached the server, not even a CORS preflight.
    expect(session.standIn.requests().filter((request) => request.path.startsWith('/api/'))).toEqual([]);
    expect(await session.readClipboard()).toBe(shortUrl);
    expect(await backgroundHistory('read')).toHaveLength(1);
  });

  it('copies rich text from the background page: the short URL as plain text and a link as HTML', async () => {
    await session.configure({ copyFormat: 'rich' });
    const linkUrl = `${base}/demo/destination?firefox=rich`;
    const shortUrl = copiedLink(await session.clickMenu({ menuItemId: 'shorten-link', linkUrl }));
    expect(await session.readClipboard()).toBe(shortUrl);
    // Both flavours, read from a web page (dom.events.testing.asyncClipboard lets it, without a paste prompt).
    const reader = await session.firefox.openTab(`${base}/demo/blank?read=flavours`);
    const flavours = await reader.evaluate(async () => {
      const read: Record<string, string> = {};
      for (const item of await navigator.clipboard.read()) {
        for (const type of item.types) read[type] = await (await item.getType(type)).text();
      }
      return read;
    });
    await reader.close();
    expect(flavours['text/plain']).toBe(shortUrl);
    expect(flavours['text/html']).toContain(`<a href="${shortUrl}">${linkUrl}</a>`);
  });

  it('the history page searches as you type', async () => {
    const banana = copiedLink(await session.pressCommand('shorten-current-tab', `${base}/demo/destination?fruit=banana`));
    const cherry = copiedLink(await session.clickMenu({ menuItemId: 'shorten-link', linkUrl: `${base}/demo/destination?fruit=cherry` }));
    const other = copiedLink(await session.clickMenu({ menuItemId: 'shorten-selection', selectionText: `${base}/demo/destination?vegetable=leek` }));
    // Open since the first test: it follows history as it changes.
    const page = await openHistoryPage();
    await expect.poll(() => shortUrlsListed(page)).toEqual([other, cherry, banana]);

    await page.type('#history-search', 'fruit');
    expect(await shortUrlsListed(page)).toEqual([cherry, banana]);
    expect(await countText(page)).toBe(t('historyMatching', 2, 3));
    await page.type('#history-search', '=cher');
    expect(await shortUrlsListed(page)).toEqual([cherry]);
    // Emptied by a key press, as a person would (a triple click costs seconds over BiDi).
    await page.$eval('#history-search', (field) => (field as HTMLInputElement).select());
    await page.keyboard.press('Backspace');
    expect(await shortUrlsListed(page)).toEqual([other, cherry, banana]);
    expect(await countText(page)).toBe(t('historyCount', 3));
  });
});
