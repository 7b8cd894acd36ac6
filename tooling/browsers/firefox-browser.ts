import { randomUUID } from 'node:crypto';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, type Browser, type Page } from 'puppeteer-core';
import { GECKO_ID } from '../../scripts/build/manifest-targets';
import { findFirefox } from './firefox-path';
import { pollUntil } from '../poll';

export interface FirefoxLaunchOptions {
  /** Absolute path of the unpacked Firefox build (dist/firefox or dist-e2e/firefox). */
  extensionDir: string;
  /** Default true. */
  headless?: boolean;
  /** X display for a headed run; falls back to $DISPLAY. */
  display?: string;
  /** The UI language (e.g. "de", "ar"); needs Debian's firefox-esr-l10n-<lang> language pack. Default: Firefox's own (en-US). */
  language?: string;
  /** Where downloads are saved, without asking (default: Firefox's own Downloads folder in the throwaway home). */
  downloadDir?: string;
  /** Called with every line Firefox prints, extension consoles included (for the token audit). */
  onOutput?: (line: string) => void;
  /** Runs once Firefox is up, before the add-on is installed (the token audit starts watching there). */
  onLaunched?: (browser: Browser) => Promise<void>;
  /** The extension page, kept open in a tab, that reaches the extension's APIs (default: the options page). */
  helperPage?: string;
  /** A finger's pointer, as a phone's (pointer: coarse, hover: none), instead of a mouse's. */
  touch?: boolean;
  /** The colour scheme pages see (prefers-color-scheme); default: the browser's. WebDriver BiDi has no way to switch it once started. */
  colorScheme?: 'light' | 'dark';
  /** More profile preferences, e.g. a proxy that stands in for sites on the web. */
  extraPrefs?: Record<string, unknown>;
}

/** What the popup panel shows, read from its document (the panel is no page to WebDriver BiDi). */
export interface PopupPanel {
  open: boolean;
  text: string;
  shortUrl: string | undefined;
  copyStatus: string | undefined;
  errorKind: string | undefined;
}

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
  /** browser.action.openPopup() on the active tab of the window (needs the profile preference set below). */
  openPopup(): Promise<void>;
  popupPanel(): Promise<PopupPanel>;
  /** Reads the clipboard from a web page at `pageUrl` (allowed by a testing preference). */
  readClipboard(pageUrl: string): Promise<string>;
  close(): Promise<void>;
}

const LAUNCH_TIMEOUT_MS = 30_000;
/** How long the background page may take to install its e2e hooks as it starts: a ceiling. */
const HOOKS_TIMEOUT_MS = 10_000;

/**
 * Debian's firefox-esr driven by puppeteer-core over WebDriver BiDi (Playwright
 * drives only its own patched Firefox builds, not a stock one). See
 * ../shared/docs/browser-testing.md, Firefox section, for what each preference is for.
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
      extraPrefsFirefox: {
        'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: uuid }),
        // Optional permissions are granted on request (from a real click) without a prompt nothing could answer.
        'extensions.webextOptionalPermissionPrompts': false,
        'extensions.openPopupWithoutUserGesture.enabled': true,
        // Lets a test page read the clipboard without Firefox's paste prompt.
        'dom.events.testing.asyncClipboard': true,
        // Every console call of every context (background page included) also goes to stdout.
        'devtools.console.stdout.content': true,
        'browser.shell.checkDefaultBrowser': false,
        // The language pack Debian installs is an add-on in the application's scope: allow it, then ask for it.
        ...(options.language === undefined ? {} : { 'intl.locale.requested': options.language, 'extensions.autoDisableScopes': 0 }),
        // Saved straight into that folder (2: a folder of one's own), no dialog, no downloads panel.
        ...(options.downloadDir === undefined
          ? {}
          : {
              'browser.download.dir': options.downloadDir,
              'browser.download.folderList': 2,
              'browser.download.useDownloadDir': true,
              'browser.download.alwaysOpenPanel': false,
            }),
        'datareporting.policy.dataSubmissionEnabled': false,
        // Firefox's own testing preferences for the pointer the media queries see (1: coarse, no hover).
        ...(options.touch === true ? { 'ui.primaryPointerCapabilities': 1, 'ui.allPointerCapabilities': 1 } : {}),
        // What pages see of the colour scheme: 0 dark, 1 light.
        ...(options.colorScheme === undefined ? {} : { 'layout.css.prefers-color-scheme.content-override': options.colorScheme === 'dark' ? 0 : 1 }),
        ...options.extraPrefs,
      },
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

    const openExtensionPage = async (path: string): Promise<Page> => {
      const [page, url] = [await browser.newPage(), extensionUrl(path)];
      // BiDi reports no load event for moz-extension:// pages (page.url() stays about:blank), so
      // goto() would wait out its timeout though the page loads: navigate, ask the page until it
      // says it has loaded (asked mid-navigation, it may fail), then stop waiting for the event.
      const stopWaiting = new AbortController();
      const navigation = page.goto(url, { signal: stopWaiting.signal, timeout: 0 }).catch(() => undefined);
      const loaded = () => page.evaluate((expected) => location.href === expected && document.readyState === 'complete' && document.body !== null, url).catch(() => false);
      try {
        await pollUntil(async () => ((await loaded()) ? true : undefined), { timeoutMs: 10_000, failure: `${url} did not load in Firefox.` });
      } finally {
        stopWaiting.abort();
        await navigation;
      }
      return page;
    };

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
      async callBackgroundHook<T>(name: string, ...args: unknown[]): Promise<T> {
        // The background page installs its hooks as it starts: called again until they are there (nothing runs before).
        const called = () =>
          evaluateInExtension(
            async ({ hook, hookArgs }) => {
              const api = (globalThis as unknown as { browser: { runtime: { getBackgroundPage(): Promise<Window> } } }).browser;
              const background = await api.runtime.getBackgroundPage();
              const fn = (background as unknown as { shrtnrE2e?: Record<string, (...a: unknown[]) => Promise<unknown>> }).shrtnrE2e?.[hook];
              // Through JSON: a value of the background page's compartment cannot cross to BiDi as it is.
              return fn === undefined ? null : { value: JSON.parse(JSON.stringify((await fn(...hookArgs)) ?? null)) as T };
            },
            { hook: name, hookArgs: args },
          );
        const answer = await pollUntil(async () => (await called()) ?? undefined, {
          timeoutMs: HOOKS_TIMEOUT_MS,
          failure: `No e2e hook "${name}" in the background page: run the tests against dist-e2e/firefox (npm run build:e2e).`,
        });
        return answer.value;
      },
      async openPopup() {
        await evaluateInExtension(async () => {
          const api = (globalThis as unknown as { browser: { action: { openPopup(): Promise<void> } } }).browser;
          await api.action.openPopup();
        }, null);
      },
      popupPanel: () =>
        // No helper functions inside: tsx (esbuild keepNames) would wrap them in a
        // `__name` call that does not exist in the page.
        evaluateInExtension(() => {
          const api = (globalThis as unknown as { browser: { extension: { getViews(filter: object): Window[] } } }).browser;
          const [view] = api.extension.getViews({ type: 'popup' });
          const document = view?.document;
          const shortUrl = document?.querySelector<HTMLInputElement>('[data-testid="short-url"]');
          return {
            open: view !== undefined,
            text: document?.body.innerText ?? '',
            shortUrl: shortUrl?.value ?? undefined,
            copyStatus: document?.querySelector('[data-testid="copy-status"]')?.textContent ?? undefined,
            errorKind: document?.querySelector('[role="alert"]')?.getAttribute('data-error-kind') ?? undefined,
          };
        }, null),
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
