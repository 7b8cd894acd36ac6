// Issue 10 end to end, in headed Chromium with the e2e build against the
// stand-in, each way in with real input (the menu and the shortcut under Xvfb):
// every way in is recorded (and nothing from a private window, with history
// off, or for a failure), the cache gives a link again with no request, the
// history page's tools, QR codes decoded from the screen and from the files,
// the copy formats, and tracking parameters taken off.
// Runs modules only a browser runs (test/support/browser-only-modules.ts): src/history/extension-connector.ts,
// src/history/main.tsx.
import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import type { Download, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { E2eHooks, ShownText } from '../../src/background/testing/e2e-hooks';
import type { Menus } from '../../src/platform/browser';
import type { HistoryEntry } from '../../src/storage/history-entry';
import { ARTICLE_TITLE } from '../../tooling/stand-in/demo-pages';
import { startE2eSession, type E2eSession } from '../support/e2e-session';
import { clickClosingPopup } from '../support/popup-page';
import { clearedBadge, settledBadge } from '../support/toolbar-badge';
import { holdNextAnswer, releaseHeldAnswer } from '../support/held-answer';
import { chooseInMenu, linkOnPage, paragraphOnPage, pressShortcut } from '../support/real-input';
import { wordsIn } from '../support/locale-catalogue';
import { stringContaining } from '../support/matchers';

const { t } = wordsIn('en');

let session: E2eSession;
let base: string;

beforeAll(async () => {
  // Many shortenings in a minute (20 at once among them): more than the contract's 60 a minute.
  session = await startE2eSession({ headed: true, standIn: { rateLimit: { limit: 10_000, windowMs: 60_000 } } });
  base = session.standIn.baseUrl;
  // In each popup, before its own scripts: note whether its "Shortening…" state was ever put on the page.
  await session.browser.context.addInitScript(() => {
    // Any of the popup's pages: the manifest's, or the one of the UI language's direction the toolbar opens.
    if (!location.pathname.startsWith('/src/popup/')) return;
    const seen = { loading: false };
    Object.assign(globalThis, { shrtnrLoadingSeen: seen });
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) if (node instanceof Element && (node.matches('.loading') || node.querySelector('.loading') !== null)) seen.loading = true;
      }
    }).observe(document, { childList: true, subtree: true });
  });
});
afterAll(() => session?.close());
beforeEach(async () => {
  // The stand-in's server and token, and an empty history.
  await session.useStandIn();
  await session.configure({ autoCopy: true, history: undefined, copyFormat: undefined, stripTracking: undefined });
  session.standIn.setFault(null);
  session.standIn.clearLog();
  // Pages a failed test left open (the worker's offscreen document stays: it is the clipboard's).
  for (const page of session.browser.context.pages()) {
    if (page.url().startsWith(session.browser.extensionUrl('src/history/')) || /\/demo\/(article|destination)/.test(page.url())) await page.close();
  }
});

// ---- Ways in, with real input (test/support/real-input.ts) ----

/** What each way in is waited on by: the clipboard holds anything else once it has copied. */
const NOTHING_COPIED = 'nothing copied yet';

/** A tab of the stand-in's destination page at `query`, titled `title` (its ?title=), and its address. */
async function pageTitled(query: string, title?: string): Promise<{ tab: Page; url: string }> {
  const url = `${base}/demo/destination?${query}${title === undefined ? '' : `&title=${encodeURIComponent(title)}`}`;
  return { tab: await session.openTab(url), url };
}

/** What a way in copied: the clipboard, emptied (NOTHING_COPIED) before it, once it changes. */
async function copiedBy(wayIn: () => Promise<void>): Promise<string> {
  await session.setClipboard(NOTHING_COPIED);
  await wayIn();
  await expect.poll(() => session.readClipboard()).not.toBe(NOTHING_COPIED);
  return session.readClipboard();
}

/** A real right-click on a link to `linkUrl`, put on a tab of links, and "Shorten link" chosen in Chromium's menu. */
async function linkShortened(linkUrl: string): Promise<void> {
  const { tab } = await pageTitled('links=1', 'Links to shorten');
  await chooseInMenu(session, tab, await linkOnPage(tab, linkUrl));
  await tab.close();
}

/** A real right-click on the page in `tab` and "Shorten this page". */
const pageShortened = (tab: Page) => chooseInMenu(session, tab, 'h1');

/** A real right-click on `text`, selected on a tab of its own, and "Shorten the links in the selection". */
async function selectionShortened(text: string): Promise<void> {
  const { tab } = await pageTitled('selection=1', 'Text to select');
  await chooseInMenu(session, tab, await paragraphOnPage(tab, text), { selected: true });
  await tab.close();
}

/** The newest entry's short link, once history has `count` entries. */
async function newestShortUrl(count: number): Promise<string> {
  await expect.poll(async () => (await session.history()).length).toBe(count);
  return (await session.history())[0]?.shortUrl ?? '';
}

async function notifications(): Promise<string[]> {
  return (await session.worker()).evaluate(() =>
    (globalThis as unknown as { shrtnrE2e: { shown: ShownText[] } }).shrtnrE2e.shown.filter((shown) => shown.surface === 'notification').map((shown) => shown.text),
  );
}

function requestedUrls(): string[] {
  return session.standIn.apiRequests().map((request) => (JSON.parse(request.body) as { url: string }).url);
}

// ---- Pages ----

async function popupOn(pathOrUrl: string): Promise<{ tab: Page; popup: Page }> {
  const tab = await session.openTab(pathOrUrl);
  const popup = await session.browser.openPopup(tab);
  return { tab, popup };
}

async function shownShortUrl(popup: Page): Promise<string> {
  const field = popup.getByTestId('short-url');
  await field.waitFor();
  return field.inputValue();
}

async function openHistoryPage(): Promise<Page> {
  const page = await session.browser.context.newPage();
  await page.goto(session.browser.extensionUrl('src/history/index.html'));
  await historyRead(page);
  return page;
}

/** Waits until the page has read all of history: it says how many links there are (or that there are none), and the credits saved. */
async function historyRead(page: Page): Promise<void> {
  await page.getByTestId('history-count').filter({ hasNotText: t('historyLoading') }).or(page.getByTestId('history-empty')).first().waitFor();
  await page.getByTestId('credits-saved').waitFor();
}

/** The tab an action opens, once it shows `url`. */
async function tabOpenedBy(action: () => Promise<void>, url: string): Promise<Page> {
  const opened = session.browser.context.waitForEvent('page');
  await action();
  const tab = await opened;
  await tab.waitForURL(url);
  return tab;
}

async function reloadHistoryPage(page: Page): Promise<void> {
  await page.reload();
  await historyRead(page);
}

interface ListedRow {
  label: string;
  shortUrl: string;
  longUrl: string;
  via: string;
}

async function listedRows(page: Page): Promise<ListedRow[]> {
  return page.getByTestId('history-row').evaluateAll((rows) =>
    rows.map((row) => ({
      label: row.querySelector('.row-title')?.textContent ?? '',
      shortUrl: row.querySelector('.row-short')?.textContent ?? '',
      longUrl: row.querySelector('.row-long')?.textContent ?? '',
      via: row.querySelector('.row-via')?.textContent ?? '',
    })),
  );
}

const shortUrlsListed = async (page: Page) => (await listedRows(page)).map((row) => row.shortUrl);
const statusText = (page: Page) => page.getByTestId('history-status').textContent();

async function creditsSaved(page: Page): Promise<number> {
  const text = (await page.getByTestId('credits-saved').textContent()) ?? '';
  const count = /(\d+)\D*$/.exec(text)?.[1];
  if (count === undefined) throw new Error(`No count in "${text}".`);
  return Number(count);
}

/** What a click downloads: its suggested name and its bytes. */
async function downloadOf(page: Page, click: () => Promise<void>): Promise<{ name: string; body: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), body: await readFile(await savedPath(download)) };
}

async function savedPath(download: Download): Promise<string> {
  const failure = await download.failure();
  if (failure !== null) throw new Error(`The download of ${download.suggestedFilename()} failed: ${failure}`);
  return download.path();
}

// ---- Clipboard and QR codes ----

/** The stand-in page session.readClipboard() reads from. */
const clipboardPageUrl = () => `${base}/demo/blank`;

/** Both flavours on the clipboard, read from the stand-in's page (granted clipboard-read by readClipboard). */
async function clipboardFlavours(): Promise<Record<string, string>> {
  await session.readClipboard();
  const reader = session.browser.context.pages().find((page) => page.url() === clipboardPageUrl());
  if (reader === undefined) throw new Error('The clipboard reader tab went missing.');
  await reader.bringToFront();
  return reader.evaluate(async () => {
    const flavours: Record<string, string> = {};
    for (const item of await navigator.clipboard.read()) {
      for (const type of item.types) flavours[type] = await (await item.getType(type)).text();
    }
    return flavours;
  });
}

/** What a QR reader finds in a PNG (dark modules on light, as printed), or undefined. */
function decodeQrPng(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height, { inversionAttempts: 'dontInvert' })?.data;
}

/** Renders an SVG file as an image would show it, on a canvas at 3× its size with no background of its own, and decodes that. */
async function decodeQrSvg(svg: string): Promise<string | undefined> {
  const page = await session.openTab(`${base}/demo/blank?render=svg`);
  try {
    const dataUrl = await page.evaluate(async (source) => {
      const image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth * 3;
      canvas.height = image.naturalHeight * 3;
      canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
      return canvas.toDataURL('image/png');
    }, svg);
    return decodeQrPng(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  } finally {
    await page.close();
  }
}

const shortCode = (shortUrl: string) => new URL(shortUrl).pathname.slice(1);

/**
 * The shown QR code decodes to `shortUrl`, and so does its PNG download; both
 * files are named after the short code. Resolves to the SVG download, for
 * decodeQrSvg (which opens a tab: a popup would close).
 */
async function expectQrOf(page: Page, shortUrl: string): Promise<string> {
  const canvas = page.getByTestId('qr-canvas');
  await canvas.waitFor();
  expect(await canvas.getAttribute('aria-label')).toBe(t('qrCodeLabel', shortUrl));
  expect(decodeQrPng(await canvas.screenshot())).toBe(shortUrl);

  const png = await downloadOf(page, () => page.getByRole('button', { name: t('qrDownloadPng') }).click());
  expect(png.name).toBe(`${shortCode(shortUrl)}.png`);
  expect(decodeQrPng(png.body)).toBe(shortUrl);

  const svg = await downloadOf(page, () => page.getByRole('button', { name: t('qrDownloadSvg') }).click());
  expect(svg.name).toBe(`${shortCode(shortUrl)}.svg`);
  const source = svg.body.toString('utf8');
  expect(source).toMatch(/<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  return source;
}

describe('recording', () => {
  it('records every way in, and the history page lists them newest first, with their way in and title', async () => {
    const { tab, popup } = await popupOn('/demo/article');
    const fromTab = await shownShortUrl(popup);
    const typedUrl = `${base}/demo/destination?via=typed`;
    await popup.getByLabel(t('popupShortenAnother')).fill(typedUrl);
    await popup.getByRole('button', { name: t('popupShorten'), exact: true }).click();
    await expect.poll(() => popup.getByTestId('long-url').textContent()).toBe(typedUrl);
    const fromTyped = await shownShortUrl(popup);
    await popup.close();
    await tab.close();

    const linkUrl = `${base}/demo/destination?via=link`;
    const selectedUrl = `${base}/demo/destination?via=selection`;
    const article = await session.openTab('/demo/article');
    const fromLink = await copiedBy(async () => chooseInMenu(session, article, await linkOnPage(article, linkUrl)));
    await article.close();
    const onItsMenu = await pageTitled('via=page', 'A page shortened from its menu');
    const pageUrl = onItsMenu.url;
    const fromPage = await copiedBy(() => pageShortened(onItsMenu.tab));
    const fromSelection = await copiedBy(() => selectionShortened(`  ${selectedUrl}`));
    const withTheKeyboard = await pageTitled('via=shortcut', 'A page shortened with the keyboard');
    const shortcutUrl = withTheKeyboard.url;
    const fromShortcut = await copiedBy(() => pressShortcut(session, withTheKeyboard.tab));
    expect(session.standIn.apiRequests()).toHaveLength(6);

    const history = await session.history();
    expect(history.map(({ via, shortUrl, longUrl, title }) => ({ via, shortUrl, longUrl, title }))).toEqual([
      { via: 'shortcut', shortUrl: fromShortcut, longUrl: shortcutUrl, title: 'A page shortened with the keyboard' },
      { via: 'menu-selection', shortUrl: fromSelection, longUrl: selectedUrl, title: undefined },
      { via: 'menu-page', shortUrl: fromPage, longUrl: pageUrl, title: 'A page shortened from its menu' },
      // Chromium names no link text, and the tab's title is not the link's.
      { via: 'menu-link', shortUrl: fromLink, longUrl: linkUrl, title: undefined },
      { via: 'popup-typed', shortUrl: fromTyped, longUrl: typedUrl, title: undefined },
      { via: 'popup-tab', shortUrl: fromTab, longUrl: `${base}/demo/article`, title: ARTICLE_TITLE },
    ]);
    for (const entry of history) {
      expect(entry.shortUrl).toMatch(session.shortUrlPattern());
      expect(entry).toMatchObject({ server: base, used: 1 });
    }
    const times = history.map((entry) => entry.createdAt);
    expect(times).toEqual(times.toSorted((a, b) => b - a));

    const page = await openHistoryPage();
    const host = new URL(base).host;
    expect(await listedRows(page)).toEqual([
      { label: 'A page shortened with the keyboard', shortUrl: fromShortcut, longUrl: shortcutUrl, via: t('historyViaShortcut') },
      { label: `${host}/demo/destination`, shortUrl: fromSelection, longUrl: selectedUrl, via: t('historyViaMenuSelection') },
      { label: 'A page shortened from its menu', shortUrl: fromPage, longUrl: pageUrl, via: t('historyViaMenuPage') },
      { label: `${host}/demo/destination`, shortUrl: fromLink, longUrl: linkUrl, via: t('historyViaMenuLink') },
      { label: `${host}/demo/destination`, shortUrl: fromTyped, longUrl: typedUrl, via: t('historyViaPopupTyped') },
      { label: ARTICLE_TITLE, shortUrl: fromTab, longUrl: `${base}/demo/article`, via: t('historyViaPopupTab') },
    ]);
    expect(await page.getByTestId('history-count').textContent()).toBe(t('historyCount', 6));
    await page.close();
  });

  // A private window's: private-window.test.ts (a real one, with the extension allowed there).
  it('records nothing with history off, or for a failure, through the menu and the shortcut', async () => {
    // History off: nothing kept, and nothing given from it either (two clicks, two requests).
    await session.configure({ history: false });
    session.standIn.clearLog();
    const first = await copiedBy(() => linkShortened(`${base}/demo/destination?off=1`));
    const second = await copiedBy(() => linkShortened(`${base}/demo/destination?off=1`));
    expect(second).not.toBe(first);
    expect(session.standIn.apiRequests()).toHaveLength(2);
    expect(await session.history()).toEqual([]);

    await session.configure({ history: true });
    // Each failure said on the badge, cleared before it so the one read is its own.
    const failureShown = async (wayIn: () => Promise<void>) => {
      await (await session.worker()).evaluate(() => chrome.action.setBadgeText({ text: '' }));
      await wayIn();
      return settledBadge(session);
    };
    session.standIn.setFault({ kind: 'html-500' });
    expect(await failureShown(() => linkShortened(`${base}/demo/destination?failed=1`))).toMatchObject({ text: '!', title: stringContaining('HTTP 500') });
    session.standIn.setFault({ kind: 'status', status: 403 });
    const refused = await pageTitled('failed=2');
    expect(await failureShown(() => pressShortcut(session, refused.tab))).toMatchObject({ text: '!', title: stringContaining(t('errorForbidden')) });
    expect(session.standIn.apiRequests().map((request) => (JSON.parse(request.body) as { url: string }).url).slice(-2)).toEqual([`${base}/demo/destination?failed=1`, refused.url]);
    expect(await session.history()).toEqual([]);

    // And the same session records again once all is well.
    session.standIn.setFault(null);
    await copiedBy(() => linkShortened(`${base}/demo/destination?failed=1`));
    expect((await session.history()).map((entry) => entry.longUrl)).toEqual([`${base}/demo/destination?failed=1`]);
  });

  it('20 menu clicks at once on 20 links record 20 entries: concurrent writes lose nothing (through the hook: real input cannot make 20 clicks at once)', async () => {
    const links = Array.from({ length: 20 }, (_, index) => `${base}/demo/destination?burst=${index}`);
    const outcomes = await (await session.worker()).evaluate(
      (infos) => Promise.all(infos.map((info) => (globalThis as unknown as { shrtnrE2e: E2eHooks }).shrtnrE2e.onMenuClicked(info, undefined))),
      links.map((linkUrl): Menus.OnClickData => ({ menuItemId: 'shorten-link', linkUrl, editable: false, modifiers: [] })),
    );
    // Each one copied, or passed over for a later click's link already copied (issue 11's clipboard rule): none failed.
    expect(outcomes.map((outcome) => outcome?.status).filter((status) => status !== 'copied' && status !== 'superseded')).toEqual([]);
    expect(session.standIn.apiRequests()).toHaveLength(20);
    const history = await session.history();
    expect(history.map((entry) => entry.longUrl).toSorted()).toEqual(links.toSorted());
    expect(new Set(history.map((entry) => entry.shortUrl)).size).toBe(20);
  });
});

describe('the cache: no credit spent twice', () => {
  it('a second menu click on the same link is answered from history: no request, the same link copied, and the notification says so', async () => {
    const linkUrl = `${base}/demo/destination?cached=menu`;
    const shownBefore = (await notifications()).length;
    const shortUrl = await copiedBy(() => linkShortened(linkUrl));
    expect(shortUrl).toMatch(session.shortUrlPattern());
    expect(requestedUrls()).toEqual([linkUrl]);
    // The notification comes a moment after the copy: waited for, then read.
    await expect.poll(async () => (await notifications()).length).toBe(shownBefore + 1);
    const first = (await notifications()).at(-1);
    expect(first).toContain(shortUrl);
    expect(first).not.toContain(t('linkFromHistory'));

    session.standIn.clearLog();
    expect(await copiedBy(() => linkShortened(linkUrl))).toBe(shortUrl);
    expect(session.standIn.apiRequests()).toEqual([]);
    await expect.poll(async () => (await notifications()).at(-1)).toContain(`${shortUrl}\n${t('linkFromHistory')}`);

    // Every other way in is answered from the same entry: the shortcut and the page's item on a tab at that address, a selection of it.
    const tab = await session.openTab(linkUrl);
    expect(await copiedBy(() => pressShortcut(session, tab))).toBe(shortUrl);
    expect(await copiedBy(() => pageShortened(tab))).toBe(shortUrl);
    expect(await copiedBy(() => selectionShortened(linkUrl))).toBe(shortUrl);
    expect(session.standIn.apiRequests()).toEqual([]);
    // A reuse is not a new entry.
    expect(await session.history()).toHaveLength(1);

    // Only for the server in use: the same stand-in under another name is another server, and gets asked.
    await session.configure({ serverUrl: new URL(session.idnBaseUrl()).origin, token: session.standIn.demoToken });
    const elsewhere = await copiedBy(() => linkShortened(linkUrl));
    expect(elsewhere).not.toBe(shortUrl);
    expect(requestedUrls()).toEqual([linkUrl]);
  });

  it('the popup shows a link history holds in the first frame it renders, with no request; "Make a new short link" spends exactly one', async () => {
    const articleUrl = `${base}/demo/article`;
    const tab = await session.openTab(articleUrl);
    const cached = await copiedBy(() => pageShortened(tab));
    session.standIn.clearLog();
    await session.setClipboard('nothing copied yet');

    const popup = await session.browser.openPopup(tab);
    expect(await shownShortUrl(popup)).toBe(cached);
    expect(await popup.getByTestId('link-origin').textContent()).toBe(`${t('linkFromHistory')} ${t('popupNewLink')}`);
    expect(session.standIn.apiRequests()).toEqual([]);
    // In the first frame the app rendered over the page's shell (first-frame.test.ts): the spinner never was.
    expect(await popup.evaluate(() => (globalThis as unknown as { shrtnrLoadingSeen?: { loading: boolean } }).shrtnrLoadingSeen)).toEqual({ loading: false });
    await expect.poll(() => popup.getByTestId('copy-status').textContent()).toBe(t('popupCopied'));

    await popup.getByRole('button', { name: t('popupNewLink') }).click();
    await expect.poll(() => popup.getByTestId('short-url').inputValue()).not.toBe(cached);
    const fresh = await popup.getByTestId('short-url').inputValue();
    expect(fresh).toMatch(session.shortUrlPattern());
    await expect.poll(() => popup.getByTestId('link-origin').textContent()).toBe(t('popupCreditsUsed', 1));
    expect(requestedUrls()).toEqual([articleUrl]);
    await popup.close();
    expect(await session.readClipboard()).toBe(fresh);
    // The new link is recorded, and from now on it is the one given.
    expect((await session.history()).map((entry) => entry.shortUrl)).toEqual([fresh, cached]);
    expect(await copiedBy(() => pageShortened(tab))).toBe(fresh);
    expect(session.standIn.apiRequests()).toHaveLength(1);
    await tab.close();
  });

  it('the history page counts the credits the cache saved, live', async () => {
    const page = await openHistoryPage();
    const before = await creditsSaved(page);
    const linkUrl = `${base}/demo/destination?credits=1`;
    await copiedBy(() => linkShortened(linkUrl));
    await expect.poll(() => page.getByTestId('history-row').count()).toBe(1);
    expect(await creditsSaved(page)).toBe(before);
    await copiedBy(() => linkShortened(linkUrl));
    await expect.poll(() => creditsSaved(page)).toBe(before + 1);
    const tab = await session.openTab(linkUrl);
    await copiedBy(() => pressShortcut(session, tab));
    await expect.poll(() => creditsSaved(page)).toBe(before + 2);
    expect(session.standIn.apiRequests()).toHaveLength(1);
    await page.close();
  });
});

/** A title a spreadsheet would run as a formula, were it not guarded. */
const FORMULA_TITLE = '=HYPERLINK("https://evil.example/","click")';

interface Seeded {
  banana: string;
  formula: string;
  plain: string;
  cherry: string;
}

/** A link the menu or the shortcut made (but for its time). */
const made = (code: string, query: string, via: string, title?: string) => ({
  shortUrl: `${base}/${code}`,
  longUrl: `${base}/demo/destination?${query}`,
  server: base,
  via,
  used: 1,
  account: 'account-1',
  ...(title === undefined ? {} : { title }),
});

/**
 * Four links history holds, oldest first: two titled pages, a formula-like title, a link without one, as the
 * menu and the shortcut record them. Written through the worker's own store: the ways in are recording's tests,
 * above; these are the history page's.
 */
async function seedHistory(): Promise<Seeded> {
  const seeded = [made('Banana1', 'food=banana', 'menu-page', 'Banana bread recipe'), made('Formula', 'csv=formula', 'shortcut', FORMULA_TITLE), made('Plain01', 'plain=1', 'menu-link'), made('Cherry1', 'food=cherry', 'menu-page', 'Cherry pie')];
  await (await session.worker()).evaluate(async (entries) => {
    const store = (globalThis as unknown as { shrtnrE2e: E2eHooks }).shrtnrE2e.history();
    // A minute ago, a second apart, oldest first.
    for (const [index, entry] of entries.entries()) await store.record({ ...entry, createdAt: Date.now() - 60_000 + index * 1_000 } as HistoryEntry);
  }, seeded);
  const [banana, formula, plain, cherry] = seeded.map((entry) => entry.shortUrl) as [string, string, string, string];
  return { banana, formula, plain, cherry };
}

describe('the history page', () => {
  it('searches as you type, over titles, long and short links', async () => {
    const seeded = await seedHistory();
    const page = await openHistoryPage();
    const search = page.getByLabel(t('historySearchLabel'));
    expect(await shortUrlsListed(page)).toEqual([seeded.cherry, seeded.plain, seeded.formula, seeded.banana]);

    await search.fill('banana');
    expect(await page.getByTestId('history-count').textContent()).toBe(t('historyMatching', 1, 4));
    expect(await shortUrlsListed(page)).toEqual([seeded.banana]);
    await search.fill(shortCode(seeded.plain));
    expect(await shortUrlsListed(page)).toEqual([seeded.plain]);
    await search.fill('food=');
    expect(await shortUrlsListed(page)).toEqual([seeded.cherry, seeded.banana]);
    await search.fill('no such thing');
    expect(await shortUrlsListed(page)).toEqual([]);
    expect(await page.getByText(t('historyNoMatches', 'no such thing')).count()).toBe(1);
    await search.fill('');
    expect(await page.getByTestId('history-count').textContent()).toBe(t('historyCount', 4));
    expect(await page.getByTestId('history-row').count()).toBe(4);
    await page.close();
  });

  it("a row copied by hand while the shortcut's link is on its way: that link, when it comes, is kept in history, not copied over it", async () => {
    const seeded = await seedHistory();
    const page = await openHistoryPage();
    const later = await pageTitled('hand-copy=1', 'Pressed before the copy');
    await clearedBadge(session);
    // The shortcut's request is answered only once the copy by hand has landed.
    await holdNextAnswer(session);
    try {
      await pressShortcut(session, later.tab);
      await expect.poll(() => session.standIn.apiRequests().length).toBe(1);
      // Copying needs the focus, which the shortcut's tab had.
      await page.bringToFront();
      await page.getByRole('button', { name: t('historyCopyLabel', seeded.plain) }).click();
      await expect.poll(() => statusText(page)).toBe(t('historyCopied', seeded.plain));
    } finally {
      await releaseHeldAnswer(session);
    }
    // The link comes, a click older than the copy: the badge says it is made once the clipboard has had its say.
    expect((await settledBadge(session)).text).toBe('✓');
    expect(await newestShortUrl(5)).toMatch(session.shortUrlPattern());
    expect(requestedUrls()).toEqual([later.url]);
    expect(await session.readClipboard()).toBe(seeded.plain);
    await later.tab.close();
    await page.close();
  });

  it('copies a row in the format chosen in the settings, and opens its page', async () => {
    const seeded = await seedHistory();
    const page = await openHistoryPage();
    await page.getByRole('button', { name: t('historyCopyLabel', seeded.plain) }).click();
    await expect.poll(() => statusText(page)).toBe(t('historyCopied', seeded.plain));
    expect(await session.readClipboard()).toBe(seeded.plain);

    // The page follows a settings change without a reload.
    await session.configure({ copyFormat: 'markdown' });
    await expect
      .poll(async () => {
        // Copying needs the focus, which reading the clipboard took.
        await page.bringToFront();
        await page.getByRole('button', { name: t('historyCopyLabel', seeded.banana) }).click();
        return session.readClipboard();
      })
      .toBe(`[Banana bread recipe](${seeded.banana})`);

    await page.bringToFront();
    const opened = await tabOpenedBy(() => page.getByRole('button', { name: t('historyOpenLabel', seeded.cherry) }).click(), `${base}/demo/destination?food=cherry`);
    await opened.close();
    await page.close();
  });

  it('deletes one link with Undo, and what Undo restored survives a reload', async () => {
    const seeded = await seedHistory();
    const page = await openHistoryPage();
    await page.getByRole('button', { name: t('historyDeleteLabel', seeded.formula) }).click();
    await expect.poll(() => statusText(page)).toBe(t('historyDeleted', seeded.formula));
    expect(await shortUrlsListed(page)).toEqual([seeded.cherry, seeded.plain, seeded.banana]);
    expect((await session.history()).map((entry) => entry.shortUrl)).toEqual([seeded.cherry, seeded.plain, seeded.banana]);

    await page.getByRole('button', { name: t('historyUndo') }).click();
    await expect.poll(() => statusText(page)).toBe(t('historyRestored', seeded.formula));
    expect(await shortUrlsListed(page)).toEqual([seeded.cherry, seeded.plain, seeded.formula, seeded.banana]);
    await reloadHistoryPage(page);
    expect(await shortUrlsListed(page)).toEqual([seeded.cherry, seeded.plain, seeded.formula, seeded.banana]);
    // Restored as it was: its title and way in too.
    expect((await listedRows(page))[2]).toMatchObject({ label: FORMULA_TITLE, via: t('historyViaShortcut') });
    await page.close();
  });

  it('deletes everything only once confirmed, with Undo', async () => {
    const seeded = await seedHistory();
    const all = [seeded.cherry, seeded.plain, seeded.formula, seeded.banana];
    const page = await openHistoryPage();
    const deleteAll = page.getByRole('button', { name: t('historyDeleteAll'), exact: true });

    await deleteAll.click();
    expect(await page.getByText(t('historyDeleteAllQuestion', 4)).count()).toBe(1);
    await page.getByRole('button', { name: t('historyCancel') }).click();
    expect(await page.getByText(t('historyDeleteAllQuestion', 4)).count()).toBe(0);
    expect(await session.history()).toHaveLength(4);

    await deleteAll.click();
    await page.getByRole('button', { name: t('historyDeleteAllConfirm') }).click();
    await expect.poll(() => statusText(page)).toBe(t('historyDeletedAll', 4));
    await page.getByTestId('history-empty').waitFor();
    expect(await session.history()).toEqual([]);

    await page.getByRole('button', { name: t('historyUndo') }).click();
    await expect.poll(() => statusText(page)).toBe(t('historyRestoredAll', 4));
    expect(await shortUrlsListed(page)).toEqual(all);
    await reloadHistoryPage(page);
    expect(await shortUrlsListed(page)).toEqual(all);
    await page.close();
  });

  it('exports CSV (formula-guarded) and JSON, and imports that JSON back without duplicates', async () => {
    const seeded = await seedHistory();
    const history = await session.history();
    const page = await openHistoryPage();
    const today = new Date();
    const day = [today.getFullYear(), today.getMonth() + 1, today.getDate()].map((part) => String(part).padStart(2, '0')).join('-');

    const csv = await downloadOf(page, () => page.getByRole('button', { name: t('historyExportCsv') }).click());
    expect(csv.name).toBe(`shrtnr-history-${day}.csv`);
    const text = csv.body.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    const iso = (shortUrl: string) => new Date(history.find((entry) => entry.shortUrl === shortUrl)?.createdAt ?? Number.NaN).toISOString();
    // The account that made each link, by its name (the one account, named by its server's host).
    const account = new URL(base).host;
    expect(lines).toEqual([
      'created,title,long_url,short_url,server,via,origin,campaign,account',
      `${iso(seeded.cherry)},Cherry pie,${base}/demo/destination?food=cherry,${seeded.cherry},${base},menu-page,local,,${account}`,
      `${iso(seeded.plain)},,${base}/demo/destination?plain=1,${seeded.plain},${base},menu-link,local,,${account}`,
      // A leading apostrophe keeps a spreadsheet from running the title; quotes doubled, the field quoted.
      `${iso(seeded.formula)},"'=HYPERLINK(""https://evil.example/"",""click"")",${base}/demo/destination?csv=formula,${seeded.formula},${base},shortcut,local,,${account}`,
      `${iso(seeded.banana)},Banana bread recipe,${base}/demo/destination?food=banana,${seeded.banana},${base},menu-page,local,,${account}`,
      '',
    ]);

    const clicked = Date.now();
    const json = await downloadOf(page, () => page.getByRole('button', { name: t('historyExportJson') }).click());
    const saved = Date.now();
    expect(json.name).toBe(`shrtnr-history-${day}.json`);
    const exported = JSON.parse(json.body.toString('utf8')) as { format: string; version: number; exportedAt: string; entries: HistoryEntry[] };
    expect(exported).toMatchObject({ format: 'shrtnr-history', version: 1 });
    // Stamped by this export: after the click, before the file was saved (one clock: the same machine's).
    expect(Date.parse(exported.exportedAt)).toBeGreaterThanOrEqual(clicked);
    expect(Date.parse(exported.exportedAt)).toBeLessThanOrEqual(saved);
    expect(exported.entries).toEqual(history);

    // Into an empty history: everything comes back, exactly, marked as imported and of no account (a file is not a shortening made here).
    const imported = history.map(({ account: _account, ...entry }): HistoryEntry => ({ ...entry, origin: 'imported' }));
    await session.clearHistory();
    await page.getByTestId('history-empty').waitFor();
    const file = { name: json.name, mimeType: 'application/json', buffer: json.body };
    await page.getByTestId('history-import-file').setInputFiles(file);
    await expect.poll(() => statusText(page)).toBe(t('historyImportAdded', 4));
    await expect.poll(() => shortUrlsListed(page)).toEqual([seeded.cherry, seeded.plain, seeded.formula, seeded.banana]);
    expect(await session.history()).toEqual(imported);
    expect(await page.getByTestId('history-imported').allTextContents()).toEqual(Array.from({ length: 4 }, () => t('historyImported')));

    // Again: nothing added twice.
    await page.getByTestId('history-import-file').setInputFiles(file);
    await expect.poll(() => statusText(page)).toBe(`${t('historyImportAdded', 0)} ${t('historyImportAlreadyThere', 4)}`);
    expect(await session.history()).toEqual(imported);
    expect(await page.getByTestId('history-row').count()).toBe(4);
    await page.close();
  });

  it('skips damaged records with a note, shows the rest, and never gives a damaged one from the cache', async () => {
    const seeded = await seedHistory();
    const page = await openHistoryPage();
    const damagedLongUrl = `${base}/demo/destination?damaged=1`;
    // Written straight into the store, as a bug or a disk fault might leave them.
    await page.evaluate(
      ({ server, longUrl }) =>
        new Promise<void>((resolve, reject) => {
          // The version the page left it at: whatever it is, these records are written as a bug or a disk fault might leave them.
          const opening = indexedDB.open('shrtnr-history');
          opening.addEventListener('error', () => reject(opening.error));
          opening.addEventListener('success', () => {
            const db = opening.result;
            const transaction = db.transaction('entries', 'readwrite');
            const entries = transaction.objectStore('entries');
            const now = Date.now();
            // A plain-http short link, for a long URL about to be shortened: the cache must not hand it out.
            entries.put({ shortUrl: 'http://127.0.0.1/Insecure', longUrl, server, createdAt: now, via: 'menu-link', used: 1 });
            entries.put({ shortUrl: `${server}/NoDate12`, longUrl: `${server}/x`, server, via: 'menu-link' });
            entries.put({ shortUrl: `${server}/BadWay12`, longUrl: `${server}/y`, server, createdAt: now, via: 'carrier-pigeon' });
            transaction.addEventListener('complete', () => {
              db.close();
              resolve();
            });
            transaction.addEventListener('abort', () => reject(transaction.error));
          });
        }),
      { server: base, longUrl: damagedLongUrl },
    );
    await reloadHistoryPage(page);
    expect(await page.getByTestId('history-skipped').textContent()).toBe(t('historySkipped', 3));
    expect(await shortUrlsListed(page)).toEqual([seeded.cherry, seeded.plain, seeded.formula, seeded.banana]);

    const fresh = await copiedBy(() => linkShortened(damagedLongUrl));
    expect(fresh).toMatch(session.shortUrlPattern());
    expect(requestedUrls().at(-1)).toBe(damagedLongUrl);
    // And the popup's recent list reads past them too.
    const { tab, popup } = await popupOn(`${base}/demo/article`);
    await shownShortUrl(popup);
    await expect.poll(() => popup.locator('.recent-link').allTextContents()).toEqual([fresh, seeded.cherry, seeded.plain]);
    await popup.close();
    await tab.close();
    await page.close();
  });

  it('updates live as links are shortened elsewhere, and says when history is off', async () => {
    const page = await openHistoryPage();
    await page.getByTestId('history-empty').waitFor();
    const shortUrl = await copiedBy(() => linkShortened(`${base}/demo/destination?live=1`));
    await expect.poll(() => shortUrlsListed(page)).toEqual([shortUrl]);
    const live = await pageTitled('live=2', 'Live');
    const second = await copiedBy(() => pressShortcut(session, live.tab));
    await expect.poll(() => shortUrlsListed(page)).toEqual([second, shortUrl]);
    expect(await page.getByTestId('history-off').count()).toBe(0);

    await session.configure({ history: false });
    await expect.poll(() => page.getByTestId('history-off').textContent()).toContain(t('historyOff'));
    await copiedBy(() => linkShortened(`${base}/demo/destination?live=3`));
    // What was kept stays listed; the new link is not added.
    expect(await session.history()).toHaveLength(2);
    expect(await shortUrlsListed(page)).toEqual([second, shortUrl]);
    const settings = await tabOpenedBy(() => page.getByRole('button', { name: t('historyOpenSettings') }).click(), session.browser.extensionUrl('src/options/index.html'));
    await settings.close();
    await page.close();
  });
  it('is walked with Tab in reading order, the focus always visible and never hidden under the status bar, nor a QR code as it opens', async () => {
    const entries = Array.from({ length: 12 }, (_, index): HistoryEntry => ({
      shortUrl: `${base}/Walk${String(index).padStart(3, '0')}`,
      longUrl: `${base}/demo/destination?walk=${index}`,
      server: base,
      title: `Walked link ${index}`,
      createdAt: Date.now() - index * 1000,
      via: 'menu-link',
    }));
    await (await session.worker()).evaluate((walk) => (globalThis as unknown as { shrtnrE2e: E2eHooks }).shrtnrE2e.history().merge(walk), entries);
    const page = await openHistoryPage();
    // A status on the bar, which from now on stays in view at the bottom, over the list.
    await page.getByRole('button', { name: t('historyCopyLabel', `${base}/Walk000`) }).click();
    await expect.poll(() => statusText(page)).toBe(t('historyCopied', `${base}/Walk000`));
    // Tab from the top, as after a click on the heading.
    await page.getByRole('heading', { name: t('historyTitle') }).click();

    const walked: { label: string; ringVisible: boolean; inSight: boolean }[] = [];
    for (let step = 0; step < 6 + entries.length * 6; step += 1) {
      await page.keyboard.press('Tab');
      walked.push(
        await page.evaluate(() => {
          const element = document.activeElement as HTMLElement;
          const bar = document.querySelector('.status-bar');
          const box = element.getBoundingClientRect();
          // What the sticky bar covers is out of sight, unless the focus is on the bar itself.
          const sightBottom = bar === null || bar.contains(element) ? innerHeight : Math.min(innerHeight, bar.getBoundingClientRect().top);
          const style = getComputedStyle(element);
          return {
            label: element.getAttribute('aria-label') ?? (element.id || element.textContent?.trim() || element.tagName),
            ringVisible: element.matches(':focus-visible') && style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0,
            inSight: box.bottom > 0 && box.top < sightBottom,
          };
        }),
      );
    }
    // The header's way to the list page, the tools, the search field, then each row's link and its five actions, newest first.
    expect(walked.map((step) => step.label)).toEqual([
      t('listOpen'),
      t('historyExportCsv'),
      t('historyExportJson'),
      t('historyImport'),
      t('historyDeleteAll'),
      'history-search',
      ...entries.flatMap(({ shortUrl }) => [shortUrl, t('historyCopyLabel', shortUrl), t('historyShareLabel', shortUrl), t('historyOpenLabel', shortUrl), t('historyQrLabel', shortUrl), t('historyDeleteLabel', shortUrl)]),
    ]);
    expect(walked.filter((step) => !step.ringVisible).map((step) => step.label)).toEqual([]);
    expect(walked.filter((step) => !step.inSight).map((step) => step.label)).toEqual([]);

    // The last row's QR code, opened from the keyboard: it is scrolled into view above the bar too.
    const last = entries.at(-1)?.shortUrl ?? '';
    await page.getByRole('button', { name: t('historyQrLabel', last) }).press('Enter');
    await page.getByTestId('qr-canvas').waitFor();
    await expect
      .poll(() =>
        page.evaluate(() => {
          const panel = document.querySelector('.row-qr .lazy-qr')?.getBoundingClientRect();
          const bar = document.querySelector('.status-bar')?.getBoundingClientRect();
          return panel !== undefined && bar !== undefined && panel.bottom <= bar.top;
        }),
      )
      .toBe(true);
    await page.close();
  });
});

describe('QR codes', () => {
  it('the popup shows a QR code of the short link, and saves it as PNG and SVG, all decoding to exactly the link', async () => {
    const { tab, popup } = await popupOn('/demo/article');
    const shortUrl = await shownShortUrl(popup);
    expect(await popup.getByTestId('qr-canvas').count()).toBe(0);
    await popup.getByRole('button', { name: t('popupShowQr') }).click();
    const svg = await expectQrOf(popup, shortUrl);
    await popup.getByRole('button', { name: t('popupHideQr') }).click();
    expect(await popup.getByTestId('qr-canvas').count()).toBe(0);
    await popup.close();
    await tab.close();
    expect(await decodeQrSvg(svg)).toBe(shortUrl);
  });

  it('the history page shows a row\'s QR code, and saves it as PNG and SVG, all decoding to exactly the link', async () => {
    const seeded = await seedHistory();
    const page = await openHistoryPage();
    const toggle = page.getByRole('button', { name: t('historyQrLabel', seeded.formula) });
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await decodeQrSvg(await expectQrOf(page, seeded.formula))).toBe(seeded.formula);
    // One code at a time: another row's replaces it.
    await page.getByRole('button', { name: t('historyQrLabel', seeded.banana) }).click();
    await expect.poll(() => page.getByTestId('qr-canvas').getAttribute('aria-label')).toBe(t('qrCodeLabel', seeded.banana));
    expect(decodeQrPng(await page.getByTestId('qr-canvas').screenshot())).toBe(seeded.banana);
    expect(await page.getByTestId('qr-canvas').count()).toBe(1);
    await page.close();
  });
});

describe('copy formats', () => {
  it('the chosen format applies to the menu, the shortcut and the popup\'s auto-copy', async () => {
    await session.configure({ copyFormat: 'markdown' });
    const weekly = await pageTitled('format=markdown', 'Weekly notes');
    const titled = await copiedBy(() => pageShortened(weekly.tab));
    expect(titled).toBe(`[Weekly notes](${await newestShortUrl(1)})`);
    // No title: the long URL is the label.
    const linkUrl = `${base}/demo/destination?format=untitled`;
    const untitled = await copiedBy(() => linkShortened(linkUrl));
    expect(untitled).toBe(`[${linkUrl}](${await newestShortUrl(2)})`);

    await session.configure({ copyFormat: 'html' });
    const fish = await pageTitled('format=html', 'Fish & chips <today>');
    const fromShortcut = await copiedBy(() => pressShortcut(session, fish.tab));
    expect(fromShortcut).toBe(`<a href="${await newestShortUrl(3)}">Fish &amp; chips &lt;today&gt;</a>`);

    await session.configure({ copyFormat: 'rich' });
    const richUrl = `${base}/demo/destination?format=rich`;
    const rich = await copiedBy(() => linkShortened(richUrl));
    expect(rich).toBe(await newestShortUrl(4));
    const flavours = await clipboardFlavours();
    expect(flavours['text/plain']).toBe(rich);
    // Chromium adds its own wrapper (a meta charset) around the HTML it hands back.
    expect(flavours['text/html']).toContain(`<a href="${rich}">${richUrl}</a>`);
    // A link from history is copied in the format too.
    await session.configure({ copyFormat: 'markdown' });
    expect(await copiedBy(() => linkShortened(richUrl))).toBe(`[${richUrl}](${rich})`);

    const { tab, popup } = await popupOn('/demo/article');
    const shortUrl = await shownShortUrl(popup);
    await expect.poll(() => popup.getByTestId('copy-status').textContent()).toBe(t('popupCopied'));
    await popup.close();
    await tab.close();
    expect(await session.readClipboard()).toBe(`[${ARTICLE_TITLE}](${shortUrl})`);
  });

  it('the popup copies as each format on demand', async () => {
    await session.configure({ autoCopy: false });
    const expected: [string, Record<string, string>][] = [
      [t('copyFormatMarkdown'), { 'text/plain': `[${ARTICLE_TITLE}](SHORT)` }],
      [t('copyFormatHtml'), { 'text/plain': `<a href="SHORT">${ARTICLE_TITLE}</a>` }],
      [t('copyFormatRich'), { 'text/plain': 'SHORT', 'text/html': `<a href="SHORT">${ARTICLE_TITLE}</a>` }],
      [t('copyFormatPlain'), { 'text/plain': 'SHORT' }],
    ];
    for (const [button, flavours] of expected) {
      // Before the popup opens: the popup closes when another page takes the focus.
      await session.setClipboard('nothing copied yet');
      const { tab, popup } = await popupOn('/demo/article');
      const shortUrl = await shownShortUrl(popup);
      await popup.getByText(t('popupCopyAs')).click();
      await popup.getByRole('button', { name: button, exact: true }).click();
      await expect.poll(() => popup.getByTestId('copy-status').textContent()).toBe(t('popupCopied'));
      await popup.close();
      await tab.close();
      const read = await clipboardFlavours();
      expect(read['text/plain'], button).toBe(flavours['text/plain']?.replaceAll('SHORT', shortUrl));
      const html = flavours['text/html'];
      expect(read['text/html'], button).toEqual(html === undefined ? undefined : stringContaining(html.replaceAll('SHORT', shortUrl)));
    }
    // One request: the later popups were given the link from history.
    expect(session.standIn.apiRequests()).toHaveLength(1);
  });
});

describe('tracking parameters', () => {
  it('are removed before shortening when asked, and the popup names them', async () => {
    await session.configure({ stripTracking: true });
    const { tab, popup } = await popupOn('/demo/article?utm_source=x&id=7&fbclid=y');
    await shownShortUrl(popup);
    expect(await popup.getByTestId('long-url').textContent()).toBe(`${base}/demo/article?id=7`);
    expect(await popup.getByTestId('removed-params').textContent()).toBe(t('popupTrackingRemoved', 'utm_source, fbclid'));
    expect(requestedUrls()).toEqual([`${base}/demo/article?id=7`]);
    expect((await session.history()).map((entry) => entry.longUrl)).toEqual([`${base}/demo/article?id=7`]);
    await popup.close();
    await tab.close();
  });

  it('are sent unchanged by default', async () => {
    const { tab, popup } = await popupOn('/demo/article?utm_source=x&id=7&fbclid=y');
    await shownShortUrl(popup);
    expect(await popup.getByTestId('long-url').textContent()).toBe(`${base}/demo/article?utm_source=x&id=7&fbclid=y`);
    expect(await popup.getByTestId('removed-params').count()).toBe(0);
    expect(requestedUrls()).toEqual([`${base}/demo/article?utm_source=x&id=7&fbclid=y`]);
    await popup.close();
    await tab.close();
  });
});

describe('the popup\'s recent links', () => {
  it('lists the latest links below the result, each copyable, and "All history" opens the history page', async () => {
    const seeded = await seedHistory();
    await session.setClipboard('nothing copied yet');
    let { tab, popup } = await popupOn('/demo/article');
    const shortUrl = await shownShortUrl(popup);
    await expect.poll(() => popup.locator('.recent-link').allTextContents()).toEqual([seeded.cherry, seeded.plain, seeded.formula]);
    const copyRecent = popup.getByRole('button', { name: t('popupCopyRecent', seeded.plain) });
    await copyRecent.click();
    await expect.poll(() => popup.getByTestId('recent-status').textContent()).toBe(t('historyCopied', seeded.plain));
    await popup.close();
    await tab.close();
    expect(await session.readClipboard()).toBe(seeded.plain);

    ({ tab, popup } = await popupOn('/demo/article'));
    // Given from history this time; the list leaves out the link shown above it.
    expect(await shownShortUrl(popup)).toBe(shortUrl);
    await expect.poll(() => popup.locator('.recent-link').allTextContents()).toEqual([seeded.cherry, seeded.plain, seeded.formula]);
    const popupClosed = popup.waitForEvent('close');
    // The popup closes itself once the tab is open.
    const page = await tabOpenedBy(() => clickClosingPopup(popup, popup.getByRole('button', { name: t('popupAllHistory') })), session.browser.extensionUrl('src/history/index.html'));
    await popupClosed;
    await historyRead(page);
    expect(await shortUrlsListed(page)).toEqual([shortUrl, seeded.cherry, seeded.plain, seeded.formula, seeded.banana]);
    await page.close();
    await tab.close();
  });
});
