// The real toolbar popup (CDP Extensions.triggerAction on a page tab) of the
// built extension, against the HTTPS stand-in.
// Runs modules only a browser runs (test/support/browser-only-modules.ts): src/platform/browser.ts,
// src/popup/main.tsx.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startE2eSession, type E2eSession } from '../support/e2e-session';
import { countdownShown, shownError } from '../support/popup-page';

let session: E2eSession;

beforeAll(async () => {
  session = await startE2eSession();
});
afterAll(() => session?.close());
beforeEach(async () => {
  await session.useStandIn();
  await session.configure({ autoCopy: true });
  session.standIn.setFault(null);
  session.standIn.resetRateLimits();
  session.standIn.clearLog();
});

async function popupOn(pathOrUrl: string): Promise<{ tab: Page; popup: Page }> {
  const tab = await session.openTab(pathOrUrl);
  const popup = await session.browser.openPopup(tab);
  return { tab, popup };
}


describe('popup', () => {
  it('shortens the page at once, shows and copies the short URL, which leads back to the page', async () => {
    await session.setClipboard('before');
    const articleUrl = `${session.standIn.baseUrl}/demo/article`;
    const { tab, popup } = await popupOn(articleUrl);

    const shortUrlField = popup.getByLabel('Short link');
    await expect.poll(() => shortUrlField.inputValue()).toMatch(session.shortUrlPattern());
    const shortUrl = await shortUrlField.inputValue();
    expect(await popup.getByTestId('long-url').textContent()).toBe(articleUrl);
    await expect.poll(() => popup.getByTestId('copy-status').textContent()).toBe('Copied to the clipboard');
    // Focus lands on Copy, so Enter copies again.
    await expect.poll(() => popup.evaluate(() => document.activeElement?.textContent)).toBe('Copy');
    await popup.close();

    expect(await session.readClipboard()).toBe(shortUrl);
    const requests = session.standIn.apiRequests();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.authorization).toBe(`Bearer ${session.standIn.demoToken}`);
    expect(requests[0]?.query).toEqual({});

    await tab.goto(shortUrl);
    expect(tab.url()).toBe(articleUrl);
    await tab.close();
  });

  it("tags the page with a campaign preset from the popup: the server gets the tagged address, its own link, and the page's other utm_ tags go, named", async () => {
    const preset = { name: 'Newsletter', params: [{ key: 'utm_source', value: 'news' }, { key: 'utm_medium', value: 'email' }, { key: 'utm_campaign', value: 'spring & co' }] };
    await session.configure({ campaignPresets: [preset] });
    // Reached from an ad: its content tag would credit the newsletter's clicks to the ad.
    const { tab, popup } = await popupOn('/demo/article?utm_source=old&utm_content=ad7');
    await expect.poll(() => popup.getByLabel('Short link').inputValue()).toMatch(session.shortUrlPattern());
    const untagged = await popup.getByLabel('Short link').inputValue();

    await popup.getByRole('button', { name: 'Campaign' }).click();
    await popup.getByTestId('campaign-panel').getByRole('button', { name: 'Newsletter' }).click();
    await expect.poll(() => popup.getByTestId('campaign-note').textContent()).toBe('Tagged with the campaign “Newsletter”.');
    const tagged = `${session.standIn.baseUrl}/demo/article?utm_source=news&utm_medium=email&utm_campaign=spring%20%26%20co`;
    expect(await popup.getByTestId('long-url').textContent()).toBe(tagged);
    expect(await popup.getByTestId('removed-params').textContent()).toBe('Tracking parameters removed: utm_content');
    expect(await popup.getByLabel('Short link').inputValue()).not.toBe(untagged);
    expect(session.standIn.apiRequests().map((request) => JSON.parse(request.body ?? '{}'))).toEqual([{ url: `${session.standIn.baseUrl}/demo/article?utm_source=old&utm_content=ad7` }, { url: tagged }]);
    await popup.close();
    await tab.close();
    await session.configure({ campaignPresets: undefined });
  });

  it('shortens an address that holds what looks like a secret as asked, and says plainly who has it', async () => {
    const { tab, popup } = await popupOn('/demo/article?reset_token=7f3a9c&lang=en');
    await expect.poll(() => popup.getByLabel('Short link').inputValue()).toMatch(session.shortUrlPattern());
    expect(await popup.getByTestId('secret-params').textContent()).toBe(
      'This address holds what looks like a secret (reset_token). It was sent to the Shrtnr server and your history keeps it, and anyone with the short link can open it.',
    );
    expect(session.standIn.apiRequests()).toHaveLength(1);
    await popup.close();
    await tab.close();
  });

  it('leaves the clipboard alone when auto-copy is off, and the Copy button copies', async () => {
    await session.configure({ autoCopy: false });
    await session.setClipboard('untouched');
    const { tab, popup } = await popupOn('/demo/article');
    const shortUrlField = popup.getByLabel('Short link');
    await shortUrlField.waitFor();
    expect(await popup.getByTestId('copy-status').textContent()).toBe('');
    const shortUrl = await shortUrlField.inputValue();
    await popup.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => popup.getByTestId('copy-status').textContent()).toBe('Copied to the clipboard');
    await popup.close();
    expect(await session.readClipboard()).toBe(shortUrl);
    await tab.close();
  });

  it('on a browser page, says why and lets the user type a URL instead', async () => {
    const { tab, popup } = await popupOn('chrome://version');
    const shown = await shownError(popup);
    expect(shown).toMatchObject({ kind: 'unreadable-tab' });
    expect(shown.message).toContain('browser page');
    // Focus goes to the field, ready for a pasted link.
    await expect.poll(() => popup.evaluate(() => document.activeElement?.id)).toBe('typed-url');
    expect(session.standIn.apiRequests()).toHaveLength(0);

    await popup.keyboard.type('https://example.com/typed by hand');
    await popup.keyboard.press('Enter');
    await expect.poll(() => popup.getByTestId('long-url').textContent()).toBe('https://example.com/typed%20by%20hand');
    expect(session.standIn.apiRequests()).toHaveLength(1);
    await popup.close();
    await tab.close();
  });

  // Pages the extension cannot shorten, where people open a tab to type or paste a link (issue 36, item 4).
  it.each([
    ['the new tab page', 'chrome://new-tab-page/'],
    ['a blank page', 'about:blank'],
  ])('on %s, says why, its field focused at once, and a link typed there is shortened', async (_name, url) => {
    const { tab, popup } = await popupOn(url);
    expect((await shownError(popup)).message).toMatch(/browser page|cannot be shortened/);
    await expect.poll(() => popup.evaluate(() => document.activeElement?.id)).toBe('typed-url');
    expect(session.standIn.apiRequests()).toHaveLength(0);
    await popup.keyboard.type(`${session.standIn.baseUrl}/demo/destination?typed=on-${new URL(url).protocol.replace(':', '')}`);
    await popup.keyboard.press('Enter');
    await expect.poll(() => popup.getByLabel('Short link').inputValue({ timeout: 500 }).catch(() => '')).toMatch(session.shortUrlPattern());
    expect(session.standIn.apiRequests()).toHaveLength(1);
    await popup.close();
    await tab.close();
  });

  it('says what is wrong with a typed URL without sending it', async () => {
    const { tab, popup } = await popupOn('/demo/article');
    await popup.getByLabel('Short link').waitFor();
    session.standIn.clearLog();
    await popup.getByLabel('Shorten another link').fill('javascript:alert(1)');
    await popup.getByRole('button', { name: 'Shorten', exact: true }).click();
    expect(await shownError(popup)).toMatchObject({ kind: 'unsupported-scheme' });
    // Back in the field, to fix it.
    await expect.poll(() => popup.evaluate(() => document.activeElement?.id)).toBe('typed-url');
    expect(session.standIn.apiRequests()).toHaveLength(0);
    await popup.close();
    await tab.close();
  });

  it('with no token, says so and offers the settings page', async () => {
    await session.configure({ token: undefined });
    const { tab, popup } = await popupOn('/demo/article');
    const shown = await shownError(popup);
    expect(shown).toMatchObject({ kind: 'no-token', message: 'No access token is set. Add your Shrtnr token in the settings.' });
    expect(await popup.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    const settingsOpened = session.browser.context.waitForEvent('page', (page) => page.url().includes('/src/options/index.html'));
    // The popup closes as the settings page takes the focus: beside a CPU hog, before the click's own last steps.
    await popup
      .getByRole('button', { name: 'Open settings' })
      .click()
      .catch((error: unknown) => {
        if (!popup.isClosed()) throw error;
      });
    const options = await settingsOpened;
    await options.close();
    expect(session.standIn.apiRequests()).toHaveLength(0);
    await tab.close();
  });

  it('429: waits what the server asks, counting down, then shows and copies the link with no click', async () => {
    session.standIn.setFault(
      { kind: 'status', status: 429, body: '{"message":"Too Many Attempts."}', headers: { 'Retry-After': '4', 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '0' } },
      { times: 1 },
    );
    const { tab, popup } = await popupOn('/demo/article');
    // Four seconds to count down: room for a slow popup to draw its first figure (2 to 4) before the last second's 1.
    expect((await countdownShown(popup)).text).toMatch(/^Waiting [2-4] seconds for the server's limit…$/);
    // The last second's figure is shown for about a second: looked for at every frame, not at a poll's intervals.
    await popup.waitForFunction(() => document.querySelector('[role="timer"]')?.textContent === "Waiting 1 second for the server's limit…");
    const shortUrlField = popup.getByLabel('Short link');
    await expect.poll(() => shortUrlField.inputValue({ timeout: 500 }).catch(() => '')).toMatch(session.shortUrlPattern());
    await expect.poll(() => popup.getByTestId('copy-status').textContent()).toBe('Copied to the clipboard');
    const shortUrl = await shortUrlField.inputValue();
    await popup.close();
    await tab.close();
    expect(await session.readClipboard()).toBe(shortUrl);
    expect(session.standIn.apiRequests()).toHaveLength(2);
  });

  describe('API errors, each with its own message and a Retry that works once the cause is gone', () => {
    const cases: { name: string; arrange(): Promise<void>; kind: string; message: RegExp }[] = [
      {
        name: '401 token refused',
        arrange: () => session.configure({ token: 'not-a-known-token' }),
        kind: 'unauthorized',
        message: /did not accept your access token/,
      },
      {
        name: '403 out of credits',
        arrange: async () => {
          session.standIn.addToken('spent-token', 0);
          await session.configure({ token: 'spent-token' });
        },
        kind: 'forbidden',
        message: /no URL credits are left/,
      },
      {
        name: '422 URL refused, with the server\'s reason',
        arrange: async () =>
          session.standIn.setFault({
            kind: 'status',
            status: 422,
            body: JSON.stringify({ message: 'The given data was invalid.', errors: { url: ['The url is on a block list.'] } }),
          }, { times: 1 }),
        kind: 'rejected-url',
        message: /The server refused this link: The url is on a block list\./,
      },
    ];

    it.each(cases)('$name', async ({ name, arrange, kind, message }) => {
      await arrange();
      const { tab, popup } = await popupOn('/demo/article');
      const shown = await shownError(popup);
      expect(shown.kind).toBe(kind);
      expect(shown.message).toMatch(message);
      // Its own message: it reads as none of the other causes. Checked against the other
      // cases' expected patterns, not against what their runs showed, so each case proves
      // it alone (as under -t): two causes with one message would match each other's pattern.
      for (const other of cases.filter((candidate) => candidate.name !== name)) {
        expect(shown.message, `reads like "${other.name}"`).not.toMatch(other.message);
      }

      // Clear the cause, then Retry gives a short link.
      session.standIn.setFault(null);
      await session.useStandIn();
      await popup.getByRole('button', { name: 'Retry' }).click();
      await expect.poll(() => popup.getByLabel('Short link').inputValue()).toMatch(session.shortUrlPattern());
      await popup.close();
      await tab.close();
    });
  });
});
