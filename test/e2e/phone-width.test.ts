// The popup, the settings page, the history page and the list page at a phone's width (360 × 640 CSS px, the page's viewport
// emulated) under a finger's pointer (Chromium's touch emulation), as Firefox for Android opens them: the popup
// shortens the page and copies it, its campaign presets and its accounts are in reach, nothing scrolls sideways,
// every control is at least 44 × 44 px, and axe finds nothing, light and dark, in English and in Arabic.
// Firefox's twin is firefox-phone-width.test.ts.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolationsLightAndDark } from '../support/axe';
import { startE2eSession, type E2eSession } from '../support/e2e-session';
import { wordsIn } from '../support/locale-catalogue';
import { FITS_A_PHONE, PHONE, PHONE_LAYOUT_PROBE, type PhoneLayout } from '../support/phone-layout';

const NEWSLETTER = { name: 'Newsletter', params: [{ key: 'utm_source', value: 'news' }, { key: 'utm_medium', value: 'email' }, { key: 'utm_campaign', value: 'spring' }] };

/** A finger's pointer (pointer: coarse), for the page as it is now: a navigation to another origin drops it. */
async function touched(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
}

/** An extension page in a tab as a phone shows it: its viewport 360 × 640, a finger's pointer. */
async function onAPhone(path: string): Promise<Page> {
  const page = await session.browser.context.newPage();
  await page.setViewportSize(PHONE);
  await page.goto(session.browser.extensionUrl(path));
  await touched(page);
  return page;
}

const layoutOf = (page: Page) => page.evaluate(PHONE_LAYOUT_PROBE) as Promise<PhoneLayout>;

/**
 * The toolbar's popup: its page 360 px wide, nothing wider than its window, every control in a finger's reach.
 * (Chromium sizes the popup's window to its page, and widens it for a scrollbar when the page is taller than it allows.)
 */
async function popupFits(popup: Page): Promise<void> {
  const layout = await layoutOf(popup);
  expect(layout).toEqual({ ...FITS_A_PHONE, width: layout.width });
  expect(await popup.locator('main.popup').evaluate((main) => main.getBoundingClientRect().width)).toBe(PHONE.width);
}

let session: E2eSession;

describe.each(['en', 'ar'] as const)('at a phone’s width, in %s (Chromium)', (language) => {
  const { t } = wordsIn(language);
  beforeAll(async () => {
    session = await startE2eSession({ language });
    await session.useStandIn();
    const server = session.standIn.baseUrl;
    await session.configure({ accounts: [{ id: 'account-1', name: new URL(server).host, server }, { id: 'account-team', name: 'Team', server }], activeAccount: 'account-1', campaignPresets: [NEWSLETTER] });
  });
  afterAll(() => session?.close());

  it('the toolbar popup shortens the page and copies it, its presets and accounts in reach, 360 px wide, axe clean', async () => {
    const tab = await session.openTab('/demo/article?phone=1');
    // The toolbar's popup is as wide as its page (360 px); Chromium emulates no viewport for it, but a finger's pointer.
    const popup = await session.browser.openPopup(tab);
    await touched(popup);
    await expect.poll(() => popup.getByTestId('copy-status').textContent()).toBe(t('popupCopied'));
    expect(await popup.getByTestId('short-url').inputValue()).toMatch(session.shortUrlPattern());
    await popup.getByRole('combobox', { name: t('popupAccount') }).waitFor();
    await popupFits(popup);
    const found: Record<string, string[]> = { shortened: await axeViolationsLightAndDark(popup) };

    // The campaign presets, as the menu's "Shorten with campaign" has them.
    await popup.getByRole('button', { name: t('popupCampaign') }).click();
    await popup.getByRole('button', { name: NEWSLETTER.name }).waitFor();
    await popupFits(popup);
    found.campaign = await axeViolationsLightAndDark(popup);
    await popup.getByRole('button', { name: NEWSLETTER.name }).click();
    await expect.poll(async () => session.standIn.apiRequests().at(-1)?.body ?? '').toContain('utm_campaign=spring');
    await expect.poll(() => popup.getByTestId('copy-status').textContent()).toBe(t('popupCopied'));
    expect(found).toEqual({ shortened: [], campaign: [] });
    // Read last: the page that reads the clipboard takes the focus, and the popup closes as it does.
    const tagged = await popup.getByTestId('short-url').inputValue();
    expect(await session.readClipboard()).toBe(tagged);
    await popup.close();
    await tab.close();
  });

  it('the popup as a page at 360 × 640, as Firefox for Android opens it, shortens a link and copies it, axe clean', async () => {
    const popup = await onAPhone('src/popup/index.html');
    // In a tab, the popup's current tab is its own page, which cannot be shortened: it says so, and offers its field.
    await popup.getByRole('alert').waitFor();
    const longUrl = `${session.standIn.baseUrl}/demo/article?phone=page`;
    await popup.getByRole('textbox', { name: t('popupShortenAnother') }).fill(longUrl);
    await popup.getByRole('button', { name: t('popupShorten'), exact: true }).click();
    await expect.poll(() => popup.getByTestId('copy-status').textContent()).toBe(t('popupCopied'));
    expect(await session.readClipboard()).toBe(await popup.getByTestId('short-url').inputValue());
    expect(await layoutOf(popup)).toEqual(FITS_A_PHONE);
    expect(await axeViolationsLightAndDark(popup)).toEqual([]);
    await popup.close();
  });

  it('the settings page, the history page and the list page fit the width, every control in a finger’s reach, axe clean', async () => {
    const found: Record<string, string[]> = {};
    const layouts: Record<string, PhoneLayout> = {};
    // A link in history, whichever test ran first: the toolbar popup's, on a page.
    const tab = await session.openTab('/demo/article?phone=history');
    const popup = await session.browser.openPopup(tab);
    await popup.getByTestId('short-url').waitFor();
    await popup.close();
    await tab.close();
    for (const [name, path, shown] of [
      ['settings', 'src/options/index.html', (page: Page) => page.getByRole('button', { name: t('optionsTestConnection') }).first()],
      ['history', 'src/history/index.html', (page: Page) => page.getByTestId('history-row').first()],
      ['list', 'src/list/index.html', (page: Page) => page.getByRole('textbox', { name: t('listPasteLabel') })],
    ] as const) {
      const page = await onAPhone(path);
      await shown(page).waitFor();
      layouts[name] = await layoutOf(page);
      found[name] = await axeViolationsLightAndDark(page);
      await page.close();
    }
    expect(layouts).toEqual({ settings: FITS_A_PHONE, history: FITS_A_PHONE, list: FITS_A_PHONE });
    expect(found).toEqual({ settings: [], history: [], list: [] });
  });
});
