// Proves the browser harness (tooling/browsers/extension-browser.ts, xvfb.ts) on a throwaway
// fixture extension: the real toolbar popup, service-worker stop/restart, both clipboard
// paths, and a real right-click on a link through Chromium's native menu under Xvfb, walked
// as the product's tests walk it.
import { resolve } from 'node:path';
import type { Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchExtensionBrowser, type ExtensionBrowser } from '../../tooling/browsers/extension-browser';
import { startHttpsTestServer, type HttpsTestServer } from '../support/https-test-server';
import { chooseExtensionItem } from '../support/native-menus';
import { startXvfb, xdotool, type XvfbServer } from '../../tooling/browsers/xvfb';
import { pollUntil, pollWithin } from '../../tooling/poll';

const FIXTURE_DIR = resolve(import.meta.dirname, '../fixtures/harness-extension');

let server: HttpsTestServer;

beforeAll(async () => {
  server = await startHttpsTestServer();
});

afterAll(async () => {
  await server?.close();
});

const linkPageUrl = (): string => `${server.origin}/demo/link`;
const blankPageUrl = (): string => `${server.origin}/demo/blank`;

async function openTab(harness: ExtensionBrowser, url: string): Promise<Page> {
  const page = await harness.context.newPage();
  await page.goto(url);
  return page;
}

/** Opens the popup on `tab` and waits until the fixture popup has written the clipboard. */
async function popupShowingTab(harness: ExtensionBrowser, tab: Page): Promise<{ shownUrl: string | null; width: number }> {
  const popup = await harness.openPopup(tab);
  await popup.locator('#copy-status', { hasText: /copied|copy-failed/ }).waitFor();
  expect(await popup.locator('#copy-status').textContent()).toBe('copied');
  const result = { shownUrl: await popup.locator('#tab-url').textContent(), width: await popup.evaluate(() => innerWidth) };
  await popup.close();
  return result;
}

/** The fixture worker gives each of its starts a fresh id. */
function startIdOf(worker: Worker): Promise<string> {
  return worker.evaluate(() => (globalThis as unknown as { workerStartId: string }).workerStartId);
}

/** Session-storage keys the fixture worker sets after a context-menu click. */
async function waitForMenuOutcome(harness: ExtensionBrowser, timeoutMs: number): Promise<Record<string, unknown>> {
  return pollUntil(
    async () => {
      const worker = await harness.serviceWorker();
      const stored = await worker.evaluate(() => chrome.storage.session.get(['lastMenuCopy', 'lastMenuError']));
      return Object.keys(stored).length > 0 ? stored : undefined;
    },
    { timeoutMs, failure: `The context-menu click had no effect within ${timeoutMs} ms.` },
  );
}

describe('headless extension browser', () => {
  let harness: ExtensionBrowser;

  beforeAll(async () => {
    harness = await launchExtensionBrowser({ extensionDir: FIXTURE_DIR, trustedSpkiHashes: [server.spkiHash] });
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('finds the extension id and its service worker', async () => {
    expect(harness.extensionId).toMatch(/^[a-p]{32}$/);
    const worker = await harness.serviceWorker();
    expect(worker.url()).toBe(harness.extensionUrl('worker.js'));
  });

  it('opens the real popup on the given tab, at its natural size, and reads what it copied', async () => {
    const linkTab = await openTab(harness, linkPageUrl());
    const otherTab = await openTab(harness, blankPageUrl());
    // otherTab is in front now: openPopup must still target linkTab.
    const { shownUrl, width } = await popupShowingTab(harness, linkTab);
    expect(shownUrl).toBe(linkPageUrl());
    expect(width).toBe(320);
    expect(await harness.readClipboard(blankPageUrl())).toBe(`popup:${linkPageUrl()}`);
    await Promise.all([linkTab.close(), otherTab.close()]);
  });

  it('reads what the worker copied through an offscreen document', async () => {
    const worker = await harness.serviceWorker();
    const text = `from-worker-${Date.now()}`;
    await worker.evaluate(async (value) => {
      const copy = (globalThis as unknown as { copyViaOffscreen: (text: string) => Promise<void> }).copyViaOffscreen;
      await copy(value);
    }, text);
    expect(await harness.readClipboard(blankPageUrl())).toBe(text);
  });

  it('stops the service worker, and the next extension event starts a new one', async () => {
    const before = await startIdOf(await harness.serviceWorker());

    await harness.stopServiceWorkers();
    await expect(harness.serviceWorker(300)).rejects.toThrow(/No running service worker/);

    const extensionPage = await openTab(harness, harness.extensionUrl('popup.html'));
    const reply = (await extensionPage.evaluate(() => chrome.runtime.sendMessage({ type: 'ping' }))) as { workerStartId: string };
    expect(reply.workerStartId).not.toBe(before);
    expect(await startIdOf(await harness.serviceWorker())).toBe(reply.workerStartId);
    await extensionPage.close();
  });
});

describe('headed extension browser under Xvfb', () => {
  let xvfb: XvfbServer;
  let harness: ExtensionBrowser;

  beforeAll(async () => {
    xvfb = await startXvfb();
    harness = await launchExtensionBrowser({
      extensionDir: FIXTURE_DIR,
      trustedSpkiHashes: [server.spkiHash],
      headless: false,
      display: xvfb.display,
    });
  });

  afterAll(async () => {
    await harness?.close();
    await xvfb?.stop();
  });

  it('chooses the extension item of the native context menu on a link', async () => {
    const page = await openTab(harness, linkPageUrl());
    await page.bringToFront();
    // The walk the product's tests take (test/support/native-menus.ts): each key seen on the screen, Return on the row
    // that shows the fixture's icon. Keys sent blind as the menu opens can be lost ("Up Up Return" once chose "Inspect").
    await chooseExtensionItem(xvfb, FIXTURE_DIR, () => page.click('#target', { button: 'right' }));

    const outcome = await waitForMenuOutcome(harness, 30_000);
    const expected = 'menu:https://example.test/some/long/path?x=1';
    expect(outcome).toEqual({ lastMenuCopy: expected });
    expect(await harness.readClipboard(blankPageUrl())).toBe(expected);
    await page.close();
  });

  it('presses a key held down once: the display repeats no key, which a release late on a loaded machine would press again in the page', async () => {
    const page = await openTab(harness, blankPageUrl());
    await page.bringToFront();
    await page.evaluate(() => {
      const counted = window as unknown as { presses: number };
      counted.presses = 0;
      addEventListener('keydown', () => (counted.presses += 1));
    });
    await page.mouse.click(10, 10);
    // The keys go to the X window that has the focus: Chromium's, once it bears the page's title.
    await pollUntil(async () => ((await xdotool(xvfb.display, 'getwindowfocus', 'getwindowname')) === 'Blank - Chromium' ? true : undefined), {
      timeoutMs: 30_000,
      failure: 'Chromium never had the blank page in front.',
    });
    const presses = () => page.evaluate(() => (window as unknown as { presses: number }).presses);
    await xdotool(xvfb.display, 'keydown', 'x');
    try {
      await pollUntil(async () => ((await presses()) > 0 ? true : undefined), { timeoutMs: 30_000, failure: 'The key held down never reached the page.' });
      // A server that repeats keys presses it again after 660 ms, then every 40 ms: none comes in several times that.
      expect(await pollWithin(async () => ((await presses()) > 1 ? true : undefined), { timeoutMs: 3_000 })).toBeUndefined();
    } finally {
      await xdotool(xvfb.display, 'keyup', 'x');
    }
    expect(await presses()).toBe(1);
    await page.close();
  });

  it('opens the real popup headed too', async () => {
    const tab = await openTab(harness, linkPageUrl());
    const { shownUrl } = await popupShowingTab(harness, tab);
    expect(shownUrl).toBe(linkPageUrl());
    expect(await harness.readClipboard(blankPageUrl())).toBe(`popup:${linkPageUrl()}`);
    await tab.close();
  });
});
