// Issue 10 in Firefox (dist-e2e/firefox in Debian's firefox-esr, over
// WebDriver BiDi, headed under Xvfb): history recorded from the background
// page, each way in a real right-click on Firefox's own menu or a real
// Alt+Shift+L; the cache answering a second click with no request, rich-text
// copy through ClipboardItem, and the history page with its search.
import { readdirSync, statSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../src/storage/history-entry';
import { pollUntil } from '../../tooling/poll';
import { startFirefoxSession, type FirefoxSession } from '../support/firefox-session';
import { chooseInFirefoxMenu, firefoxLinkOnPage, firefoxParagraphOnPage, pressFirefoxShortcut } from '../support/firefox-real-input';
import { wordsIn } from '../support/locale-catalogue';
import { clickWhenShown, typeWhenShown } from '../support/puppeteer-input';

const { t } = wordsIn('en');

let session: FirefoxSession;
let base: string;
let downloads: string;

beforeAll(async () => {
  downloads = await mkdtemp(join(tmpdir(), 'firefox-downloads-'));
  session = await startFirefoxSession({ headed: true, downloadDir: downloads });
  base = session.standIn.baseUrl;
});
afterAll(async () => {
  await session?.close();
  await rm(downloads, { recursive: true, force: true });
});
beforeEach(async () => {
  await session.configure({ serverUrl: base, token: session.standIn.demoToken, copyFormat: undefined, history: undefined });
  await backgroundHistory('clear');
  session.standIn.setFault(null);
  session.standIn.clearLog();
});

/** The background page's own history store (e2e build): emptied, or read. */
const backgroundHistory = async (action: 'clear' | 'read'): Promise<HistoryEntry[]> => (action === 'clear' ? session.clearHistory().then(() => []) : session.history());

/** What each way in is waited on by: the clipboard holds anything else once it has copied. */
const NOTHING_COPIED = 'nothing copied yet';

/** What a way in copied: the clipboard, emptied (NOTHING_COPIED) before it, once it changes. */
async function copiedBy(wayIn: () => Promise<void>): Promise<string> {
  await session.setClipboard(NOTHING_COPIED);
  await wayIn();
  await expect.poll(() => session.readClipboard()).not.toBe(NOTHING_COPIED);
  return session.readClipboard();
}

/** A tab of the stand-in's destination page at `query`, titled `title`. */
const pageTitled = (query: string, title: string) => session.firefox.openTab(`${base}/demo/destination?${query}&title=${encodeURIComponent(title)}`);

/** A real right-click on a link to `linkUrl` reading `text`, put on a tab of links, and "Shorten link" chosen in Firefox's menu. */
async function linkShortened(linkUrl: string, text = 'a link to shorten'): Promise<void> {
  const tab = await pageTitled('links=1', 'Links to shorten');
  await chooseInFirefoxMenu(session, tab, await firefoxLinkOnPage(tab, linkUrl, text));
  await tab.close();
}

let historyPage: Page | undefined;
afterEach(async () => {
  await historyPage?.close();
  historyPage = undefined;
});

/** A history page of this test's own, read in full; it then follows history live. */
async function openHistoryPage(): Promise<Page> {
  historyPage = await session.firefox.openExtensionPage('src/history/index.html');
  await historyPage.waitForFunction(
    (loading) => document.querySelector('[data-testid="history-empty"]') !== null || (document.querySelector('[data-testid="history-count"]')?.textContent ?? loading) !== loading,
    { timeout: 30_000 },
    t('historyLoading'),
  );
  return historyPage;
}

const shortUrlsListed = (page: Page) => page.$$eval('[data-testid="history-row"] .row-short', (links) => links.map((link) => link.textContent ?? ''));
const countText = (page: Page) => page.$eval('[data-testid="history-count"]', (count) => count.textContent ?? '');

describe('history in Firefox', () => {
  it('records a real menu click from the background page, and the history page lists it', async () => {
    const linkUrl = `${base}/demo/destination?firefox=recorded`;
    const shortUrl = await copiedBy(() => linkShortened(linkUrl, 'Where it is recorded'));
    expect(shortUrl).toMatch(session.shortUrlPattern());
    const history = await backgroundHistory('read');
    // Firefox names the link's text (Chromium does not): the entry's title.
    expect(history).toEqual([{ shortUrl, longUrl: linkUrl, server: base, createdAt: expect.any(Number), via: 'menu-link', title: 'Where it is recorded', used: 1, account: 'account-1' }]);

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

  it('answers a second click on the same link, and the shortcut on its page, from history: no request, the same link on the clipboard', async () => {
    const linkUrl = `${base}/demo/destination?firefox=cached`;
    const shortUrl = await copiedBy(() => linkShortened(linkUrl));
    expect(shortUrl).toMatch(session.shortUrlPattern());
    expect(session.standIn.apiRequests()).toHaveLength(1);
    session.standIn.clearLog();

    expect(await copiedBy(() => linkShortened(linkUrl))).toBe(shortUrl);
    const tab = await session.firefox.openTab(linkUrl);
    expect(await copiedBy(() => pressFirefoxShortcut(session, tab))).toBe(shortUrl);
    await tab.close();
    // Nothing at all reached the server, not even a CORS preflight.
    expect(session.standIn.requests().filter((request) => request.path.startsWith('/api/'))).toEqual([]);
    expect(await backgroundHistory('read')).toHaveLength(1);
  });

  it('copies rich text from the background page after a real menu click: the short URL as plain text and a link as HTML', async () => {
    await session.configure({ copyFormat: 'rich' });
    const linkUrl = `${base}/demo/destination?firefox=rich`;
    const shortUrl = await copiedBy(() => linkShortened(linkUrl, 'Weekly notes'));
    expect(shortUrl).toMatch(session.shortUrlPattern());
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
    // Labelled with the link's text, which Firefox names.
    expect(flavours['text/html']).toContain(`<a href="${shortUrl}">Weekly notes</a>`);
  });

  it('the history page searches as you type', async () => {
    // Made for real: the shortcut on a page, a link's menu, a selection's.
    const bananaTab = await pageTitled('fruit=banana', 'Banana bread');
    const banana = await copiedBy(() => pressFirefoxShortcut(session, bananaTab));
    await bananaTab.close();
    const cherry = await copiedBy(() => linkShortened(`${base}/demo/destination?fruit=cherry`));
    const selecting = await pageTitled('selection=1', 'Text to select');
    const other = await copiedBy(async () => chooseInFirefoxMenu(session, selecting, await firefoxParagraphOnPage(selecting, `${base}/demo/destination?vegetable=leek`), { selected: true }));
    await selecting.close();
    const page = await openHistoryPage();
    await expect.poll(() => shortUrlsListed(page)).toEqual([other, cherry, banana]);

    await typeWhenShown(page, '#history-search', 'fruit');
    expect(await shortUrlsListed(page)).toEqual([cherry, banana]);
    expect(await countText(page)).toBe(t('historyMatching', 2, 3));
    await typeWhenShown(page, '#history-search', '=cher');
    expect(await shortUrlsListed(page)).toEqual([cherry]);
    // Emptied by a key press, as a person would (a triple click costs seconds over BiDi).
    await page.$eval('#history-search', (field) => (field as HTMLInputElement).select());
    await page.keyboard.press('Backspace');
    expect(await shortUrlsListed(page)).toEqual([other, cherry, banana]);
    expect(await countText(page)).toBe(t('historyCount', 3));
  });

  it('exports history as a downloaded JSON file that imports back, and shows and saves a QR code that reads as the link', async () => {
    const shortUrl = await copiedBy(() => linkShortened(`${base}/demo/destination?firefox=files`));
    const page = await openHistoryPage();
    await expect.poll(() => shortUrlsListed(page)).toEqual([shortUrl]);
    // A download starts from the tab in front.
    await page.bringToFront();

    await clickWhenShown(page, `button::-p-text(${t('historyExportJson')})`);
    const exportFile = await downloaded((name) => name.startsWith('shrtnr-history-') && name.endsWith('.json'));
    const exported = JSON.parse(await readFile(exportFile, 'utf8')) as { format: string; entries: HistoryEntry[] };
    expect(exported.format).toBe('shrtnr-history');
    expect(exported.entries).toEqual(await backgroundHistory('read'));

    // Gone, then back from the file, through the page's own file field.
    await backgroundHistory('clear');
    await expect.poll(() => shortUrlsListed(page)).toEqual([]);
    const field = await page.$('[data-testid="history-import-file"]');
    if (field === null) throw new Error('The history page has no import field.');
    await (field as unknown as { uploadFile(path: string): Promise<void> }).uploadFile(exportFile);
    await expect.poll(() => shortUrlsListed(page)).toEqual([shortUrl]);
    // Back marked as imported, and of no account: a file is not a shortening made here.
    expect(await backgroundHistory('read')).toEqual(exported.entries.map(({ account: _account, ...entry }): HistoryEntry => ({ ...entry, origin: 'imported' })));

    // Reading history from the background went through another extension page: this one in front again.
    await page.bringToFront();
    await clickWhenShown(page, `button[aria-label="${t('historyQrLabel', shortUrl)}"]`);
    await page.waitForSelector('[data-testid="qr-canvas"]');
    const onScreen = await page.$eval('[data-testid="qr-canvas"]', (canvas) => (canvas as HTMLCanvasElement).toDataURL('image/png'));
    expect(decodeQr(Buffer.from(onScreen.split(',')[1] ?? '', 'base64'))).toBe(shortUrl);
    await clickWhenShown(page, `button::-p-text(${t('qrDownloadPng')})`);
    const code = new URL(shortUrl).pathname.slice(1);
    expect(decodeQr(await readFile(await downloaded((name) => name === `${code}.png`)))).toBe(shortUrl);
  });
});

/**
 * The path of a finished download whose name passes `matches`: Firefox puts
 * an empty file of that name in place at once, and writes a .part beside it.
 */
function downloaded(matches: (name: string) => boolean): Promise<string> {
  return pollUntil(
    async () => {
      const names = await readdir(downloads);
      const name = names.find(matches);
      if (name === undefined || names.some((other) => other.endsWith('.part'))) return undefined;
      const path = join(downloads, name);
      return (await stat(path)).size > 0 ? path : undefined;
    },
    { timeoutMs: 30_000, failure: () => `No such download finished in ${downloads}: ${JSON.stringify(sizes())}.` },
  );
}

/** What the download folder holds, with each file's size. */
function sizes(): Record<string, number> {
  return Object.fromEntries(readdirSync(downloads).map((name) => [name, statSync(join(downloads, name)).size]));
}

/** The text a PNG's QR code holds, read with jsQR. */
function decodeQr(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}
