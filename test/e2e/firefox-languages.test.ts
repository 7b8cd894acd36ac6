// The extension in the user's language in Firefox (intl.locale.requested, with
// Debian's firefox-esr-l10n-<lang>): the popup and the options page, in German
// and in Arabic (right to left), their words from the same _locales files the
// browser reads. Chromium's twin is languages.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirefoxSession, type FirefoxSession } from '../support/firefox-session';
import { wordsIn } from '../support/locale-catalogue';
import { POPUP_PAGE } from '../../src/platform/popup-pages';
import { clickWhenShown, typeWhenShown } from '../support/puppeteer-input';

const LANGUAGES = [
  { language: 'de', direction: 'ltr' },
  { language: 'ar', direction: 'rtl' },
] as const;

describe.each(LANGUAGES)('Firefox in $language', ({ language, direction }) => {
  const { t } = wordsIn(language);
  let session: FirefoxSession;
  beforeAll(async () => {
    session = await startFirefoxSession({ language });
    await session.configure({ serverUrl: session.standIn.baseUrl, token: session.standIn.demoToken });
  });
  afterAll(() => session?.close());

  it('the popup speaks the language and keeps the typed link left-to-right', async () => {
    const popup = await session.firefox.openExtensionPage('src/popup/index.html');
    // In a tab, the popup's current tab is itself: an extension page, which cannot be shortened.
    await popup.waitForSelector('[role="alert"]');
    expect(await popup.$eval('[role="alert"]', (alert) => alert.textContent)).toBe(t('errorExtensionPage'));
    expect(await popup.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([language, direction]);
    // The direction the page's CSS gives before any script runs, for the popup's first frame (issue 23): Firefox puts in __MSG_@@bidi_dir__.
    const cssDirection = await popup.evaluate(
      () =>
        [...document.styleSheets]
          .flatMap((sheet) => [...sheet.cssRules])
          .filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule && rule.selectorText === ':root')
          .map((rule) => rule.style.direction)
          .find((value) => value !== ''),
    );
    expect(cssDirection).toBe(direction);
    expect(await popup.$eval('#typed-url', (field) => field.getAttribute('dir'))).toBe('ltr');
    await typeWhenShown(popup, '#typed-url', `${session.standIn.baseUrl}/demo/article`);
    await clickWhenShown(popup, 'button[type="submit"]');
    await popup.waitForSelector('[data-testid="copy-status"]');
    await expect.poll(() => popup.$eval('[data-testid="copy-status"]', (status) => status.textContent)).toBe(t('popupCopied'));
    await popup.close();
  });

  it("the toolbar's popup is the manifest's page, its stylesheet files in the language's direction: Firefox's build has no page per direction", async () => {
    const options = await session.firefox.openExtensionPage('src/options/index.html');
    // Firefox's own `browser` (no polyfill in a test page): the worker left the manifest's page the popup.
    const popupUrl = await options.evaluate(() => (globalThis as unknown as { browser: { action: { getPopup(details: object): Promise<string> } } }).browser.action.getPopup({}));
    expect(new URL(popupUrl).pathname).toBe(`/${POPUP_PAGE}`);
    await options.close();
    const popup = await session.firefox.openExtensionPage(POPUP_PAGE);
    await popup.waitForSelector('[role="alert"]');
    // The popup's own rules (its width) and the house's (the direction, which Firefox fills in), from the files.
    expect(await popup.evaluate(() => [getComputedStyle(document.documentElement).direction, getComputedStyle(document.querySelector('main.popup') ?? document.body).width])).toEqual([
      direction,
      '360px',
    ]);
    await popup.close();
  });

  it('the options page speaks the language', async () => {
    const options = await session.firefox.openExtensionPage('src/options/index.html');
    await options.waitForSelector('h1');
    expect(await options.evaluate(() => [document.documentElement.lang, document.documentElement.dir, document.querySelector('h1')?.textContent])).toEqual([
      language,
      direction,
      t('optionsTitle'),
    ]);
    await options.close();
  });
});
