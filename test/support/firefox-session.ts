import { TOKEN_DATABASE } from '../../src/storage/token-database';
import { resolve } from 'node:path';
import type { BackgroundOutcome } from '../../src/background/delivery/deliver';
import type { E2eHooks } from '../../src/background/testing/e2e-hooks';
import type { HistoryEntry } from '../../src/storage/history-entry';
import type { MenuClick } from './e2e-session-operations';
import { launchFirefoxExtension, type FirefoxExtensionBrowser } from '../../tooling/browsers/firefox-browser';
import { applyStorageChange, readStoredTokens, storageChange, tokensChange, type StoredSettings } from './settings-change';
import type { SavedToken } from '../../src/storage/token-vault';
import { startStandIn, whenStandInStarts, type StandIn, type StandInOptions } from '../../tooling/stand-in/server';
import { FirefoxAuditWatcher } from './firefox-audit';
import { atEachTestEnd, readExtensionStores } from './audit-checkpoints';
import { TokenAudit } from './token-audit';
import { startXvfb, type XvfbServer } from '../../tooling/browsers/xvfb';
import { pollUntil } from '../../tooling/poll';

export const FIREFOX_E2E_DIST = resolve(import.meta.dirname, '../../dist-e2e/firefox');


export interface FirefoxSession {
  standIn: StandIn;
  /** Another origin that must never receive a token. */
  otherOrigin: StandIn;
  audit: TokenAudit;
  firefox: FirefoxExtensionBrowser;
  /** The X server of a headed session (real key presses go through it). */
  xvfb: XvfbServer | undefined;
  /** Writes settings straight into storage.local (a token where the extension keeps it), as the options page would (undefined removes a key). */
  configure(settings: StoredSettings): Promise<void>;
  storedSettings(): Promise<Record<string, unknown>>;
  /** Saves (or, with undefined, removes) these accounts' tokens where the extension keeps them. */
  saveTokens(tokens: Record<string, SavedToken | undefined>): Promise<void>;
  /** The tokens kept, by account id, and what storage.local holds under a token's key (pages reach it in Firefox). */
  storedTokens(): Promise<{ kept: Record<string, unknown>; inLocal: Record<string, unknown> }>;
  /** Calls the context menu's click handler in the background page (e2e build), as a click would. */
  /** The menu's click handler; `Outcome` a text's (TextOutcome) for a selection that is not one address. */
  clickMenu<Outcome = BackgroundOutcome>(click: MenuClick, tabUrl?: string): Promise<Outcome | undefined>;
  /** Calls the keyboard command's handler, for the tab at `tabUrl`. */
  pressCommand(command: string, tabUrl: string): Promise<BackgroundOutcome | undefined>;
  /** Whether the extension's context menu holds the item now (the background page makes it again as the settings change). */
  menuOffers(item: string): Promise<boolean>;
  readClipboard(): Promise<string>;
  /** Writes `text` to the clipboard from an extension page, and resolves once the clipboard is read back holding it. */
  setClipboard(text: string): Promise<void>;
  /** What history holds, newest first, through the background page's own store (e2e build). */
  history(): Promise<HistoryEntry[]>;
  /** Empties history through the background page's own store (e2e build). */
  clearHistory(): Promise<void>;
  /** The toolbar button's badge and its tooltip. */
  badge(): Promise<{ text: string; title: string }>;
  shortUrlPattern(): RegExp;
  /** Stops everything; throws if the token audit found a token where it must never be. */
  close(): Promise<void>;
}

/** The tab a menu click or a command reports, as the browser would give it. */
function tab(url: string | undefined) {
  return url === undefined ? undefined : { url, index: 0, active: true, highlighted: true, pinned: false, incognito: false };
}

/** The Firefox twin of startE2eSession(): a stand-in, another origin, Firefox with the e2e build, and the token audit. */
export async function startFirefoxSession(
  options: { standIn?: StandInOptions; extensionDir?: string; headed?: boolean; language?: string; downloadDir?: string; touch?: boolean; colorScheme?: 'light' | 'dark'; extraPrefs?: Record<string, unknown> } = {},
): Promise<FirefoxSession> {
  // Independent of each other: started together, and those that started are stopped if one fails.
  const starting = [startStandIn({ plainHttpPort: true, ...options.standIn }), startStandIn({ plainHttpPort: true })] as const;
  const xvfbStarting = options.headed === true ? startXvfb() : Promise.resolve(undefined);
  const [standIn, otherOrigin, xvfb] = await Promise.all([...starting, xvfbStarting]).catch(async (error: unknown): Promise<never> => {
    await Promise.allSettled([...starting.map(async (started) => (await started).close()), xvfbStarting.then((started) => started?.stop())]);
    throw error;
  });
  const audit = new TokenAudit();
  audit.track(standIn.demoToken);
  const auditWatcher = new FirefoxAuditWatcher(audit);
  let firefox: FirefoxExtensionBrowser;
  try {
    // Every console call of every context reaches Firefox's output (devtools.console.stdout.content).
    firefox = await launchFirefoxExtension({
      extensionDir: options.extensionDir ?? FIREFOX_E2E_DIST,
      headless: xvfb === undefined,
      language: options.language,
      downloadDir: options.downloadDir,
      ...(options.touch === undefined ? {} : { touch: options.touch }),
      ...(options.colorScheme === undefined ? {} : { colorScheme: options.colorScheme }),
      extraPrefs: options.extraPrefs,
      display: xvfb?.display,
      onOutput: (line) => auditWatcher.recordOutput(line),
      onLaunched: (browser) => auditWatcher.start(browser),
    });
  } catch (error) {
    await Promise.allSettled([standIn.close(), otherOrigin.close(), xvfb?.stop()]);
    throw error;
  }
  const clipboardPage = `${standIn.baseUrl}/demo/blank`;
  const readStorage = () => firefox.evaluateInExtension(readExtensionStores, TOKEN_DATABASE.name);
  const inExtension = <T>(expression: string) => firefox.evaluateInExtension<T, null>(expression, null);
  const sources = auditWatcher.sources(firefox.browser, readStorage, () => session.readClipboard(), inExtension);
  const servers = { api: standIn, otherOrigin };
  // Every stand-in a test starts while the session is open: its log is read too.
  const stopWatchingStandIns = whenStandInStarts((started) => audit.watchServer(started));
  const stopCheckpoints = atEachTestEnd({ checkpoint: (when) => audit.checkpoint(when, servers, sources), said: () => audit.takeSaid() });

  const session: FirefoxSession = {
    standIn,
    otherOrigin,
    audit,
    firefox,
    xvfb,
    async configure(settings) {
      audit.configured(settings);
      await firefox.evaluateInExtension(applyStorageChange, storageChange(settings));
    },
    saveTokens: (tokens) => firefox.evaluateInExtension(applyStorageChange, tokensChange(tokens)),
    storedTokens: () => firefox.evaluateInExtension(readStoredTokens, TOKEN_DATABASE),
    storedSettings: () =>
      firefox.evaluateInExtension(() => (globalThis as unknown as { browser: typeof chrome }).browser.storage.local.get(null), null),
    clickMenu: (click, tabUrl) => firefox.callBackgroundHook('onMenuClicked', { editable: false, ...click }, tab(tabUrl)),
    pressCommand: (command, tabUrl) => firefox.callBackgroundHook('onCommand', command, tab(tabUrl)),
    // An update of an item that does not exist is refused.
    menuOffers: (item) =>
      firefox.evaluateInExtension((id) => (globalThis as unknown as { browser: typeof chrome }).browser.contextMenus.update(id, {}).then(() => true, () => false), item),
    readClipboard: () => firefox.readClipboard(clipboardPage),
    async setClipboard(text) {
      await firefox.evaluateInExtension((value) => navigator.clipboard.writeText(value), text);
      // Read back: written from an extension page, the text could reach the clipboard after a write the product makes
      // next from the background page (each document's write goes on its own), and hide it (seen once in
      // firefox-history on a slow machine: "Short link copied", and the clipboard still held the text written before).
      await pollUntil(async () => ((await session.readClipboard()) === text ? true : undefined), { timeoutMs: 30_000, failure: `The clipboard never read back "${text}".` });
    },
    history: () => backgroundHistory(firefox, 'read'),
    clearHistory: async () => {
      await backgroundHistory(firefox, 'clear');
    },
    badge: () =>
      firefox.evaluateInExtension(async () => {
        const { action } = (globalThis as unknown as { browser: typeof chrome }).browser;
        return { text: await action.getBadgeText({}), title: await action.getTitle({}) };
      }, null),
    shortUrlPattern: () => new RegExp(`^${standIn.baseUrl}/[A-Za-z0-9]{7}$`),
    async close() {
      stopCheckpoints();
      stopWatchingStandIns();
      let leaks: string[] = [];
      try {
        leaks = await audit.findLeaks(servers, sources);
      } finally {
        await Promise.allSettled([firefox.close(), standIn.close(), otherOrigin.close()]);
        await xvfb?.stop();
      }
      if (leaks.length > 0) throw new Error(`The token leaked:\n${leaks.join('\n')}`);
    },
  };
  return session;
}

/**
 * The background page's own history store (e2e build): emptied, or read.
 * No helper functions inside: see readPopupPanel() in tooling/browsers/firefox-extension-pages.ts.
 */
async function backgroundHistory(firefox: FirefoxExtensionBrowser, action: 'clear' | 'read'): Promise<HistoryEntry[]> {
  // The background page installs its hooks as it starts: asked again until they are there (nothing is done before).
  const asked = () =>
    firefox.evaluateInExtension(async (what) => {
      const api = (globalThis as unknown as { browser: { runtime: { getBackgroundPage(): Promise<Window> } } }).browser;
      const background = (await api.runtime.getBackgroundPage()) as unknown as { shrtnrE2e?: E2eHooks };
      if (background.shrtnrE2e === undefined) return null;
      const store = background.shrtnrE2e.history();
      if (what === 'clear') {
        await store.clear();
        return [];
      }
      // Through JSON: a value of the background page's compartment cannot cross to BiDi as it is.
      return JSON.parse(JSON.stringify((await store.all()).entries)) as HistoryEntry[];
    }, action);
  return pollUntil(async () => (await asked()) ?? undefined, { timeoutMs: 30_000, failure: 'The background page has no e2e hooks: run against dist-e2e/firefox (npm run build:e2e).' });
}
