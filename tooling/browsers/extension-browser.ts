// Chromium launched with the extension loaded, in a throwaway profile and HOME,
// and the ExtensionBrowser that the tests, the bench and `npm start` drive.
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page, type Worker } from 'playwright-core';
import { pollUntil } from '../poll';
import { browserEnv, launchArgs, type LaunchOptions } from './chromium-launch';
import { findChromium } from './chromium-path';
import { openPopupTimed } from './extension-popup';
import { runningServiceWorker, stopServiceWorkers } from './extension-worker';
import { readManifest, unpackedExtensionId } from './unpacked-extension';

export interface ExtensionBrowser {
  browser: Browser;
  /** The default (non-incognito) context, where the extension lives. */
  context: BrowserContext;
  extensionId: string;
  /** Browser-level CDP session (Target.*, Extensions.*, Browser.*). */
  cdp: CDPSession;
  /** The browser's DevTools WebSocket URL, when launched with `devToolsSocket`. */
  devToolsUrl: string | undefined;
  /**
   * The extension's service worker, once it is running. While it is stopped
   * (after stopServiceWorkers) this waits until an extension event restarts it,
   * and fails after `timeoutMs` rather than hand back a worker whose evaluate() would hang.
   */
  serviceWorker(timeoutMs?: number): Promise<Worker>;
  extensionUrl(path: string): string;
  /**
   * Opens the real toolbar popup for `tab`, as a user's click would: brings the tab to
   * front, then CDP Extensions.triggerAction. The popup is a Playwright Page (locators,
   * evaluate, screenshot, close). In headed mode it closes when another window or tab takes focus.
   */
  openPopup(tab: Page): Promise<Page>;
  /** openPopup, also giving the epoch time (ms, sub-ms precision) at which triggerAction was sent: the "click". */
  openPopupTimed(tab: Page): Promise<{ popup: Page; triggeredAt: number }>;
  /** Stops every service worker (CDP ServiceWorker.stopAllWorkers) and waits until the extension's is stopped. */
  stopServiceWorkers(): Promise<void>;
  /**
   * Reads the clipboard from a normal https page at `pageUrl` (one reader tab, reused; it
   * is brought to front because readText() needs a focused document).
   */
  readClipboard(pageUrl: string): Promise<string>;
  /** Kills the browser and removes the temporary profile and HOME. Safe to call twice. */
  close(): Promise<void>;
}

const LAUNCH_TIMEOUT_MS = 30_000;

export async function launchExtensionBrowser(options: LaunchOptions): Promise<ExtensionBrowser> {
  const executablePath = findChromium();
  const headless = options.headless ?? true;
  const display = options.display ?? process.env.DISPLAY;
  if (!headless && (display === undefined || display === '')) {
    throw new Error('A headed launch needs an X display: pass `display` from startXvfb() (tooling/browsers/xvfb.ts).');
  }
  const extensionDir = await realpath(options.extensionDir).catch((error: unknown) => {
    throw new Error(`Extension directory ${options.extensionDir} does not exist (build the extension first?).`, { cause: error });
  });
  const manifest = await readManifest(extensionDir);
  const extensionId = unpackedExtensionId(extensionDir, manifest);
  const extensionOrigin = `chrome-extension://${extensionId}`;
  const extensionUrl = (path: string): string => `${extensionOrigin}/${path.replace(/^\//, '')}`;
  const size = options.windowSize ?? { width: 1280, height: 800 };

  // Chromium 156 first announces the toolbar popup as a target of type "other" (it lives
  // in an extension view, not a tab); Playwright detaches from "other" targets unless this
  // variable is set, so the popup never became a Page. Playwright reads it from its own
  // process.env at attach time, and playwright-core runs in this process.
  process.env.PW_CHROMIUM_ATTACH_TO_OTHER = '1';

  const home = await mkdtemp(join(tmpdir(), 'extension-browser-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(join(home, 'profile'), {
      executablePath,
      headless,
      // No viewport emulation: Playwright would apply it to every page, popup included,
      // stretching the popup to 1280x720 instead of its natural size.
      viewport: null,
      env: browserEnv(home, headless, display, options.language),
      args: launchArgs(extensionDir, options, size),
      timeout: LAUNCH_TIMEOUT_MS,
    });
  } catch (error) {
    await rm(home, { recursive: true, force: true });
    throw error;
  }

  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    try {
      await context.close();
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  };

  try {
    const browser = context.browser();
    if (browser === null) throw new Error('Playwright gave the persistent context no Browser: cannot open a browser-level CDP session.');
    const cdp = await browser.newBrowserCDPSession();

    // Offscreen documents also arrive as 'page' events (they too start as "other" targets), so match the
    // folder of the manifest's popup when it names one: setPopup() changes the page at run time, and
    // Shrtnr's worker makes it the one of the UI language's direction beside it (src/platform/popup-pages.ts).
    const defaultPopup = manifest.action?.default_popup;
    const popupFolder = posix.dirname(defaultPopup ?? '');
    const popupUrlPrefix = extensionUrl(popupFolder === '.' ? '' : `${popupFolder}/`);

    const launched = { context, cdp, extensionId, extensionUrl, popupUrlPrefix };
    const serviceWorker = (timeoutMs?: number): Promise<Worker> => runningServiceWorker(launched, timeoutMs);

    if (manifest.background?.service_worker !== undefined) await serviceWorker();

    const devToolsUrl =
      options.devToolsSocket === true
        ? await pollUntil(
            async () => {
              const [port, path] = (await readFile(join(home, 'profile', 'DevToolsActivePort'), 'utf8').catch(() => '')).split('\n');
              return port && path ? `ws://127.0.0.1:${port}${path}` : undefined;
            },
            { timeoutMs: LAUNCH_TIMEOUT_MS, failure: 'Chromium wrote no DevToolsActivePort file (launched with --remote-debugging-port=0).' },
          )
        : undefined;

    let readerPage: Page | undefined;
    const clipboardOrigins = new Set<string>();

    return {
      browser,
      context,
      extensionId,
      cdp,
      devToolsUrl,
      serviceWorker,
      extensionUrl,

      async openPopup(tab) {
        return (await openPopupTimed(launched, tab)).popup;
      },

      openPopupTimed: (tab) => openPopupTimed(launched, tab),

      stopServiceWorkers: () => stopServiceWorkers(launched),

      async readClipboard(pageUrl) {
        const { origin } = new URL(pageUrl);
        if (!clipboardOrigins.has(origin)) {
          await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
          clipboardOrigins.add(origin);
        }
        if (readerPage === undefined || readerPage.isClosed()) readerPage = await context.newPage();
        if (readerPage.url() !== pageUrl) await readerPage.goto(pageUrl);
        await readerPage.bringToFront();
        return readerPage.evaluate(() => navigator.clipboard.readText());
      },

      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
