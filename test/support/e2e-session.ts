import { TOKEN_DATABASE } from '../../src/storage/token-database';
import { resolve } from 'node:path';
import type { Locator, Page, Worker } from 'playwright-core';
import type { E2eHooks } from '../../src/background/testing/e2e-hooks';
import type { BackgroundOutcome } from '../../src/background/delivery/deliver';
import type { HistoryEntry } from '../../src/storage/history-entry';
import { launchExtensionBrowser, type ExtensionBrowser } from '../../tooling/browsers/extension-browser';
import { startStandIn, whenStandInStarts, type StandIn, type StandInOptions } from '../../tooling/stand-in/server';
import { ChromiumAuditWatcher } from './chromium-audit';
import { applyStorageChange, readStoredTokens, storageChange, type StoredSettings } from './settings-change';
import { atEachTestEnd, readChromiumStores } from './audit-checkpoints';
import { TokenAudit } from './token-audit';
import { startXvfb, xdotool, type XvfbServer } from '../../tooling/browsers/xvfb';
import { pollUntil } from '../../tooling/poll';

/** The e2e build: the shipped extension plus the handler hooks of src/background/testing/e2e-hooks.ts. */
export const E2E_DIST = resolve(import.meta.dirname, '../../dist-e2e/chrome');
export const PRODUCTION_DIST = resolve(import.meta.dirname, '../../dist/chrome');

export interface MenuClick {
  menuItemId: string;
  linkUrl?: string;
  /** The link's text, as Firefox gives it (Chrome does not). */
  linkText?: string;
  pageUrl?: string;
  selectionText?: string;
}

/** Test host names resolved by Chromium alone (--host-resolver-rules): an IDN host and one that never resolves. */
export const IDN_HOST = 'bücher.test';
export const IDN_HOST_PUNYCODE = 'xn--bcher-kva.test';
export const UNRESOLVABLE_HOST = 'nowhere.test';

export interface E2eSession {
  standIn: StandIn;
  /** Another origin, trusted like the stand-in, that must never receive a token. */
  otherOrigin: StandIn;
  audit: TokenAudit;
  browser: ExtensionBrowser;
  xvfb: XvfbServer | undefined;
  worker(): Promise<Worker>;
  /** Writes settings straight into storage.local (a token where the extension keeps it), as the options page would (undefined removes a key). */
  configure(settings: StoredSettings): Promise<void>;
  /** The tokens kept, by account id, and what storage.local holds under a token's key. */
  storedTokens(): Promise<{ kept: Record<string, unknown>; inLocal: Record<string, unknown> }>;
  /** Settings for the stand-in with its demo token, and an empty history (so every case starts uncached). */
  useStandIn(): Promise<void>;
  /** Empties history through the worker's own store (e2e build only). */
  clearHistory(): Promise<void>;
  /** What history holds, newest first, through the worker's own store (e2e build only). */
  history(): Promise<HistoryEntry[]>;
  openTab(pathOrUrl: string): Promise<Page>;
  /** Calls the context menu's click handler in the worker (e2e build only), as a click would. */
  /** The menu's click handler; `Outcome` a text's (TextOutcome) for a selection that is not one address. */
  clickMenu<Outcome = BackgroundOutcome>(click: MenuClick, tabUrl?: string): Promise<Outcome | undefined>;
  badge(): Promise<{ text: string; title: string }>;
  readClipboard(): Promise<string>;
  /** The stand-in's base URL under the IDN test host (same server). */
  idnBaseUrl(): string;
  /** What a short link from the stand-in looks like: its base URL and a 7-character code. */
  shortUrlPattern(): RegExp;
  /** Puts a known value on the clipboard, so a test can tell whether anything was copied since. */
  setClipboard(text: string): Promise<void>;
  /** Stops everything; throws if the token audit found a token where it must never be. */
  close(): Promise<void>;
}

export interface SessionOptions {
  headed?: boolean;
  /** The browser's UI language, e.g. "de" or "ar" (needs Debian's chromium-l10n). */
  language?: string;
  /** More unpacked extensions loaded beside the one under test. */
  alsoLoad?: string[];
  standIn?: StandInOptions;
  extensionDir?: string;
  /** More certificates for the browser to trust (SPKI hashes), e.g. a third server's in the token audit's self-test. */
  trustedSpkiHashes?: string[];
  /** More --host-resolver-rules entries, e.g. web sites a local server stands in for (share-destinations.ts). */
  hostRules?: string[];
}

export async function startE2eSession(options: SessionOptions = {}): Promise<E2eSession> {
  // Independent of each other: started together, and those that started are stopped if one fails.
  const starting = [startStandIn({ plainHttpPort: true, ...options.standIn }), startStandIn({ plainHttpPort: true })] as const;
  const xvfbStarting = options.headed === true ? startXvfb() : Promise.resolve(undefined);
  const [standIn, otherOrigin, xvfb] = await Promise.all([...starting, xvfbStarting]).catch(async (error: unknown): Promise<never> => {
    await Promise.allSettled([...starting.map(async (started) => (await started).close()), xvfbStarting.then((started) => started?.stop())]);
    throw error;
  });
  let browser: ExtensionBrowser;
  try {
    browser = await launchExtensionBrowser({
      extensionDir: options.extensionDir ?? E2E_DIST,
      trustedSpkiHashes: [standIn.spkiHash, otherOrigin.spkiHash, ...(options.trustedSpkiHashes ?? [])],
      headless: options.headed !== true,
      display: xvfb?.display,
      language: options.language,
      alsoLoad: options.alsoLoad,
      extraArgs: [`--host-resolver-rules=${[`MAP ${IDN_HOST_PUNYCODE} 127.0.0.1`, `MAP ${UNRESOLVABLE_HOST} ~NOTFOUND`, ...(options.hostRules ?? [])].join(', ')}`],
      devToolsSocket: true,
    });
  } catch (error) {
    await Promise.allSettled([standIn.close(), otherOrigin.close(), xvfb?.stop()]);
    throw error;
  }
  const audit = new TokenAudit();
  let auditWatcher: ChromiumAuditWatcher;
  try {
    auditWatcher = await ChromiumAuditWatcher.start(audit, browser);
  } catch (error) {
    await Promise.allSettled([browser.close(), standIn.close(), otherOrigin.close(), xvfb?.stop()]);
    throw error;
  }
  audit.track(standIn.demoToken);
  // The IDN test host is the stand-in itself under another name (--host-resolver-rules above).
  audit.allow(`https://${IDN_HOST_PUNYCODE}:${new URL(standIn.baseUrl).port}`);
  const clipboardPage = `${standIn.baseUrl}/demo/blank`;
  const worker = () => browser.serviceWorker();

  const readStorage = () => readChromiumStores(browser, TOKEN_DATABASE.name);
  const [sources, servers] = [auditWatcher.sources(readStorage, () => session.readClipboard()), { api: standIn, otherOrigin }];
  // Every stand-in a test starts while the session is open: its log is read too.
  const stopWatchingStandIns = whenStandInStarts((started) => audit.watchServer(started));
  const stopCheckpoints = atEachTestEnd({ checkpoint: (when) => audit.checkpoint(when, servers, sources), said: () => audit.takeSaid() });

  const session: E2eSession = {
    standIn,
    otherOrigin,
    audit,
    browser,
    xvfb,
    worker,
    async configure(settings) {
      audit.configured(settings);
      await (await worker()).evaluate(applyStorageChange, storageChange(settings));
    },
    storedTokens: async () => (await worker()).evaluate(readStoredTokens, TOKEN_DATABASE),
    async useStandIn() {
      await session.configure({ serverUrl: standIn.baseUrl, token: standIn.demoToken });
      await session.clearHistory();
    },
    async clearHistory() {
      await (await worker()).evaluate(async () => {
        // The production build (dist/) has no hooks; its tests each start a fresh browser, with no history.
        await (globalThis as unknown as { shrtnrE2e?: E2eHooks }).shrtnrE2e?.history().clear();
      });
    },
    async history() {
      return (await worker()).evaluate(async () => (await (globalThis as unknown as { shrtnrE2e: E2eHooks }).shrtnrE2e.history().all()).entries);
    },
    async openTab(pathOrUrl) {
      const page = await browser.context.newPage();
      await page.goto(pathOrUrl.startsWith('/') ? `${standIn.baseUrl}${pathOrUrl}` : pathOrUrl);
      return page;
    },
    async clickMenu<Outcome>(click: MenuClick, tabUrl?: string) {
      return (await worker()).evaluate<Outcome | undefined, { info: MenuClick; url: string | undefined }>(
        ({ info, url }) => {
          const hooks = (globalThis as unknown as { shrtnrE2e?: { onMenuClicked(info: unknown, tab: unknown): Promise<Outcome | undefined> } }).shrtnrE2e;
          if (hooks === undefined) throw new Error('No e2e hooks: run the tests against dist-e2e/ (npm run build:e2e).');
          return hooks.onMenuClicked({ editable: false, ...info }, url === undefined ? undefined : { url, index: 0, active: true, incognito: false });
        },
        { info: click, url: tabUrl },
      );
    },
    async badge() {
      return (await worker()).evaluate(async () => ({
        text: await chrome.action.getBadgeText({}),
        title: await chrome.action.getTitle({}),
      }));
    },
    readClipboard: () => browser.readClipboard(clipboardPage),
    idnBaseUrl: () => `https://${IDN_HOST}:${new URL(standIn.baseUrl).port}`,
    shortUrlPattern: () => new RegExp(`^${standIn.baseUrl}/[A-Za-z0-9]{7}$`),
    async setClipboard(text) {
      await browser.readClipboard(clipboardPage);
      const reader = browser.context.pages().find((page) => page.url() === clipboardPage);
      if (reader === undefined) throw new Error('The clipboard reader tab went missing.');
      await reader.bringToFront();
      await reader.evaluate((value) => navigator.clipboard.writeText(value), text);
    },
    async close() {
      stopCheckpoints();
      stopWatchingStandIns();
      let leaks: string[] = [];
      try {
        leaks = await audit.findLeaks(servers, sources);
      } finally {
        auditWatcher.close();
        await Promise.allSettled([browser.close(), standIn.close(), otherOrigin.close()]);
        await xvfb?.stop();
      }
      if (leaks.length > 0) throw new Error(`The token leaked:\n${leaks.join('\n')}`);
    },
  };
  return session;
}

/**
 * Clicks a popup's button that closes the popup (it opens a tab, or a prompt
 * opens): the popup may be gone before Playwright has seen its click
 * through, which then fails the click though it was made.
 */
export async function clickClosingPopup(popup: Page, button: Locator): Promise<void> {
  await button.click({ noWaitAfter: true }).catch((error: unknown) => {
    if (!popup.isClosed()) throw error;
  });
}

/**
 * Ctrl+L, "sh", a space and the link (or words) typed for real, until the
 * address bar has handed them whole to the extension (`handed`; by default,
 * its first line names the link). In two
 * full CI runs of 2026-11-26 it never did, though the page was in front; run
 * alone, even under load, it never failed. So Escape and type again, at most
 * three times: what is tested is what the extension does with the link.
 */
export async function typedInAddressBar(session: E2eSession, display: string, typed: string, handed = async () => (await omniboxShown(session)).some((text) => text.includes(typed))): Promise<void> {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await xdotool(display, 'key', '--clearmodifiers', 'ctrl+l');
    await xdotool(display, 'type', '--delay', '40', 'sh ');
    await xdotool(display, 'type', '--delay', '10', typed);
    if (await pollUntil(async () => ((await handed()) ? true : undefined), { timeoutMs: 5_000, failure: 'not handed' }).catch(() => false)) return;
    await xdotool(display, 'key', 'Escape', 'Escape');
  }
  throw new Error(`The address bar never handed ${typed} to the extension after "sh ".`);
}

/** What the address bar showed (its first line, or `omnibox-suggestion`s), recorded by the e2e build; for these words only, when named. */
export async function omniboxShown(session: E2eSession, surface = 'omnibox', typed?: string): Promise<string[]> {
  return (await session.worker()).evaluate(
    ({ surface: wanted, typed: words }) =>
      (globalThis as unknown as { shrtnrE2e: { shown: { surface: string; text: string; typed?: string }[] } }).shrtnrE2e.shown
        .filter((item) => item.surface === wanted && (words === undefined || item.typed === words))
        .map((item) => item.text),
    { surface, typed },
  );
}

/** The error the popup shows (its alert): the kind it carries and the text a person reads. */
export async function shownError(popup: Page, timeoutMs?: number): Promise<{ kind: string | null; message: string }> {
  const alert = popup.getByRole('alert');
  await alert.waitFor(timeoutMs === undefined ? undefined : { timeout: timeoutMs });
  return { kind: await alert.getAttribute('data-error-kind'), message: (await alert.textContent()) ?? '' };
}

/**
 * The popup's countdown as it first shows, and whether Cancel is beside it: read in the page, in
 * that frame. The countdown lasts only as long as the wait, which a loaded machine can outrun
 * between two reads from here.
 */
export async function countdownShown(popup: Page): Promise<{ text: string | null; cancel: boolean }> {
  const shown = await popup.waitForFunction(() => {
    const timer = document.querySelector('[role="timer"]');
    if (timer === null) return undefined;
    return { text: timer.textContent, cancel: [...document.querySelectorAll('button')].some((button) => button.textContent === 'Cancel') };
  });
  return (await shown.jsonValue()) ?? { text: null, cancel: false };
}

/** Waits until the badge settles on a final ✓ or !, and returns it. */
export async function settledBadge(session: E2eSession, timeoutMs = 10_000): Promise<{ text: string; title: string }> {
  let last = { text: '', title: '' };
  return pollUntil(
    async () => {
      last = await session.badge();
      return last.text === '✓' || last.text === '!' ? last : undefined;
    },
    { timeoutMs, failure: () => `The badge did not settle; it shows "${last.text}" (${last.title}).` },
  );
}

/**
 * The badge emptied before a test's click, once no earlier job shows on it ('…', or a count of links waiting): the
 * click's settledBadge then reads its own end. Left as it was, a test read the ✓ of the test before, shown for 6 s
 * (or still to come from a job that test never waited for), and went on while its own job ran on into the next test.
 */
export async function clearedBadge(session: E2eSession, timeoutMs = 10_000): Promise<void> {
  let last = { text: '', title: '' };
  await pollUntil(async () => ((last = await session.badge()).text === '…' || /^\d+$/.test(last.text) ? undefined : true), {
    timeoutMs,
    failure: () => `A job of an earlier test still shows on the badge: "${last.text}" (${last.title}).`,
  });
  await (await session.worker()).evaluate(() => chrome.action.setBadgeText({ text: '' }));
}
