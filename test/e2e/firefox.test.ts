// The Firefox build (dist-e2e/firefox) in Debian's firefox-esr, driven over
// WebDriver BiDi against the stand-in: install, the options page, the popup
// on a typed URL and on a tab, background shortening to the clipboard, and
// the token audit at the end of the session.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIREFOX_E2E_DIST, startFirefoxSession, type FirefoxSession } from '../support/firefox-session';
import { launchFirefoxExtension } from '../support/firefox-browser';
import { startStandIn } from '../support/stand-in/server';
import { TokenAudit } from '../support/token-audit';
import { xdotool } from '../support/xvfb';

let session: FirefoxSession;

beforeAll(async () => {
  session = await startFirefoxSession();
});
afterAll(() => session?.close());
beforeEach(() => {
  session.standIn.setFault(null);
  session.standIn.clearLog();
});

const textOf = (page: Page, selector: string) => page.$eval(selector, (element) => element.textContent ?? '');

/** Replaces a field's value as a person would: select what is there, type over it. */
async function typeInto(page: Page, selector: string, text: string): Promise<void> {
  await page.click(selector, { count: 3 });
  await page.keyboard.press('Backspace');
  await page.type(selector, text);
}

async function connectionStatusAfterTest(options: Page): Promise<string> {
  await options.click('button::-p-text(Test connection)');
  let status = '';
  await expect.poll(async () => (status = await textOf(options, '[data-testid="connection-status"]')), { timeout: 10_000 }).not.toMatch(/^(|Checking…)$/);
  return status;
}

describe('the Firefox build', () => {
  it('installs as a Manifest V3 add-on with an event page and no offscreen permission', async () => {
    const manifest = await session.firefox.evaluateInExtension(
      () => (globalThis as unknown as { browser: typeof chrome }).browser.runtime.getManifest() as unknown as Record<string, unknown>,
      null,
    );
    // Firefox reports the background script as a full URL.
    expect(manifest).toMatchObject({ manifest_version: 3, background: { scripts: [session.firefox.extensionUrl('service-worker-loader.js')] } });
    expect(manifest.permissions).not.toContain('offscreen');
    // The background page has started and answers (its hooks are the menu and command handlers).
    expect(await session.pressCommand('not-a-command', 'https://example.com/')).toBeNull();
  });

  it('saves a typed token and server on the options page, and Test connection passes', async () => {
    const token = 'firefox-typed-token-7Qx2';
    session.standIn.addToken(token, 100);
    session.audit.track(token);
    await session.configure({ token: undefined, serverUrl: undefined });
    const options = await session.firefox.openExtensionPage('src/options/index.html');
    await options.waitForSelector('#server-url');
    await typeInto(options, '#server-url', session.standIn.baseUrl);
    await options.type('#token', token);
    await options.click('button::-p-text(Save settings)');
    await expect.poll(() => textOf(options, '[data-testid="save-status"]')).toBe('Settings saved.');
    expect(await session.storedSettings()).toMatchObject({ token, serverUrl: session.standIn.baseUrl });

    expect(await connectionStatusAfterTest(options)).toMatch(/^Connected to 127\.0\.0\.1/);
    const ping = session.standIn.apiRequests().find((request) => request.path === '/api/v1/ping');
    expect(ping?.headers.authorization).toBe(`Bearer ${token}`);
    await options.close();
  });

  it('shortens a URL typed into the popup', async () => {
    await session.configure({ serverUrl: session.standIn.baseUrl, token: session.standIn.demoToken });
    // In a tab of its own, the popup's "current tab" is itself: an extension page it cannot shorten.
    const popup = await session.firefox.openExtensionPage('src/popup/index.html');
    await popup.waitForSelector('[role="alert"]');
    expect(await popup.$eval('[role="alert"]', (alert) => alert.getAttribute('data-error-kind'))).toBe('unsupported-scheme');

    const longUrl = `${session.standIn.baseUrl}/demo/article?typed=1`;
    await popup.type('#typed-url', longUrl);
    await popup.click('button::-p-text(Shorten)');
    await popup.waitForSelector('[data-testid="short-url"]');
    const shortUrl = await popup.$eval('[data-testid="short-url"]', (field) => (field as HTMLInputElement).value);
    expect(shortUrl).toMatch(session.shortUrlPattern());
    expect(await textOf(popup, '[data-testid="long-url"]')).toBe(longUrl);
    const [request] = session.standIn.apiRequests();
    expect(JSON.parse(request?.body ?? '{}')).toEqual({ url: longUrl });
    await popup.close();
  });

  it('grants host access from the options page, then the toolbar popup shortens the tab it opens on', async () => {
    await session.configure({ serverUrl: session.standIn.baseUrl, token: session.standIn.demoToken, autoCopy: true });
    // Host access is offered when the server cannot be reached; a real click grants it
    // (Firefox's optional-permission prompt is off in this profile).
    const options = await session.firefox.openExtensionPage('src/options/index.html');
    session.standIn.setFault({ kind: 'drop-connection' });
    expect(await connectionStatusAfterTest(options)).toMatch(/^Can't reach 127\.0\.0\.1/);
    session.standIn.setFault(null);
    await options.click('button::-p-text(Allow access to)');
    const hasAccess = () =>
      session.firefox.evaluateInExtension(
        (origins) => (globalThis as unknown as { browser: typeof chrome }).browser.permissions.contains({ origins }),
        ['https://127.0.0.1/*'],
      );
    await expect.poll(hasAccess).toBe(true);
    await options.close();

    const articleUrl = `${session.standIn.baseUrl}/demo/article`;
    const tab = await session.firefox.openTab(articleUrl);
    await tab.bringToFront();
    session.standIn.clearLog();
    await session.firefox.openPopup();
    let panel = await session.firefox.popupPanel();
    await expect.poll(async () => (panel = await session.firefox.popupPanel()).copyStatus, { timeout: 10_000 }).toBe('Copied to the clipboard');
    expect(panel.shortUrl).toMatch(session.shortUrlPattern());
    expect(JSON.parse(session.standIn.apiRequests()[0]?.body ?? '{}')).toEqual({ url: articleUrl });
    expect(await session.readClipboard()).toBe(panel.shortUrl);
    await tab.close();
  });

  it('shortens from the context menu and the keyboard command in the background page, onto the clipboard', async () => {
    await session.configure({ serverUrl: session.standIn.baseUrl, token: session.standIn.demoToken });
    const linkUrl = `${session.standIn.baseUrl}/demo/other?from=menu`;
    const fromMenu = await session.clickMenu({ menuItemId: 'shorten-link', linkUrl, pageUrl: `${session.standIn.baseUrl}/demo/article` });
    expect(fromMenu).toMatchObject({ status: 'copied', shortened: { longUrl: linkUrl } });
    const menuShortUrl = fromMenu?.status === 'copied' ? fromMenu.shortened.shortUrl : '';
    expect(menuShortUrl).toMatch(session.shortUrlPattern());
    expect(await session.readClipboard()).toBe(menuShortUrl);

    const pageUrl = `${session.standIn.baseUrl}/demo/article?from=shortcut`;
    const fromShortcut = await session.pressCommand('shorten-current-tab', pageUrl);
    expect(fromShortcut).toMatchObject({ status: 'copied', shortened: { longUrl: pageUrl } });
    const shortcutShortUrl = fromShortcut?.status === 'copied' ? fromShortcut.shortened.shortUrl : '';
    expect(await session.readClipboard()).toBe(shortcutShortUrl);
    expect(session.standIn.apiRequests().map((request) => request.headers.authorization)).toEqual([
      `Bearer ${session.standIn.demoToken}`,
      `Bearer ${session.standIn.demoToken}`,
    ]);
  });

  it('reports a failure in the background without touching the clipboard', async () => {
    await session.configure({ serverUrl: session.standIn.baseUrl, token: session.standIn.demoToken });
    const before = await session.readClipboard();
    session.standIn.setFault({ kind: 'status', status: 401 });
    const outcome = await session.clickMenu({ menuItemId: 'shorten-link', linkUrl: `${session.standIn.baseUrl}/demo/other?refused=1` });
    expect(outcome).toMatchObject({ status: 'failed', error: { kind: 'unauthorized' } });
    expect(await session.readClipboard()).toBe(before);
  });
});

describe('the Firefox build, headed under Xvfb', () => {
  it('a real Alt+Shift+L on a page copies that page\'s short link (the shortcut grants activeTab)', async () => {
    const headed = await startFirefoxSession({ headed: true });
    try {
      await headed.configure({ serverUrl: headed.standIn.baseUrl, token: headed.standIn.demoToken });
      const pageUrl = `${headed.standIn.baseUrl}/demo/article?from=real-key`;
      const page = await headed.firefox.openTab(pageUrl);
      await page.bringToFront();
      await page.click('h1');
      await xdotool(headed.xvfb?.display ?? '', 'key', '--clearmodifiers', 'alt+shift+l');
      await expect.poll(() => headed.standIn.apiRequests().length, { timeout: 10_000 }).toBe(1);
      expect(JSON.parse(headed.standIn.apiRequests()[0]?.body ?? '{}')).toEqual({ url: pageUrl });
      await expect.poll(() => headed.readClipboard(), { timeout: 10_000 }).toMatch(headed.shortUrlPattern());
    } finally {
      await headed.close();
    }
  });
});

describe('the token audit in Firefox', () => {
  it('finds a token in the background page console, a web page console, a URL, another origin, storage.sync and markup', async () => {
    const [api, otherOrigin] = await Promise.all([startStandIn(), startStandIn()]);
    const audit = new TokenAudit();
    const token = 'leaky-firefox-token-4242';
    audit.track(token);
    const firefox = await launchFirefoxExtension({ extensionDir: FIREFOX_E2E_DIST, onOutput: (line) => audit.record('firefox', line) });
    try {
      await firefox.evaluateInExtension(async (leaked) => {
        const extensionApi = (globalThis as unknown as { browser: typeof chrome }).browser;
        const background = (await extensionApi.runtime.getBackgroundPage()) as unknown as typeof globalThis;
        background.console.warn('background debug', { deep: { token: leaked } });
        await extensionApi.storage.sync.set({ leaked });
      }, token);
      const page = await firefox.openTab(`${api.baseUrl}/demo/blank`);
      await page.evaluate(
        async ({ leaked, other, own }) => {
          console.log(`page debug: ${leaked}`);
          await fetch(`${other}/demo/blank?t=${leaked}`, { mode: 'no-cors' });
          await fetch(`${own}/api/v1/ping?api_token=${leaked}`, { method: 'POST' });
          document.body.textContent = leaked;
        },
        { leaked: token, other: otherOrigin.baseUrl, own: api.baseUrl },
      );
      // Console output reaches the audit through Firefox's stdout, a moment later.
      await expect.poll(() => audit.consoleLineCount).toBeGreaterThan(0);
      let leaks: string[] = [];
      const findLeaks = async () =>
        (leaks = await audit.findLeaks(
          { api, otherOrigin },
          {
            pageMarkups: async () => Promise.all((await firefox.browser.pages()).map(async (open) => ({ url: open.url(), markup: await open.content() }))),
            readSyncStorage: () => firefox.evaluateInExtension(() => (globalThis as unknown as { browser: typeof chrome }).browser.storage.sync.get(null), null),
          },
        ));
      await expect.poll(async () => (await findLeaks()).filter((leak) => leak.startsWith('console:')).length).toBe(2);
      expect(leaks.some((leak) => leak.includes('background debug'))).toBe(true);
      expect(leaks.some((leak) => leak.includes('page debug'))).toBe(true);
      expect(leaks.some((leak) => leak.startsWith('request to another origin'))).toBe(true);
      expect(leaks.some((leak) => leak.startsWith('URL: https POST /api/v1/ping'))).toBe(true);
      expect(leaks).toContain('storage.sync');
      expect(leaks.some((leak) => leak.startsWith('page markup:'))).toBe(true);
    } finally {
      await firefox.close();
      await Promise.all([api.close(), otherOrigin.close()]);
    }
  });
});
