// Share (issue 36, item 1) in Firefox (dist-e2e/firefox in Debian's
// firefox-esr over WebDriver BiDi, headed under Xvfb): from a history row
// with real clicks and keys, and from the toolbar popup's panel, the menu's
// destination opens in a new tab with the short link (and the page's
// title), the panel closing as it does. A local HTTPS server stands in for
// the sites, reached through a proxy only these hosts go through
// (test/support/share-destinations.ts). Firefox on Linux has no share sheet:
// the menu is what it offers.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pollUntil } from '../../tooling/poll';
import { pressFirefoxShortcut } from '../support/firefox-real-input';
import { startFirefoxSession, type FirefoxSession } from '../support/firefox-session';
import { wordsIn } from '../support/locale-catalogue';
import { startShareDestinations, type ShareDestinations } from '../support/share-destinations';

const { t } = wordsIn('en');
const TITLE = 'Rye & Co. #1';
/** TITLE percent-encoded, written out by hand. */
const TITLE_ENCODED = 'Rye%20%26%20Co.%20%231';
/** A short link of the stand-in (https://127.0.0.1:port/code) as a query value. */
const encoded = (shortUrl: string) => shortUrl.replaceAll(':', '%3A').replaceAll('/', '%2F');

let destinations: ShareDestinations;
let session: FirefoxSession;

beforeAll(async () => {
  destinations = await startShareDestinations();
  session = await startFirefoxSession({ headed: true, extraPrefs: destinations.firefoxPrefs });
});
afterAll(async () => {
  await session?.close();
  await destinations?.close();
});
beforeEach(async () => {
  await session.configure({ serverUrl: session.standIn.baseUrl, token: session.standIn.demoToken });
  await session.clearHistory();
});

/** The tab Firefox opened at `url`, once the destination's stand-in has served it. */
async function tabAt(url: string): Promise<Page> {
  const target = await session.firefox.browser.waitForTarget((each) => each.url() === url);
  const page = await target.page();
  if (page === null) throw new Error(`The tab at ${url} is no page.`);
  return page;
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent);

describe('share in Firefox', () => {
  it("from a history row, with real clicks and keys (Down, Space): X opens in a new tab with the row's short link and its page's title", async () => {
    // A link made by the real shortcut on a titled page, as a person makes one.
    const tab = await session.firefox.openTab(`${session.standIn.baseUrl}/demo/destination?share=firefox&title=${encodeURIComponent(TITLE)}`);
    await pressFirefoxShortcut(session, tab);
    const [entry] = await pollUntil(async () => ((await session.history()).length > 0 ? session.history() : undefined), { timeoutMs: 30_000, failure: 'The shortcut made no link.' });
    expect(entry).toMatchObject({ title: TITLE });
    await tab.close();

    const page = await session.firefox.openExtensionPage('src/history/index.html');
    const shareLabel = t('historyShareLabel', entry?.shortUrl ?? '');
    const share = await page.waitForSelector(`button[aria-label="${shareLabel}"]`);
    expect(await share?.evaluate((button) => button.getAttribute('aria-haspopup'))).toBe('menu');
    // Firefox ESR on Linux has no Web Share API: the extension offers its menu.
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
    await share?.click();
    await page.waitForSelector('[role="menu"]');
    await expect.poll(() => focusedText(page)).toBe(t('shareEmail'));
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toBe(t('shareX'));
    const before = destinations.requests().length;
    // Space, as Enter (Chromium's test presses that), chooses the item focused.
    await page.keyboard.press(' ');
    const expected = `https://x.com/intent/post?text=${TITLE_ENCODED}&url=${encoded(entry?.shortUrl ?? '')}`;
    const opened = await tabAt(expected);
    expect(await opened.title()).toBe('Stand-in for x.com');
    expect(destinations.requests().slice(before)).toEqual([{ url: expected, referer: undefined }]);
    // The history page stays, its menu closed and this row's Share focused again.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(shareLabel);
    expect(await page.$('[role="menu"]')).toBeNull();
    await opened.close();
    await page.close();
  });

  it("from the toolbar popup's panel: Telegram opens in a new tab with the short link of a typed address, and the panel closes", async () => {
    const tab = await session.firefox.openTab('about:blank');
    await tab.bringToFront();
    await session.firefox.openPopup();
    // The panel is no page to BiDi: read and used through extension.getViews() (readPopupPanel() in tooling/browsers/firefox-extension-pages.ts).
    // A page the popup cannot read: it offers its field, where an address is typed and shortened.
    await expect.poll(async () => (await session.firefox.popupPanel()).errorKind).toMatch(/^(unreadable-tab|unsupported-scheme)$/);
    const typed = `${session.standIn.baseUrl}/demo/destination?share=firefox-popup`;
    await inPanel('type', typed);
    // Pressed in a call of its own: Preact renders what was typed in a microtask after the input event.
    await inPanel('shorten', '');
    await expect.poll(async () => (await session.firefox.popupPanel()).shortUrl).toMatch(session.shortUrlPattern());
    const { shortUrl } = await session.firefox.popupPanel();
    await inPanel('share', t('share'));
    await expect.poll(() => inPanel('menu', '')).toBe(t('shareTelegram'));
    const before = destinations.requests().length;
    await inPanel('choose', t('shareTelegram'));
    const expected = `https://t.me/share/url?url=${encoded(shortUrl ?? '')}`;
    const opened = await tabAt(expected);
    expect(destinations.requests().slice(before)).toEqual([{ url: expected, referer: undefined }]);
    await expect.poll(async () => (await session.firefox.popupPanel()).open).toBe(false);
    await opened.close();
    await tab.close();
  });
});

/**
 * Acts in the toolbar popup's panel, through its document (no helper functions inside: see
 * readPopupPanel() in tooling/browsers/firefox-extension-pages.ts): types an address into its field, presses
 * Shorten, presses Share, reads the menu's last item, or chooses an item by name.
 */
function inPanel(action: 'type' | 'shorten' | 'share' | 'menu' | 'choose', text: string): Promise<string> {
  return session.firefox.evaluateInExtension(
    ({ what, words }) => {
      const api = (globalThis as unknown as { browser: { extension: { getViews(filter: object): Window[] } } }).browser;
      const document = api.extension.getViews({ type: 'popup' })[0]?.document;
      if (document === undefined) throw new Error('No popup panel is open.');
      if (what === 'type') {
        const field = document.querySelector<HTMLInputElement>('#typed-url');
        if (field === null) throw new Error('The panel shows no field.');
        field.value = words;
        field.dispatchEvent(new Event('input', { bubbles: true }));
        return '';
      }
      if (what === 'shorten') {
        document.querySelector<HTMLButtonElement>('.url-form button[type="submit"]')?.click();
        return '';
      }
      const buttons = [...document.querySelectorAll<HTMLButtonElement>(what === 'share' ? 'button' : '[role="menuitem"]')];
      if (what === 'menu') return buttons.at(-1)?.textContent ?? '';
      const button = buttons.find((each) => each.textContent === words);
      if (button === undefined) throw new Error(`The panel has no "${words}".`);
      button.click();
      return '';
    },
    { what: action, words: text },
  );
}
