// Issue 19 end to end, in headed Chromium with the e2e build against the
// stand-in (the menu and the shortcut with real input under Xvfb):
// a history file someone sends cannot decide which short link a page gets,
// and a date no Date can print (imported, or written straight into the
// database) never takes the history page down.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../src/storage/history-entry';
import { ARTICLE_TITLE } from '../../tooling/stand-in/demo-pages';
import { startE2eSession, type E2eSession } from '../support/e2e-session';
import { chooseInMenu, pressShortcut } from '../support/real-input';
import { wordsIn } from '../support/locale-catalogue';

const { t } = wordsIn('en');
/** The planted short link: on another host, as a phishing link would be. */
const PLANTED = 'https://evil.example/x';

let session: E2eSession;
let base: string;

beforeAll(async () => {
  session = await startE2eSession({ headed: true });
  base = session.standIn.baseUrl;
});
afterAll(() => session?.close());
beforeEach(async () => {
  await session.useStandIn();
  await session.configure({ autoCopy: true, history: undefined, copyFormat: undefined, stripTracking: undefined });
  session.standIn.clearLog();
  for (const page of session.browser.context.pages()) {
    if (page.url().startsWith(session.browser.extensionUrl('src/')) && !page.url().includes('offscreen')) await page.close();
  }
});

async function openHistoryPage(): Promise<Page> {
  const page = await session.browser.context.newPage();
  await page.goto(session.browser.extensionUrl('src/history/index.html'));
  await historyRead(page);
  return page;
}

/** Waits until the page has read all of history: it says how many links there are (or that there are none). */
async function historyRead(page: Page): Promise<void> {
  await page.getByTestId('history-count').filter({ hasNotText: t('historyLoading') }).or(page.getByTestId('history-empty')).first().waitFor();
}

const statusText = (page: Page) => page.getByTestId('history-status').textContent();
const shortUrlsListed = (page: Page) => page.locator('[data-testid="history-row"] .row-short').allTextContents();
const requestedUrls = () => session.standIn.apiRequests().map((request) => (JSON.parse(request.body) as { url: string }).url);

/** The JSON export the page offers, as the file it downloads. */
async function exported(page: Page): Promise<{ format: string; version: number; exportedAt: string; entries: Record<string, unknown>[] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t('historyExportJson') }).click()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Awaited<ReturnType<typeof exported>>;
}

/** Chooses a file in the picker the Import button opens. */
async function importFile(page: Page, document: unknown): Promise<void> {
  await page.getByTestId('history-import-file').setInputFiles({ name: 'shrtnr-history-sent.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(document)) });
}

/** The toolbar popup opened on a tab of `path`: the short link it shows, once it does; both closed. */
async function shortenedInPopup(path: string): Promise<string> {
  const tab = await session.openTab(path);
  const popup = await session.browser.openPopup(tab);
  const field = popup.getByTestId('short-url');
  await field.waitFor();
  const shortUrl = await field.inputValue();
  await popup.close();
  await tab.close();
  return shortUrl;
}

/** What a way in copied: the clipboard, emptied before it, once it changes. */
async function copiedBy(wayIn: () => Promise<void>): Promise<string> {
  await session.setClipboard('nothing copied yet');
  await wayIn();
  await expect.poll(() => session.readClipboard()).not.toBe('nothing copied yet');
  return session.readClipboard();
}

describe('an imported history file', () => {
  it('never answers a shortening: a tampered export planting a link for a page, then that page shortened, sends a request and never shows or copies the planted link', async () => {
    const articleUrl = `${base}/demo/article`;
    // A real export to tamper with: one link of the user's own.
    await shortenedInPopup('/demo/destination?own=1');
    const page = await openHistoryPage();
    const document = await exported(page);
    // The planted entry, dated a minute ago (within bounds), and claiming to be made here.
    document.entries.push({ shortUrl: PLANTED, longUrl: articleUrl, server: base, title: 'Your bank', createdAt: Date.now() - 60_000, via: 'popup-tab', origin: 'local' });
    await importFile(page, document);
    await expect.poll(() => statusText(page)).toBe(`${t('historyImportAdded', 1)} ${t('historyImportAlreadyThere', 1)}`);
    // Listed, and marked as imported.
    await expect.poll(() => shortUrlsListed(page)).toContain(PLANTED);
    const plantedRow = page.getByTestId('history-row').filter({ hasText: PLANTED });
    expect(await plantedRow.getByTestId('history-imported').textContent()).toBe(t('historyImported'));
    expect((await session.history()).find((entry) => entry.shortUrl === PLANTED)).toMatchObject({ origin: 'imported' });

    // The popup on that page: a request, a new link, shown and copied; the planted one nowhere.
    session.standIn.clearLog();
    await session.setClipboard('nothing copied yet');
    const tab = await session.openTab(articleUrl);
    const popup = await session.browser.openPopup(tab);
    const field = popup.getByTestId('short-url');
    await field.waitFor();
    const fresh = await field.inputValue();
    expect(fresh).toMatch(session.shortUrlPattern());
    await expect.poll(() => popup.getByTestId('link-origin').textContent()).toBe(t('popupCreditsUsed', 1));
    await expect.poll(() => popup.getByTestId('copy-status').textContent()).toBe(t('popupCopied'));
    expect(await popup.content()).not.toContain('evil.example');
    expect(requestedUrls()).toEqual([articleUrl]);
    await popup.close();
    await tab.close();
    expect(await session.readClipboard()).toBe(fresh);

    // From now on the cache answers with the link made here, from every way in (a real right-click on the page, a
    // real Alt+Shift+L); never with the planted one.
    const again = await session.openTab(articleUrl);
    expect(await copiedBy(() => chooseInMenu(session, again, 'h1'))).toBe(fresh);
    expect(await copiedBy(() => pressShortcut(session, again))).toBe(fresh);
    await again.close();
    expect(requestedUrls()).toEqual([articleUrl]);
    // Both listed, the planted one still marked.
    await expect.poll(() => shortUrlsListed(page)).toEqual(expect.arrayContaining([fresh, PLANTED]));
    await page.close();
  });

  it('with the issue\'s far-future date, or one no Date can print, has those refused, each said apart, and the page goes on working', async () => {
    const page = await openHistoryPage();
    await page.getByTestId('history-empty').waitFor();
    const entry = (code: string, createdAt: number): HistoryEntry => ({ shortUrl: `${base}/${code}`, longUrl: `${base}/demo/destination?import=${code}`, server: base, title: ARTICLE_TITLE, createdAt, via: 'menu-link' });
    await importFile(page, {
      format: 'shrtnr-history',
      version: 1,
      exportedAt: new Date().toISOString(),
      entries: [entry('Fine123', Date.now() - 3_600_000), entry('Far1234', 4102444800000), entry('Nine123', 9e15)],
    });
    await expect.poll(() => statusText(page)).toBe([t('historyImportAdded', 1), t('historyImportInvalid', 1), t('historyImportFuture', 1)].join(' '));
    await expect.poll(() => shortUrlsListed(page)).toEqual([`${base}/Fine123`]);

    // Undo takes it away again.
    await page.getByRole('button', { name: t('historyUndoImport') }).click();
    await expect.poll(() => statusText(page)).toBe(t('historyImportUndone', 1));
    await page.getByTestId('history-empty').waitFor();
    expect(await session.history()).toEqual([]);

    await page.reload();
    await historyRead(page);
    expect(await page.getByTestId('history-empty').textContent()).toBe(t('historyEmpty'));
    await page.close();
  });
});

describe('a stored date no Date can print', () => {
  it('written straight into the database, lets the page load, counted as damaged, the other links listed', async () => {
    const shortUrl = await shortenedInPopup('/demo/destination?stored=1');
    const page = await openHistoryPage();
    await page.evaluate(
      ({ server }) =>
        new Promise<void>((resolve, reject) => {
          const opening = indexedDB.open('shrtnr-history');
          opening.addEventListener('error', () => reject(opening.error));
          opening.addEventListener('success', () => {
            const db = opening.result;
            const transaction = db.transaction('entries', 'readwrite');
            // Valid in every other way, and an older schema let 9e15 in: toISOString and Intl throw on it.
            transaction.objectStore('entries').put({ shortUrl: `${server}/Nine999`, longUrl: `${server}/demo/destination?nine=1`, server, createdAt: 9e15, via: 'menu-link' });
            transaction.addEventListener('complete', () => {
              db.close();
              resolve();
            });
            transaction.addEventListener('abort', () => reject(transaction.error));
          });
        }),
      { server: base },
    );
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.reload();
    await historyRead(page);
    expect(await page.getByTestId('history-skipped').textContent()).toBe(t('historySkipped', 1));
    expect(await shortUrlsListed(page)).toEqual([shortUrl]);
    expect(await page.getByTestId('history-count').textContent()).toBe(t('historyCount', 1));
    expect(errors).toEqual([]);
    await page.close();
  });
});
