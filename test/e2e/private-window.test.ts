// A real private (incognito) window in headed Chromium, with the extension
// allowed there as a person allows it on chrome://extensions: the popup opened
// on a private tab, a real right-click and a real shortcut there shorten, and
// nothing of it is recorded in history.
import type { E2eHooks } from '../../src/background/testing/e2e-hooks';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil } from '../../tooling/poll';
import { startE2eSession, type E2eSession } from '../support/e2e-session';
import { chooseInMenu, linkOnPage, pressShortcut } from '../support/real-input';

interface DeveloperPrivate {
  updateProfileConfiguration(update: object): Promise<void>;
  updateExtensionConfiguration(update: object): Promise<void>;
}

let session: E2eSession;

/**
 * "Allow in Incognito" through chrome://extensions' own API. Chromium reloads the
 * extension to apply it, and disables an unpacked one on that reload unless
 * developer mode is on ("unsupportedDeveloperExtension"): it is turned on first.
 */
async function allowInIncognito(): Promise<void> {
  const startedBefore = await (await session.worker()).evaluate(() => performance.timeOrigin);
  const page = await session.browser.context.newPage();
  await page.goto('chrome://extensions');
  await page.evaluate(async (id) => {
    const developer = (chrome as unknown as { developerPrivate: DeveloperPrivate }).developerPrivate;
    await developer.updateProfileConfiguration({ inDeveloperMode: true });
    await developer.updateExtensionConfiguration({ extensionId: id, incognitoAccess: true });
  }, session.browser.extensionId);
  await page.close();
  // The reload's new worker, with the access: the old one may still answer for a moment, and the developer mode's own
  // reload may start a worker that the access's reload then ends ("No SW" to whoever held it; seen in a full run).
  await pollUntil(
    async () => {
      const candidate = await session.browser.serviceWorker();
      const now = await candidate.evaluate(async () => ({ startedAt: performance.timeOrigin, allowed: await chrome.extension.isAllowedIncognitoAccess() })).catch(() => undefined);
      return now !== undefined && now.startedAt > startedBefore && now.allowed ? true : undefined;
    },
    { timeoutMs: 30_000, failure: 'The extension reloaded with incognito access started no service worker that has it.' },
  );
}

beforeAll(async () => {
  session = await startE2eSession({ headed: true });
  await allowInIncognito();
  await session.useStandIn();
});
afterAll(() => session?.close());

/**
 * A new private window on `path` of the stand-in. It opens on a placeholder that
 * Playwright then sends to the address: a page loaded before Playwright attached
 * would hide its requests from the token audit.
 */
async function openPrivateTab(path: string): Promise<{ tab: Page; close(): Promise<void> }> {
  const slot = `data:text/html,<title>private ${Date.now()}</title>`;
  const worker = await session.worker();
  const windowId = await worker.evaluate(async (url) => {
    const window = await chrome.windows.create({ url, incognito: true, focused: true });
    if (window?.incognito !== true) throw new Error('The new window is not private.');
    return window.id ?? -1;
  }, slot);
  const tab = await pollUntil(async () => session.browser.context.pages().find((page) => page.url() === slot), {
    timeoutMs: 30_000,
    failure: "The private window's tab did not show up.",
  });
  await tab.goto(`${session.standIn.baseUrl}${path}`);
  return { tab, close: () => worker.evaluate((id) => chrome.windows.remove(id), windowId).catch(() => undefined) };
}

/** The real popup on `tab`, once it shows a short link; with what it says of its own window. */
async function popupLink(tab: Page): Promise<{ shortUrl: string; incognito: boolean }> {
  const popup = await session.browser.openPopup(tab);
  await popup.getByTestId('short-url').waitFor();
  const shown = {
    shortUrl: await popup.getByTestId('short-url').inputValue(),
    incognito: await popup.evaluate(async () => (await chrome.windows.getCurrent()).incognito),
  };
  await popup.close();
  return shown;
}

/** The history's count of credits saved by reuse, read through the worker's own store. */
async function creditsSaved(): Promise<number> {
  return (await session.worker()).evaluate(() => (globalThis as unknown as { shrtnrE2e: E2eHooks }).shrtnrE2e.history().creditsSaved());
}

describe('a private window in Chromium', () => {
  it('the popup on a private tab shortens it, and history records nothing of it', async () => {
    await session.clearHistory();
    session.standIn.clearLog();
    const longUrl = `${session.standIn.baseUrl}/demo/destination?private=window`;
    const { tab, close } = await openPrivateTab('/demo/destination?private=window');
    try {
      const { shortUrl, incognito } = await popupLink(tab);
      expect(incognito).toBe(true);
      expect(shortUrl).toMatch(session.shortUrlPattern());
      expect(session.standIn.apiRequests().map((request) => JSON.parse(request.body) as unknown)).toEqual([{ url: longUrl }]);
      expect(await session.history()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a link history already holds: the private popup gives that link, and leaves no trace (no entry, no credit counted)', async () => {
    await session.clearHistory();
    const normal = await session.openTab('/demo/article');
    const made = await popupLink(normal);
    expect(made.incognito).toBe(false);
    await normal.close();
    const before = await session.history();
    expect(before).toHaveLength(1);
    const creditsBefore = await creditsSaved();
    session.standIn.clearLog();

    const { tab, close } = await openPrivateTab('/demo/article');
    try {
      const { shortUrl, incognito } = await popupLink(tab);
      expect(incognito).toBe(true);
      // History is read (the link reveals nothing new, and no credit is spent), never written.
      expect(shortUrl).toBe(made.shortUrl);
      expect(session.standIn.apiRequests()).toEqual([]);
      expect(await session.history()).toEqual(before);
      expect(await creditsSaved()).toBe(creditsBefore);
    } finally {
      await close();
    }
  });

  it('a real right-click on a link and a real shortcut on a private tab shorten and copy, and history records nothing', async () => {
    await session.clearHistory();
    session.standIn.clearLog();
    const linkUrl = `${session.standIn.baseUrl}/demo/destination?private=link`;
    const { tab, close } = await openPrivateTab('/demo/article?private=tab');
    try {
      for (const wayIn of [async () => chooseInMenu(session, tab, await linkOnPage(tab, linkUrl)), () => pressShortcut(session, tab)]) {
        await session.setClipboard('nothing copied yet');
        await wayIn();
        await expect.poll(() => session.readClipboard()).toMatch(session.shortUrlPattern());
      }
      expect(session.standIn.apiRequests().map((request) => JSON.parse(request.body) as unknown)).toEqual([{ url: linkUrl }, { url: `${session.standIn.baseUrl}/demo/article?private=tab` }]);
      expect(await session.history()).toEqual([]);
    } finally {
      await close();
    }
  });
});
