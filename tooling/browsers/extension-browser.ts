import { createHash } from 'node:crypto';
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page, type Worker } from 'playwright-core';
import { pollUntil } from '../poll';
import { findChromium } from './chromium-path';

export interface LaunchOptions {
  /** Absolute path of an unpacked extension (dist/). */
  extensionDir: string;
  /** base64 SHA-256 SPKI hashes of test certificates to trust (--ignore-certificate-errors-spki-list). */
  trustedSpkiHashes?: string[];
  /** Default true. Native context menus only exist in headed mode. */
  headless?: boolean;
  /** X display for headed runs (e.g. from startXvfb()); falls back to $DISPLAY. */
  display?: string;
  /** Browser window size; default 1280x800 (the size of startXvfb()'s screen). */
  windowSize?: { width: number; height: number };
  /** More Chromium flags, e.g. --host-resolver-rules for test host names. */
  extraArgs?: string[];
  /** More unpacked extensions to load beside it (absolute paths), e.g. one that plays a stranger. */
  alsoLoad?: string[];
  /**
   * The UI language (e.g. "de", "ar"). Debian's Chromium ships only en-US.pak:
   * without Debian's chromium-l10n, i18n.getUILanguage() and @@bidi_dir stay
   * English whatever --lang says (see browser-testing.md).
   */
  language?: string;
  /**
   * Also serve CDP on a DevTools WebSocket (a free port on 127.0.0.1), for a second
   * client beside Playwright's own pipe: the token audit's (test/support/chromium-audit.ts).
   */
  devToolsSocket?: boolean;
}

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
const WORKER_TIMEOUT_MS = 10_000;
const POPUP_TIMEOUT_MS = 10_000;

interface ExtensionManifest {
  key?: string;
  background?: { service_worker?: string };
  action?: { default_popup?: string };
}

async function readManifest(extensionDir: string): Promise<ExtensionManifest> {
  try {
    return JSON.parse(await readFile(join(extensionDir, 'manifest.json'), 'utf8')) as ExtensionManifest;
  } catch (error) {
    throw new Error(`No readable manifest.json in ${extensionDir} (build the extension first?)`, { cause: error });
  }
}

/**
 * Chromium's id for an unpacked extension, computed instead of discovered: the first
 * 128 bits of SHA-256 over the manifest `key` (DER bytes) or, without a key, over the
 * extension directory's real path, written with the letters a-p. Checked against the
 * id Chromium 156 reported for the fixture extension.
 */
function unpackedExtensionId(realDir: string, manifest: ExtensionManifest): string {
  const input = manifest.key === undefined ? Buffer.from(realDir) : Buffer.from(manifest.key, 'base64');
  const hex = createHash('sha256').update(input).digest('hex').slice(0, 32);
  return [...hex].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join('');
}

function launchArgs(extensionDir: string, options: LaunchOptions, size: { width: number; height: number }): string[] {
  const args = [
    // Playwright always adds --disable-extensions; without the "except" flag nothing loads.
    `--disable-extensions-except=${[extensionDir, ...(options.alsoLoad ?? [])].join(',')}`,
    `--load-extension=${[extensionDir, ...(options.alsoLoad ?? [])].join(',')}`,
    // Playwright adds this too (chromiumSandbox defaults to false); kept explicit because
    // these machines run as root, where Chromium exits: "Running as root without --no-sandbox is not supported".
    '--no-sandbox',
    // No network here beyond package registries: no background fetches, component
    // downloads, sync or QUIC attempts that could only time out.
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
    // No GPU on these machines.
    '--disable-gpu',
    `--window-size=${size.width},${size.height}`,
    '--window-position=0,0',
  ];
  // Port 0: Chromium picks a free one and writes it to <profile>/DevToolsActivePort.
  if (options.devToolsSocket === true) args.push('--remote-debugging-port=0');
  if (options.language !== undefined) args.push(`--lang=${options.language}`);
  const hashes = options.trustedSpkiHashes ?? [];
  if (hashes.length > 0) args.push(`--ignore-certificate-errors-spki-list=${hashes.join(',')}`);
  return [...args, ...(options.extraArgs ?? [])];
}

function browserEnv(home: string, headless: boolean, display: string | undefined, language: string | undefined): NodeJS.ProcessEnv {
  // Chromium writes outside the profile too (~/.pki NSS db, ~/.cache, ~/.config):
  // point every home-ish variable at the temp dir so the real HOME stays untouched.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
  };
  // Chromium on Linux takes its UI language from LANGUAGE as well as --lang: both must agree.
  if (language !== undefined) env.LANGUAGE = language;
  // Headless must not touch a real X server (its clipboard would be shared).
  if (headless) delete env.DISPLAY;
  else env.DISPLAY = display;
  return env;
}

/**
 * The "tab" target that hosts `page`. Extensions.triggerAction refuses page targets
 * ("Action can only be triggered on a tab target"), and TargetInfo has no link from a
 * page to its tab (parentId is unset), so ask each tab which page it hosts: attach to the
 * tab and turn on auto-attach, which reports the tab's page. Playwright's CDPSession cannot
 * address flattened child sessions, hence the (old but working) non-flat attach mode
 * with Target.sendMessageToTarget.
 */
async function tabTargetIdOf(cdp: CDPSession, context: BrowserContext, page: Page): Promise<string> {
  const pageSession = await context.newCDPSession(page);
  const pageTargetId = (await pageSession.send('Target.getTargetInfo')).targetInfo.targetId;
  await pageSession.detach();

  const { targetInfos: tabs } = await cdp.send('Target.getTargets', { filter: [{ type: 'tab' }] });
  // Tabs showing the page's URL are the likely ones: ask them first.
  tabs.sort((a, b) => Number(b.url === page.url()) - Number(a.url === page.url()));
  for (const tab of tabs) {
    if ((await pagesHostedByTab(cdp, tab.targetId)).includes(pageTargetId)) return tab.targetId;
  }
  throw new Error(`No tab target hosts page ${page.url()} (page target ${pageTargetId}).`);
}

async function pagesHostedByTab(cdp: CDPSession, tabTargetId: string): Promise<string[]> {
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: tabTargetId, flatten: false });
  const children: string[] = [];
  const requestId = 1;
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error(`tab ${tabTargetId} did not answer Target.setAutoAttach`)), 5_000);
      const onMessage = (event: { sessionId: string; message: string }): void => {
        if (event.sessionId !== sessionId) return;
        const message = JSON.parse(event.message) as {
          id?: number;
          method?: string;
          params?: { targetInfo?: { targetId: string; type: string } };
        };
        const child = message.params?.targetInfo;
        if (message.method === 'Target.attachedToTarget' && child?.type === 'page') children.push(child.targetId);
        // Chromium reports the already-existing children before it answers the command.
        if (message.id === requestId) finish();
      };
      const finish = (error?: Error): void => {
        clearTimeout(timer);
        cdp.off('Target.receivedMessageFromTarget', onMessage);
        if (error) reject(error);
        else resolve();
      };
      cdp.on('Target.receivedMessageFromTarget', onMessage);
      const command = { id: requestId, method: 'Target.setAutoAttach', params: { autoAttach: true, waitForDebuggerOnStart: false, flatten: false } };
      cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify(command) }).catch(finish);
    });
  } finally {
    await cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
  }
  return children;
}

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

    const runningWorkerTargets = async (): Promise<number> => {
      const { targetInfos } = await cdp.send('Target.getTargets');
      return targetInfos.filter((target) => target.type === 'service_worker' && target.url.startsWith(extensionUrl(''))).length;
    };

    // After a stop, Chromium keeps the worker's DevTools target (same id) and Playwright
    // keeps the same Worker object, whose evaluate() then hangs until the worker restarts.
    // Target.getTargets does drop the stopped worker, so it tells "running" apart.
    const serviceWorker = async (timeoutMs = WORKER_TIMEOUT_MS): Promise<Worker> =>
      pollUntil(
        async () => {
          if ((await runningWorkerTargets()) === 0) return undefined;
          return context.serviceWorkers().findLast((worker) => worker.url().startsWith(extensionUrl('')));
        },
        {
          timeoutMs,
          failure: () =>
            `No running service worker for extension ${extensionId} within ${timeoutMs} ms ` +
            '(if it was stopped, trigger an extension event first; else check the manifest and the worker for errors).',
        },
      );

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

    // Offscreen documents also arrive as 'page' events (they too start as "other" targets),
    // so match the manifest's popup URL when it names one (setPopup() can change it at run time).
    const defaultPopup = manifest.action?.default_popup;
    const popupUrlPrefix = extensionUrl(defaultPopup ?? '');

    let readerPage: Page | undefined;
    const clipboardOrigins = new Set<string>();

    const openPopupTimed = async (tab: Page): Promise<{ popup: Page; triggeredAt: number }> => {
      // A user can only click the toolbar of the active tab, and the popup's
      // tabs.query({ active: true, currentWindow: true }) reads exactly that.
      await tab.bringToFront();
      const targetId = await tabTargetIdOf(cdp, context, tab);
      const popupOpened = context.waitForEvent('page', {
        predicate: (page) => page.url().startsWith(popupUrlPrefix),
        timeout: POPUP_TIMEOUT_MS,
      });
      const triggeredAt = performance.timeOrigin + performance.now();
      await cdp.send('Extensions.triggerAction', { id: extensionId, targetId });
      const popup = await popupOpened.catch((error: unknown) => {
        throw new Error(
          `Extensions.triggerAction opened no popup page within ${POPUP_TIMEOUT_MS} ms ` +
            '(does the action have a popup? was one already open?)',
          { cause: error },
        );
      });
      await popup.waitForLoadState('domcontentloaded');
      return { popup, triggeredAt };
    };

    return {
      browser,
      context,
      extensionId,
      cdp,
      devToolsUrl,
      serviceWorker,
      extensionUrl,

      async openPopup(tab) {
        return (await openPopupTimed(tab)).popup;
      },

      openPopupTimed,


      async stopServiceWorkers() {
        // ServiceWorker.* is not served on the browser target ("wasn't found"), only on a
        // page's session, and only after ServiceWorker.enable ("domain not enabled").
        // Any web page's session stops every worker of the profile, the extension's included.
        // Extension pages are avoided: a popup or offscreen document may close under us.
        const webPage = context.pages().find((page) => !page.url().startsWith(extensionUrl('')));
        const page = webPage ?? (await context.newPage());
        const session = await context.newCDPSession(page);
        // Stopped once is what is asked: a page with a port open (a popup following a run) may
        // start a new worker at once, so "none running" alone can be missed; the worker's own
        // "stopped" status says it too.
        let stopSeen = false;
        session.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
          if (versions.some((version) => version.scriptURL.startsWith(extensionUrl('')) && version.runningStatus === 'stopped')) stopSeen = true;
        });
        try {
          await session.send('ServiceWorker.enable');
          await session.send('ServiceWorker.stopAllWorkers');
          await pollUntil(async () => (stopSeen || (await runningWorkerTargets()) === 0 ? true : undefined), {
            timeoutMs: WORKER_TIMEOUT_MS,
            failure: `The service worker of ${extensionId} was still running ${WORKER_TIMEOUT_MS} ms after ServiceWorker.stopAllWorkers.`,
          });
        } finally {
          await session.detach().catch(() => undefined);
          if (webPage === undefined) await page.close();
        }
      },

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
