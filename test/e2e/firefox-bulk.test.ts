// "Shorten all tabs in this window" (issue 11) in Debian's firefox-esr, against
// a stand-in allowing 5 requests per 2-second window. The profile's
// extensions.webextOptionalPermissionPrompts = false grants the optional
// `tabs` permission on a real click without a prompt (browser-testing.md);
// the popup is opened in a tab of its own, so it is one of the window's tabs
// (an extension page, skipped).
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirefoxSession, type FirefoxSession } from '../support/firefox-session';
import { wordsIn } from '../support/locale-catalogue';
import { clickWhenShown } from '../support/puppeteer-input';

const { t } = wordsIn('en');
const LIMIT = 5;
let session: FirefoxSession;

beforeAll(async () => {
  session = await startFirefoxSession({ standIn: { rateLimit: { limit: LIMIT, windowMs: 2_000 } } });
  await session.configure({ serverUrl: session.standIn.baseUrl, token: session.standIn.demoToken });
});
afterAll(() => session?.close());

const pageUrl = (n: number) => `${session.standIn.baseUrl}/demo/destination?tab=${n}&title=${encodeURIComponent(`Page ${n}, "quoted"`)}`;

const rowsOf = (popup: Page) =>
  popup.$$eval('[data-testid="bulk-item"]', (rows) =>
    rows.map((row) => ({ title: row.querySelector('.bulk-title')?.textContent ?? '', status: row.querySelector('.bulk-status')?.textContent ?? '', state: row.getAttribute('data-state') ?? '' })),
  );

describe('shorten all tabs in Firefox', () => {
  it('the permission granted from the click, 12 tabs at 5 per window: all shortened, no window over the limit, the rest skipped with their reason, the list copied as Markdown', async () => {
    const tabs = [];
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1]) tabs.push(await session.firefox.openTab(pageUrl(n)));
    const popup = await session.firefox.openExtensionPage('src/popup/index.html');
    expect(await session.firefox.evaluateInExtension(() => (globalThis as unknown as { browser: typeof chrome }).browser.permissions.contains({ permissions: ['tabs'] }), null)).toBe(false);

    // A real click (an input action): Firefox grants only within the user's input handler.
    await clickWhenShown(popup, `button::-p-text(${t('popupBulkButton')})`);
    // Twelve tabs at five a 2-second window take some 6 s alone: a minute, as the Chromium twin (bulk.test.ts) gives its run.
    await popup.waitForFunction(() => (document.querySelector('[data-testid="bulk-summary"]')?.textContent ?? '') !== '', { timeout: 60_000 });
    const rows = await rowsOf(popup);

    const done = rows.filter((row) => row.state === 'done');
    expect(done.map((row) => row.title)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => `Page ${n}, "quoted"`));
    const skipped = rows.filter((row) => row.state === 'skipped').map((row) => row.status);
    // The popup's own tab and the settings page the harness keeps open are the extension's; the first tab is Firefox's blank page.
    expect(skipped).toContain(t('bulkSkipOwnPage'));
    expect(skipped).toContain(t('bulkSkipDuplicate', rows.findIndex((row) => row.title === 'Page 1, "quoted"') + 1));
    expect(skipped.every((status) => [t('bulkSkipOwnPage'), t('bulkSkipBrowserPage')].includes(status) || status.startsWith('Skipped: the same link as tab'))).toBe(true);
    expect(rows.filter((row) => row.state !== 'done' && row.state !== 'skipped')).toEqual([]);

    const requested = session.standIn.apiRequests().map((request) => (JSON.parse(request.body) as { url: string }).url);
    expect(requested.toSorted()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(pageUrl).toSorted());
    expect(session.standIn.rateLimitWindows().length).toBeGreaterThanOrEqual(3);
    for (const window of session.standIn.rateLimitWindows()) {
      expect(window.refused).toBe(0);
      expect(window.accepted).toBeLessThanOrEqual(LIMIT);
    }

    await clickWhenShown(popup, `button::-p-text(${t('bulkCopyMarkdown')})`);
    await popup.waitForFunction((text) => document.querySelector('[data-testid="bulk-copy-status"]')?.textContent === text, {}, t('bulkCopied', 12));
    const shortUrls = await popup.$$eval('[data-testid="bulk-short-url"]', (links) => links.map((link) => link.textContent ?? ''));
    expect(shortUrls).toHaveLength(12);
    for (const shortUrl of shortUrls) expect(shortUrl).toMatch(session.shortUrlPattern());
    expect(await session.readClipboard()).toBe(shortUrls.map((shortUrl, index) => `- [Page ${index + 1}, "quoted"](${shortUrl})\n`).join(''));

    for (const tab of tabs) await tab.close();
    await popup.close();
  });
});
