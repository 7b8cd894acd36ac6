// Firefox's twin of phone-width.test.ts: the popup, the settings page and the history page at a phone's width
// (360 × 640 CSS px, the page's viewport) under a finger's pointer (Firefox's own pointer preferences), as
// Firefox for Android opens them, in English and Arabic, light and dark (a session each: WebDriver BiDi cannot
// switch the scheme). The popup shortens a link and copies it there; the toolbar's panel shortens the page and
// copies it, as wide as its page; nothing scrolls sideways, every control is at least 44 × 44 px, axe finds nothing.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolationsOf } from '../support/axe';
import { startFirefoxSession, type FirefoxSession } from '../support/firefox-session';
import { wordsIn } from '../support/locale-catalogue';
import { FITS_A_PHONE, PHONE, PHONE_LAYOUT_PROBE, type PhoneLayout } from '../support/phone-layout';
import { clickWhenShown, typeWhenShown } from '../support/puppeteer-input';

// Both schemes and both directions, in two browsers rather than four (a Firefox costs some 15 s here): the colours a
// scheme gives do not depend on the language, nor the layout a direction gives on the scheme.
const SCHEMES = [
  { language: 'en', scheme: 'light' },
  { language: 'ar', scheme: 'dark' },
] as const;

const layoutOf = (page: Page) => page.evaluate(PHONE_LAYOUT_PROBE) as Promise<PhoneLayout>;
const textOf = (page: Page, selector: string) => page.$eval(selector, (element) => element.textContent ?? '');

describe.each(SCHEMES)('Firefox at a phone’s width, in $language, $scheme', ({ language, scheme }) => {
  const { t } = wordsIn(language);
  let session: FirefoxSession;
  beforeAll(async () => {
    session = await startFirefoxSession({ language, touch: true, colorScheme: scheme });
    await session.configure({ serverUrl: session.standIn.baseUrl, token: session.standIn.demoToken });
  });
  afterAll(() => session?.close());

  /** An extension page in a tab as a phone shows it: its viewport 360 × 640. */
  async function onAPhone(path: string): Promise<Page> {
    const page = await session.firefox.openExtensionPage(path);
    await page.setViewport(PHONE);
    return page;
  }

  it('the popup as a page shortens a link and copies it, fitting the width, axe clean', async () => {
    const popup = await onAPhone('src/popup/index.html');
    // In a tab, the popup's current tab is its own page, which cannot be shortened: it says so, and offers its field.
    await popup.waitForSelector('[role="alert"]');
    await typeWhenShown(popup, '#typed-url', `${session.standIn.baseUrl}/demo/article?phone=${scheme}`);
    await clickWhenShown(popup, '.url-form button[type="submit"]');
    await popup.waitForSelector('[data-testid="short-url"]');
    await expect.poll(() => textOf(popup, '[data-testid="copy-status"]')).toBe(t('popupCopied'));
    const shortUrl = await popup.$eval<string, [], (field: Element) => string>('[data-testid="short-url"]', (field) => (field as HTMLInputElement).value);
    expect(shortUrl).toMatch(session.shortUrlPattern());
    expect(await popup.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(scheme === 'dark');
    expect(await layoutOf(popup)).toEqual(FITS_A_PHONE);
    expect(await axeViolationsOf(popup)).toEqual([]);
    expect(await session.readClipboard()).toBe(shortUrl);
    await popup.close();
  });

  it('the settings page and the history page fit the width, every control in a finger’s reach, axe clean', async () => {
    const found: Record<string, { layout: PhoneLayout; axe: string[] }> = {};
    for (const [name, path, shown] of [
      ['settings', 'src/options/index.html', '[data-testid="connection-status"]'],
      // Loaded, not loading: the status bar is drawn in both, and rows would take "Loading…"'s place mid-measure.
      ['history', 'src/history/index.html', 'main.history[aria-busy="false"]'],
    ] as const) {
      const page = await onAPhone(path);
      await page.waitForSelector(shown);
      found[name] = { layout: await layoutOf(page), axe: await axeViolationsOf(page) };
      await page.close();
    }
    expect(found).toEqual({ settings: { layout: FITS_A_PHONE, axe: [] }, history: { layout: FITS_A_PHONE, axe: [] } });
  });
});

describe('Firefox’s toolbar panel on a page, under a finger', () => {
  let session: FirefoxSession;
  beforeAll(async () => {
    session = await startFirefoxSession({ touch: true });
    await session.configure({ serverUrl: session.standIn.baseUrl, token: session.standIn.demoToken });
  });
  afterAll(() => session?.close());

  it('shortens the page and copies it, its page 360 px wide, nothing sideways, every control in reach', async () => {
    // The panel reads its tab with host access (a programmatic openPopup grants no activeTab): granted by a
    // real click on the settings page, offered when the server cannot be reached (as in firefox.test.ts).
    const options = await session.firefox.openExtensionPage('src/options/index.html');
    session.standIn.setFault({ kind: 'drop-connection' });
    await (await options.waitForSelector('button::-p-text(Test connection)'))?.click();
    const allow = await options.waitForSelector('button::-p-text(Allow access to)');
    session.standIn.setFault(null);
    await allow?.click();
    const granted = () => session.firefox.evaluateInExtension((origins) => (globalThis as unknown as { browser: typeof chrome }).browser.permissions.contains({ origins }), ['https://127.0.0.1/*']);
    await expect.poll(granted).toBe(true);
    await options.close();

    const tab = await session.firefox.openTab(`${session.standIn.baseUrl}/demo/article?phone=panel`);
    await tab.bringToFront();
    await session.firefox.openPopup();
    await expect.poll(async () => (await session.firefox.popupPanel()).copyStatus).toBe(wordsIn('en').t('popupCopied'));
    const { shortUrl } = await session.firefox.popupPanel();
    expect(shortUrl).toMatch(session.shortUrlPattern());
    // The probe, run over the panel's document from an extension page (the panel is no page to BiDi).
    const panelLayout = await session.firefox.evaluateInExtension<PhoneLayout & { page: number; room: number }, null>(
      `(() => {
        const view = browser.extension.getViews({ type: 'popup' })[0];
        const layout = ((document, innerWidth, getComputedStyle, matchMedia) => ${PHONE_LAYOUT_PROBE})(view.document, view.innerWidth, (element) => view.getComputedStyle(element), (query) => view.matchMedia(query));
        return { ...layout, page: view.document.querySelector('main.popup').getBoundingClientRect().width, room: view.document.documentElement.clientWidth };
      })()`,
      null,
    );
    // The popup is 360 px wide, less what the panel's vertical scrollbar takes when it is taller than the panel (600 px):
    // it fills the room beside the scrollbar, and nothing goes sideways.
    expect(panelLayout).toEqual({ ...FITS_A_PHONE, width: panelLayout.width, page: panelLayout.room, room: panelLayout.room });
    expect(panelLayout.room).toBeGreaterThan(PHONE.width - 20);
    expect(panelLayout.room).toBeLessThanOrEqual(PHONE.width);
    expect(await session.readClipboard()).toBe(shortUrl);
    await session.firefox.evaluateInExtension(() => {
      for (const view of (globalThis as unknown as { browser: { extension: { getViews(filter: object): Window[] } } }).browser.extension.getViews({ type: 'popup' })) view.close();
    }, null);
    await session.firefox.evaluateInExtension((origins) => (globalThis as unknown as { browser: typeof chrome }).browser.permissions.remove({ origins }), ['https://127.0.0.1/*']);
    await tab.close();
  });
});
