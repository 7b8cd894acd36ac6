// Debian's Firefox launched with the extension as a temporary add-on, in a
// throwaway HOME, and the FirefoxExtensionBrowser that the tests, the bench and
// `npm run start:firefox` drive.
import { randomUUID } from 'node:crypto';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, type Browser, type Page } from 'puppeteer-core';
import { GECKO_ID } from '../../scripts/build/manifest-targets';
import { callBackgroundHook, openExtensionTab, openPopup, readPopupPanel, type PopupPanel } from './firefox-extension-pages';
import { firefoxPrefs, type FirefoxLaunchOptions } from './firefox-launch';
import { findFirefox } from './firefox-path';

export interface FirefoxExtensionBrowser {
  browser: Browser;
  /** moz-extension://<uuid>: fixed at launch through the profile, so pages have known URLs. */
  extensionOrigin: string;
  extensionUrl(path: string): string;
  /** Opens one of the extension's pages in a new tab and waits for its DOM. */
  openExtensionPage(path: string): Promise<Page>;
  openTab(url: string): Promise<Page>;
  /**
   * Runs a function of the extension's background page (Firefox's background is a
   * page, reached from an extension tab with runtime.getBackgroundPage()), by name
   * on `globalThis.shrtnrE2e` (e2e build) with JSON arguments.
   */
  callBackgroundHook<T>(name: string, ...args: unknown[]): Promise<T>;
  /** Evaluates in an extension page (it has `browser`), for storage and permissions; an expression's source, or a function with its JSON argument. */
  evaluateInExtension<T, A>(fn: ((arg: A) => Promise<T> | T) | string, arg: A): Promise<T>;
  /** browser.action.openPopup() on the active tab of the window (needs the profile preference set in firefox-launch.ts). */
  openPopup(): Promise<void>;
  popupPanel(): Promise<PopupPanel>;
  /** Reads the clipboard from a web page at `pageUrl` (allowed by a testing preference). */
  readClipboard(pageUrl: string): Promise<string>;
  close(): Promise<void>;
}

const LAUNCH_TIMEOUT_MS = 30_000;

/**
 * Debian's firefox-esr driven by puppeteer-core over WebDriver BiDi (Playwright
 * drives only its own patched Firefox builds, not a stock one).
 */
export async function launchFirefoxExtension(options: FirefoxLaunchOptions): Promise<FirefoxExtensionBrowser> {
  const headless = options.headless ?? true;
  const display = options.display ?? process.env.DISPLAY;
  if (!headless && (display === undefined || display === '')) throw new Error('A headed Firefox needs an X display (DISPLAY, or startXvfb()).');
  const extensionDir = await realpath(options.extensionDir).catch((error: unknown) => {
    throw new Error(`Extension directory ${options.extensionDir} does not exist (build the extension first?).`, { cause: error });
  });
  const uuid = randomUUID();
  const extensionOrigin = `moz-extension://${uuid}`;
  const extensionUrl = (path: string): string => `${extensionOrigin}/${path.replace(/^\//, '')}`;
  const home = await mkdtemp(join(tmpdir(), 'firefox-extension-'));
  const env: Record<string, string | undefined> = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_CACHE_HOME: join(home, '.cache') };
  if (headless) delete env.DISPLAY;
  else env.DISPLAY = display;

  let browser: Browser;
  try {
    browser = await launch({
      browser: 'firefox',
      executablePath: findFirefox(),
      headless,
      // Trusts the stand-in's self-signed certificate, the background page's fetches included.
      acceptInsecureCerts: true,
      // Without it, navigating to moz-extension:// pages over BiDi is refused.
      args: ['--remote-allow-system-access'],
      env,
      timeout: LAUNCH_TIMEOUT_MS,
      extraPrefsFirefox: firefoxPrefs(options, uuid),
    });
  } catch (error) {
    await rm(home, { recursive: true, force: true });
    throw error;
  }

  const firefox = browser.process();
  if (options.onOutput !== undefined && firefox !== null) {
    const onOutput = options.onOutput;
    for (const stream of [firefox.stdout, firefox.stderr]) {
      let pending = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        const lines = (pending + chunk).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) onOutput(line);
      });
    }
  }

  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    try {
      await browser.close();
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  };

  try {
    await options.onLaunched?.(browser);
    const installedId = await browser.installExtension(extensionDir);
    if (installedId !== GECKO_ID) throw new Error(`Firefox installed the add-on as ${installedId}, not ${GECKO_ID}.`);

    const openExtensionPage = (path: string): Promise<Page> => openExtensionTab(browser, extensionUrl(path));

    // One extension page, kept open in its own tab, from which tests reach the
    // extension's APIs and its background page. A blank page of the stand-in
    // cannot: only extension pages have `browser`.
    let helperPage: Page | undefined;
    const helper = async (): Promise<Page> => {
      if (helperPage === undefined || helperPage.isClosed()) helperPage = await openExtensionPage(options.helperPage ?? 'src/options/index.html');
      return helperPage;
    };
    const evaluateInExtension = async <T, A>(fn: ((arg: A) => Promise<T> | T) | string, arg: A): Promise<T> => {
      const page = await helper();
      if (typeof fn === 'string') return (await page.evaluate(fn)) as T;
      // Puppeteer's types cannot follow a generic argument through; the value is plain JSON.
      return (await page.evaluate(fn as (arg: unknown) => unknown, arg as unknown)) as T;
    };

    let readerPage: Page | undefined;

    const extension: FirefoxExtensionBrowser = {
      browser,
      extensionOrigin,
      extensionUrl,
      openExtensionPage,
      async openTab(url) {
        const page = await browser.newPage();
        await page.goto(url);
        return page;
      },
      evaluateInExtension,
      callBackgroundHook: <T>(name: string, ...args: unknown[]): Promise<T> => callBackgroundHook<T>(evaluateInExtension, name, args),
      openPopup: () => openPopup(evaluateInExtension),
      popupPanel: () => readPopupPanel(evaluateInExtension),
      async readClipboard(pageUrl) {
        if (readerPage === undefined || readerPage.isClosed()) readerPage = await browser.newPage();
        if (readerPage.url() !== pageUrl) await readerPage.goto(pageUrl);
        return readerPage.evaluate(() => navigator.clipboard.readText());
      },
      close,
    };
    return extension;
  } catch (error) {
    await close();
    throw error;
  }
}
