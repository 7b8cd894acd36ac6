import { TOKEN_DATABASE } from '../../src/storage/token-database';
import type { Page, Worker } from 'playwright-core';
import type { E2eHooks } from '../../src/background/testing/e2e-hooks';
import type { BackgroundOutcome } from '../../src/background/delivery/deliver';
import type { HistoryEntry } from '../../src/storage/history-entry';
import type { ExtensionBrowser } from '../../tooling/browsers/extension-browser';
import type { StandIn } from '../../tooling/stand-in/server';
import { applyStorageChange, readStoredTokens, storageChange, type StoredSettings } from './settings-change';
import type { TokenAudit } from './token-audit';

// What a test does through a Chromium e2e session (e2e-session.ts) once it is
// open: settings and history through the worker, tabs, the menu's click
// handler, the badge and the clipboard.

export interface MenuClick {
  menuItemId: string;
  linkUrl?: string;
  /** The link's text, as Firefox gives it (Chrome does not). */
  linkText?: string;
  pageUrl?: string;
  selectionText?: string;
}

export interface SessionOperations {
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
  /** Whether the extension's context menu holds the item now (the worker makes it again as the settings change). */
  menuOffers(item: string): Promise<boolean>;
  badge(): Promise<{ text: string; title: string }>;
  readClipboard(): Promise<string>;
  /** Puts a known value on the clipboard, so a test can tell whether anything was copied since. */
  setClipboard(text: string): Promise<void>;
}

export function sessionOperations(browser: ExtensionBrowser, standIn: StandIn, audit: TokenAudit): SessionOperations {
  const clipboardPage = `${standIn.baseUrl}/demo/blank`;
  const worker = () => browser.serviceWorker();

  const operations: SessionOperations = {
    worker,
    async configure(settings) {
      audit.configured(settings);
      await (await worker()).evaluate(applyStorageChange, storageChange(settings));
    },
    storedTokens: async () => (await worker()).evaluate(readStoredTokens, TOKEN_DATABASE),
    async useStandIn() {
      await operations.configure({ serverUrl: standIn.baseUrl, token: standIn.demoToken });
      await operations.clearHistory();
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
    // An update of an item that does not exist is refused.
    menuOffers: async (item) => (await worker()).evaluate((id) => chrome.contextMenus.update(id, {}).then(() => true, () => false), item),
    async badge() {
      return (await worker()).evaluate(async () => ({
        text: await chrome.action.getBadgeText({}),
        title: await chrome.action.getTitle({}),
      }));
    },
    readClipboard: () => browser.readClipboard(clipboardPage),
    async setClipboard(text) {
      await browser.readClipboard(clipboardPage);
      const reader = browser.context.pages().find((page) => page.url() === clipboardPage);
      if (reader === undefined) throw new Error('The clipboard reader tab went missing.');
      await reader.bringToFront();
      await reader.evaluate((value) => navigator.clipboard.writeText(value), text);
    },
  };
  return operations;
}
