// Share (issue 36, item 1) in Chromium, the built extension against the
// stand-in: from the real toolbar popup and from a history row, the menu's
// destination opens in a new tab with the short link and the page's title,
// and a local HTTPS server stands in for the sites (test/support/share-destinations.ts:
// no test reaches x.com or reddit.com). Chromium on Linux has no share
// sheet, so the menu is what it offers; the sheet's path runs against a page
// script that stands in for one, in a browser of its own.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pollUntil } from '../../tooling/poll';
import { startE2eSession, type E2eSession } from '../support/e2e-session';
import { wordsIn } from '../support/locale-catalogue';
import { startShareDestinations, type ShareDestinations } from '../support/share-destinations';

const { t } = wordsIn('en');
/** A title with what must be encoded to stay one value: &, #, a colon, Arabic ("hello") and an emoji. */
const TITLE = 'Q&A #3: مرحبا 🎉';
/** TITLE percent-encoded as UTF-8, written out by hand. */
const TITLE_ENCODED = 'Q%26A%20%233%3A%20%D9%85%D8%B1%D8%AD%D8%A8%D8%A7%20%F0%9F%8E%89';
/** A short link of the stand-in (https://127.0.0.1:port/code) as a query value. */
const encoded = (shortUrl: string) => shortUrl.replaceAll(':', '%3A').replaceAll('/', '%2F');

let destinations: ShareDestinations;
let session: E2eSession;

beforeAll(async () => {
  destinations = await startShareDestinations();
  session = await startE2eSession({ hostRules: destinations.hostRules, trustedSpkiHashes: [destinations.spkiHash] });
});
afterAll(async () => {
  await session?.close();
  await destinations?.close();
});
beforeEach(async () => {
  await session.useStandIn();
  session.standIn.setFault(null);
});

/** The toolbar popup on a tab of the stand-in's page titled `title`, once it shows the page's short link. */
async function popupShortening(title: string, from: string): Promise<{ tab: Page; popup: Page; shortUrl: string }> {
  const tab = await session.openTab(`/demo/destination?share=${from}&title=${encodeURIComponent(title)}`);
  const popup = await session.browser.openPopup(tab);
  const field = popup.getByTestId('short-url');
  await expect.poll(() => field.inputValue()).toMatch(session.shortUrlPattern());
  return { tab, popup, shortUrl: await field.inputValue() };
}

/** The tab the extension opened at `url`, once the destination's stand-in has served it. */
async function tabAt(url: string): Promise<Page> {
  return pollUntil(async () => session.browser.context.pages().find((page) => page.url() === url), { timeoutMs: 30_000, failure: `No tab opened at ${url}.` });
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent);

describe('share in Chromium', () => {
  it("from the popup: a menu (no share sheet here), walked with the keyboard; X opens in a new tab with the short link and the tab's title, and the popup closes", async () => {
    const before = destinations.requests().length;
    const { tab, popup, shortUrl } = await popupShortening(TITLE, 'popup');
    // Chromium 156 on Linux has no Web Share API: the extension offers its menu.
    expect(await popup.evaluate(() => typeof navigator.share)).toBe('undefined');
    const share = popup.getByRole('button', { name: t('share') });
    expect(await share.getAttribute('aria-haspopup')).toBe('menu');

    // Enter opens the menu on its first item; Escape closes it, and only it: the popup stays, its button focused.
    await share.focus();
    await popup.keyboard.press('Enter');
    await popup.getByRole('menu', { name: t('share') }).waitFor();
    expect(await share.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => focusedText(popup)).toBe(t('shareEmail'));
    await popup.keyboard.press('Escape');
    await popup.getByRole('menu').waitFor({ state: 'detached' });
    expect(await focusedText(popup)).toBe(t('share'));
    expect(popup.isClosed()).toBe(false);

    // Down from the button opens it on E-mail too; Down again is X, and Enter opens it.
    await popup.keyboard.press('ArrowDown');
    await expect.poll(() => focusedText(popup)).toBe(t('shareEmail'));
    await popup.keyboard.press('ArrowDown');
    expect(await focusedText(popup)).toBe(t('shareX'));
    const closed = popup.waitForEvent('close');
    // The popup may be gone before the key is released: then the press reports a closed target.
    await popup.keyboard.press('Enter').catch((error: unknown) => {
      if (!popup.isClosed()) throw error;
    });
    const expected = `https://x.com/intent/post?text=${TITLE_ENCODED}&url=${encoded(shortUrl)}`;
    const opened = await tabAt(expected);
    await closed;
    // The tab's address is its own once the navigation commits, before its title is parsed.
    await opened.waitForLoadState('domcontentloaded');
    expect(await opened.title()).toBe('Stand-in for x.com');
    // The site got the link and the title, nothing else: no referrer, no opener to reach back with.
    expect(destinations.requests().slice(before)).toEqual([{ url: expected, referer: undefined }]);
    expect(await opened.evaluate(() => window.opener === null)).toBe(true);
    await opened.close();
    await tab.close();
  });

  it("from a history row: its Share opens its menu; Reddit, clicked, opens with that row's link and title, and the page stays as it was, its Share focused", async () => {
    // Two links in history, each from the popup on a titled page.
    const first = await popupShortening('Rye & Co. #1', 'history-1');
    await first.popup.close();
    await first.tab.close();
    const second = await popupShortening(TITLE, 'history-2');
    await second.popup.close();
    await second.tab.close();

    const page = await session.browser.context.newPage();
    await page.goto(session.browser.extensionUrl('src/history/index.html'));
    await expect.poll(() => page.getByTestId('history-row').count()).toBe(2);
    const share = page.getByRole('button', { name: t('historyShareLabel', second.shortUrl) });
    await share.click();
    const menu = page.getByRole('menu', { name: t('historyShareLabel', second.shortUrl) });
    await menu.waitFor();
    // The keyboard from there: Up wraps to the last, Escape gives the focus back to this row's Share.
    await expect.poll(() => focusedText(page)).toBe(t('shareEmail'));
    await page.keyboard.press('ArrowUp');
    expect(await focusedText(page)).toBe(t('shareTelegram'));
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(t('historyShareLabel', second.shortUrl));

    const before = destinations.requests().length;
    await share.click();
    await menu.getByRole('menuitem', { name: t('shareReddit') }).click();
    const expected = `https://www.reddit.com/submit?url=${encoded(second.shortUrl)}&title=${TITLE_ENCODED}`;
    const opened = await tabAt(expected);
    expect(destinations.requests().slice(before)).toEqual([{ url: expected, referer: undefined }]);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(t('historyShareLabel', second.shortUrl));
    expect(await page.getByRole('menu').count()).toBe(0);
    await opened.close();
    await page.close();
  });
});

describe('share in Chromium, where the browser has a share sheet (stood in for by a page script: Chromium on Linux has none)', () => {
  let sheetSession: E2eSession;
  beforeAll(async () => {
    sheetSession = await startE2eSession();
    // Before the popup's own scripts: a Web Share API that records what it is given, and whether the user's click was still active.
    await sheetSession.browser.context.addInitScript(() => {
      // Any of the popup's pages: the manifest's, or the one of the UI language's direction the toolbar opens.
      if (!location.pathname.startsWith('/src/popup/')) return;
      const shared: { data: ShareData; active: boolean }[] = [];
      Object.assign(globalThis, { sharedBySheet: shared });
      Object.assign(navigator, {
        canShare: (data: ShareData) => typeof data.url === 'string',
        share: async (data: ShareData) => {
          shared.push({ data: { ...data }, active: navigator.userActivation.isActive });
        },
      });
    });
  });
  afterAll(() => sheetSession?.close());

  it("the popup's Share opens the sheet, within the click, with the short link and the tab's title only; no menu", async () => {
    await sheetSession.useStandIn();
    const tab = await sheetSession.openTab(`/demo/destination?share=sheet&title=${encodeURIComponent(TITLE)}`);
    const popup = await sheetSession.browser.openPopup(tab);
    const field = popup.getByTestId('short-url');
    await expect.poll(() => field.inputValue()).toMatch(sheetSession.shortUrlPattern());
    const shortUrl = await field.inputValue();
    const share = popup.getByRole('button', { name: t('share') });
    expect(await share.getAttribute('aria-haspopup')).toBeNull();
    await share.click();
    const sheetCalls = () => popup.evaluate(() => (globalThis as unknown as { sharedBySheet: unknown[] }).sharedBySheet);
    await expect.poll(sheetCalls).toEqual([{ data: { url: shortUrl, title: TITLE }, active: true }]);
    expect(await popup.getByRole('menu').count()).toBe(0);
    await popup.close();
    await tab.close();
  });
});
