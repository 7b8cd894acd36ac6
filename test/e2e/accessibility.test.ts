// axe-core over the real popup in each state, the options page and the
// history page in each state, light and dark, in English and in Arabic
// (right to left): zero violations. And a
// keyboard-only walk through both pages, with the focus always visible.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { shownError, startE2eSession, type E2eSession } from '../support/e2e-session';
import { wordsIn } from '../support/locale-catalogue';

const COMBINATIONS = (['en', 'ar'] as const).flatMap((language) => (['light', 'dark'] as const).map((colorScheme) => ({ language, colorScheme })));

describe.each(['en', 'ar'] as const)('accessibility in %s', (language) => {
  const { t } = wordsIn(language);
  let session: E2eSession;
  beforeAll(async () => {
    session = await startE2eSession({ language });
  });
  afterAll(() => session?.close());

  async function popupIn(colorScheme: 'light' | 'dark', tabPath = '/demo/article'): Promise<{ tab: Page; popup: Page }> {
    // Every state from a real request: a link history holds would be given at once.
    await session.clearHistory();
    const tab = await session.openTab(tabPath);
    const popup = await session.browser.openPopup(tab);
    await popup.emulateMedia({ colorScheme });
    return { tab, popup };
  }

  it.each(COMBINATIONS.filter((combination) => combination.language === language).map(({ colorScheme }) => colorScheme))(
    'the popup in every state and the options page have no axe violation (%s)',
    async (colorScheme) => {
      const found: Record<string, string[]> = {};
      await session.useStandIn();

      // Loading: the server takes its time.
      session.standIn.setFault({ kind: 'delay', ms: 3_000 }, { times: 1 });
      let { tab, popup } = await popupIn(colorScheme);
      await popup.getByRole('status').filter({ hasText: t('popupShortening') }).waitFor();
      found.loading = await axeViolations(popup);
      // Its link is recorded in history when it comes, popup open or not: let it come before the next state.
      await popup.getByTestId('short-url').waitFor();
      await closeAll(popup, tab);

      // Shortened and copied.
      ({ tab, popup } = await popupIn(colorScheme));
      await expect.poll(() => popup.getByTestId('copy-status').textContent()).toBe(t('popupCopied'));
      found.shortened = await axeViolations(popup);
      await closeAll(popup, tab);

      // An input error: a page that cannot be read.
      ({ tab, popup } = await popupIn(colorScheme, 'chrome://version'));
      await shownError(popup);
      found['input error'] = await axeViolations(popup);
      await closeAll(popup, tab);

      // Waiting out the rate limit (issue 11): the countdown and Cancel; then its link, before the next state.
      session.standIn.setFault({ kind: 'status', status: 429, headers: { 'retry-after': '3' } }, { times: 1 });
      ({ tab, popup } = await popupIn(colorScheme));
      await popup.getByRole('timer').waitFor();
      found['waiting for the limit'] = await axeViolations(popup);
      await popup.getByTestId('short-url').waitFor({ timeout: 10_000 });
      await closeAll(popup, tab);

      // A transient error with Retry: the server failed.
      session.standIn.setFault({ kind: 'status', status: 503 }, { times: 1 });
      ({ tab, popup } = await popupIn(colorScheme));
      await shownError(popup);
      found['server failed'] = await axeViolations(popup);
      await closeAll(popup, tab);

      // A settings error: the token refused, and no token at all.
      session.standIn.setFault({ kind: 'status', status: 401 }, { times: 1 });
      ({ tab, popup } = await popupIn(colorScheme));
      await shownError(popup);
      found.unauthorized = await axeViolations(popup);
      await closeAll(popup, tab);
      await session.configure({ token: undefined });
      ({ tab, popup } = await popupIn(colorScheme));
      await shownError(popup);
      found['no token'] = await axeViolations(popup);
      await closeAll(popup, tab);
      session.standIn.setFault(null);

      // The options page, with a connection test's result on it.
      await session.useStandIn();
      const options = await session.browser.context.newPage();
      await options.emulateMedia({ colorScheme });
      await options.goto(session.browser.extensionUrl('src/options/index.html'));
      await options.getByRole('button', { name: t('optionsTestConnection') }).click();
      await expect.poll(() => options.getByTestId('connection-status').textContent()).not.toBe('');
      found.options = await axeViolations(options);
      await options.close();

      expect(found).toEqual({
        loading: [],
        shortened: [],
        'input error': [],
        'waiting for the limit': [],
        'server failed': [],
        unauthorized: [],
        'no token': [],
        options: [],
      });
    },
  );

  it.each(COMBINATIONS.filter((combination) => combination.language === language).map(({ colorScheme }) => colorScheme))(
    'the history page in every state and the popup\'s history, copy-as and QR parts have no axe violation (%s)',
    async (colorScheme) => {
      const found: Record<string, string[]> = {};
      await session.useStandIn();
      session.standIn.setFault(null);

      const page = await session.browser.context.newPage();
      await page.emulateMedia({ colorScheme });
      await page.goto(session.browser.extensionUrl('src/history/index.html'));
      await page.getByTestId('history-empty').waitFor();
      found['history empty'] = await axeViolations(page);

      // Links from real shortenings: the page follows history live.
      const base = session.standIn.baseUrl;
      for (const query of ['one', 'two', 'three']) await session.clickMenu({ menuItemId: 'shorten-link', linkUrl: `${base}/demo/destination?a11y=${query}` });
      await expect.poll(() => page.getByTestId('history-row').count()).toBe(3);
      await page.getByTestId('history-count').filter({ hasNotText: t('historyLoading') }).waitFor();
      found['history with links'] = await axeViolations(page);

      await page.getByRole('button', { name: t('historyDeleteAll'), exact: true }).click();
      await page.getByRole('button', { name: t('historyCancel') }).waitFor();
      found['delete-all question'] = await axeViolations(page);
      await page.getByRole('button', { name: t('historyCancel') }).click();

      const [newest] = await session.history();
      await page.getByRole('button', { name: t('historyQrLabel', newest?.shortUrl ?? '') }).click();
      await page.getByTestId('qr-canvas').waitFor();
      found['history QR code'] = await axeViolations(page);

      await page.getByRole('button', { name: t('historyDeleteLabel', newest?.shortUrl ?? '') }).click();
      await page.getByRole('button', { name: t('historyUndo') }).waitFor();
      found['deleted, with Undo'] = await axeViolations(page);

      await session.configure({ history: false });
      await page.getByTestId('history-off').waitFor();
      found['history off'] = await axeViolations(page);
      await session.configure({ history: true });
      await page.close();

      // The popup with a link from history (and its "Make a new short link"), the recent links, Copy as… open and the QR code.
      await session.clickMenu({ menuItemId: 'shorten-page', pageUrl: `${base}/demo/article` }, `${base}/demo/article`);
      const tab = await session.openTab('/demo/article');
      const popup = await session.browser.openPopup(tab);
      await popup.emulateMedia({ colorScheme });
      await popup.getByTestId('link-origin').waitFor();
      await popup.locator('.recent-list li').first().waitFor();
      await popup.getByText(t('popupCopyAs')).click();
      await popup.getByRole('button', { name: t('popupShowQr') }).click();
      await popup.getByTestId('qr-canvas').waitFor();
      found['popup: history, copy as, QR code'] = await axeViolations(popup);
      await closeAll(popup, tab);

      expect(found).toEqual({
        'history empty': [],
        'history with links': [],
        'delete-all question': [],
        'history QR code': [],
        'deleted, with Undo': [],
        'history off': [],
        'popup: history, copy as, QR code': [],
      });
    },
  );
});

async function closeAll(...pages: Page[]): Promise<void> {
  for (const page of pages) await page.close();
}

/** The focused element's identity and whether a focus ring is drawn around it. */
async function focused(page: Page): Promise<{ label: string; ringVisible: boolean }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (element === null || element === document.body) return { label: '(body)', ringVisible: false };
    const style = getComputedStyle(element);
    return {
      label: element.id || (element as HTMLInputElement).labels?.[0]?.textContent?.trim() || element.textContent?.trim() || element.tagName,
      ringVisible: element.matches(':focus-visible') && style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0,
    };
  });
}

describe('keyboard only', () => {
  let session: E2eSession;
  beforeAll(async () => {
    session = await startE2eSession();
    await session.useStandIn();
  });
  afterAll(() => session?.close());

  it('walks the popup with Tab, copies with Enter, shortens a typed link with Enter, and the focus is always visible', async () => {
    // Copying is left to the keyboard: auto-copy off, and something else on the clipboard first
    // (before the popup opens: the popup closes when another page takes the focus).
    await session.configure({ autoCopy: false });
    await session.setClipboard('something else');
    const tab = await session.openTab('/demo/article');
    const popup = await session.browser.openPopup(tab);
    await popup.getByTestId('short-url').waitFor();
    // The popup puts the focus on Copy, ready for Enter.
    expect(await focused(popup)).toMatchObject({ label: 'Copy' });
    const visited: string[] = [];
    for (let step = 0; step < 9; step += 1) {
      await popup.keyboard.press('Tab');
      const now = await focused(popup);
      expect(now.ringVisible, now.label).toBe(true);
      visited.push(now.label);
    }
    // Every control is reachable, in reading order, and Tab wraps around.
    expect(visited).toEqual(['Copy as…', 'QR code', 'typed-url', 'Shorten', 'Shorten all tabs in this window', 'All history', 'Settings', 'short-url', 'Copy']);
    await popup.keyboard.press('Enter');
    await expect.poll(() => popup.getByTestId('copy-status').textContent()).toBe('Copied to the clipboard');
    const shortUrl = await popup.getByTestId('short-url').inputValue();

    for (let step = 0; step < 3; step += 1) await popup.keyboard.press('Tab');
    await popup.keyboard.type(`${session.standIn.baseUrl}/demo/destination?typed=keys`);
    await popup.keyboard.press('Enter');
    await expect.poll(() => popup.getByTestId('long-url').textContent()).toBe(`${session.standIn.baseUrl}/demo/destination?typed=keys`);
    // Escape closes the popup, as in any browser popup.
    const closed = popup.waitForEvent('close', { timeout: 5_000 });
    // The popup is gone before the key is released, so the press itself reports a closed target.
    await popup.keyboard.press('Escape').catch((error: unknown) => expect(String(error)).toContain('closed'));
    await closed;
    // Read only now: reading brings another page to the front.
    expect(await session.readClipboard()).toBe(shortUrl);
    await session.configure({ autoCopy: undefined });
    await tab.close();
  });

  it('walks the options page with Tab, saves with Enter, and the focus is always visible', async () => {
    await session.configure({ autoCopy: true });
    const options = await session.browser.context.newPage();
    await options.goto(session.browser.extensionUrl('src/options/index.html'));
    await options.getByRole('button', { name: 'Save settings' }).waitFor();
    const visited: string[] = [];
    for (let step = 0; step < 11; step += 1) {
      await options.keyboard.press('Tab');
      const now = await focused(options);
      expect(now.ringVisible, now.label).toBe(true);
      visited.push(now.label);
    }
    expect(visited).toEqual([
      'Clear token',
      'token',
      'Show',
      'server-url',
      'Test connection',
      'Copy the short link automatically when the popup opens',
      'copy-format',
      'Remove tracking parameters (utm_source, fbclid, gclid…) before shortening',
      'Keep a history of the links I shorten',
      'Open history',
      'Save settings',
    ]);
    // Space toggles the checkbox; Enter in a field submits the form, which saves.
    for (let step = 0; step < 5; step += 1) await options.keyboard.press('Shift+Tab');
    await options.keyboard.press('Space');
    await options.keyboard.press('Shift+Tab');
    await options.keyboard.press('Shift+Tab');
    await options.keyboard.press('Enter');
    await expect.poll(() => options.getByTestId('save-status').textContent()).toBe('Settings saved.');
    expect(await (await session.worker()).evaluate(() => chrome.storage.local.get('autoCopy'))).toEqual({ autoCopy: false });
    await options.close();
  });
});
