// A keyboard-only walk through the popup and the options page: Tab reaches
// every control in reading order with the focus ring always visible, Enter
// copies, shortens and saves, Space toggles, Escape closes the popup.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eSession, type E2eSession } from '../support/e2e-session';

/** The focused element's identity and whether a focus ring is drawn around it. */
async function focused(page: Page): Promise<{ label: string; ringVisible: boolean }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (element === null || element === document.body) return { label: '(body)', ringVisible: false };
    const style = getComputedStyle(element);
    return {
      // A button by its words (its id may be a generated one, as Share's menu button's is), a field by its id or label.
      label: (element.tagName === 'BUTTON' && element.textContent?.trim()) || element.id || (element as HTMLInputElement).labels?.[0]?.textContent?.trim() || element.textContent?.trim() || element.tagName,
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
    // Focus moves in an effect after the render that shows the link: waited for, not assumed.
    await expect.poll(() => focused(popup)).toMatchObject({ label: 'Copy' });
    const visited: string[] = [];
    for (let step = 0; step < 12; step += 1) {
      await popup.keyboard.press('Tab');
      const now = await focused(popup);
      expect(now.ringVisible, now.label).toBe(true);
      visited.push(now.label);
    }
    // Every control is reachable, in reading order, and Tab wraps around.
    expect(visited).toEqual(['Share', 'Copy as…', 'QR code', 'Campaign', 'typed-url', 'Shorten', 'Shorten all tabs in this window', 'Shorten a list…', 'All history', 'Settings', 'short-url', 'Copy']);
    await popup.keyboard.press('Enter');
    await expect.poll(() => popup.getByTestId('copy-status').textContent()).toBe('Copied to the clipboard');
    const shortUrl = await popup.getByTestId('short-url').inputValue();

    for (let step = 0; step < 5; step += 1) await popup.keyboard.press('Tab');
    await popup.keyboard.type(`${session.standIn.baseUrl}/demo/destination?typed=keys`);
    await popup.keyboard.press('Enter');
    await expect.poll(() => popup.getByTestId('long-url').textContent()).toBe(`${session.standIn.baseUrl}/demo/destination?typed=keys`);
    // Escape closes the popup, as in any browser popup.
    const closed = popup.waitForEvent('close');
    // The popup may be gone before the key is released: then the press itself reports a closed target.
    const pressed = await popup.keyboard.press('Escape').then(() => 'pressed', (error: unknown) => String(error));
    expect(pressed).toMatch(/^pressed$|closed/);
    await closed;
    // Read only now: reading brings another page to the front.
    expect(await session.readClipboard()).toBe(shortUrl);
    await session.configure({ autoCopy: undefined });
    await tab.close();
  });

  it('walks the options page with Tab; Space saves a preference at once, Enter in the account saves it; the focus is always visible', async () => {
    await session.configure({ autoCopy: true });
    const options = await session.browser.context.newPage();
    await options.goto(session.browser.extensionUrl('src/options/index.html'));
    await options.getByRole('button', { name: 'Save account' }).waitFor();
    const visited: string[] = [];
    for (let step = 0; step < 17; step += 1) {
      await options.keyboard.press('Tab');
      const now = await focused(options);
      expect(now.ringVisible, now.label).toBe(true);
      visited.push(now.label);
    }
    // The one account (named by its server's host): active, Edit, Remove; then Add account, and the account's
    // editor under them, its Save last; then the preferences, which save as they change.
    const account = new URL(session.standIn.baseUrl).host;
    expect(visited).toEqual([
      account,
      `Edit ${account}`,
      `Remove ${account}`,
      'Add account',
      'account-name',
      'server-url',
      'Clear token',
      'token',
      'Show',
      'Test connection',
      'Save account',
      'Copy the short link automatically when the popup opens',
      'copy-format',
      'Remove tracking parameters (utm_source, fbclid, gclid…) before shortening',
      "Use the page's own short link when it has one",
      'Keep a history of the links I shorten',
      'Open history',
    ]);
    // Space toggles the checkbox, saved at once.
    for (let step = 0; step < 5; step += 1) await options.keyboard.press('Shift+Tab');
    await options.keyboard.press('Space');
    await expect.poll(() => options.getByTestId('behaviour-status').textContent()).toBe('Settings saved.');
    expect(await (await session.worker()).evaluate(() => chrome.storage.local.get('autoCopy'))).toEqual({ autoCopy: false });
    // Enter in the account's field submits its editor, which saves the account.
    for (let step = 0; step < 7; step += 1) await options.keyboard.press('Shift+Tab');
    expect((await focused(options)).label).toBe('account-name');
    await options.keyboard.press('ControlOrMeta+A');
    await options.keyboard.type('Keys');
    await options.keyboard.press('Enter');
    await expect.poll(() => options.getByTestId('account-save-status').textContent()).toBe('The account “Keys” was saved.');
    expect(await (await session.worker()).evaluate(() => chrome.storage.local.get('accounts'))).toEqual({ accounts: [{ id: 'account-1', name: 'Keys', server: session.standIn.baseUrl }] });
    await options.close();
    await session.useStandIn();
  });
});
