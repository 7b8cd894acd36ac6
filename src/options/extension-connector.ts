import { browser } from '../platform/browser';
import { hostPermissionPattern } from '../platform/host-permission';
import { browserWords } from '../platform/i18n';
import { ping } from '../api/ping';
import { localArea } from '../storage/extension-storage';
import type { HistoryStore } from '../storage/history-entry';
import { openHistoryStore } from '../storage/history-store';
import { readSettings } from '../storage/settings';
import { clearToken, writeSettings } from '../storage/settings-writer';
import type { OptionsConnector } from './options-connector';

let historyStore: HistoryStore | undefined;
const history = (): HistoryStore => (historyStore ??= openHistoryStore());

export const extensionConnector: OptionsConnector = {
  words: browserWords(),
  load: () => readSettings(localArea),
  save: (changes) => writeSettings(localArea, changes),
  clearToken: () => clearToken(localArea),
  onStoredChange(callback) {
    const listener = (_changes: unknown, areaName: string) => {
      if (areaName === 'local') callback();
    };
    browser.storage.onChanged.addListener(listener);
    return () => browser.storage.onChanged.removeListener(listener);
  },
  testConnection: (serverUrl, token) => ping({ serverUrl, token }),
  hasHostAccess: (origin) => browser.permissions.contains({ origins: [hostPermissionPattern(origin)] }),
  requestHostAccess: (origin) => browser.permissions.request({ origins: [hostPermissionPattern(origin)] }),
  async releaseHostAccess(origin, nextOrigin) {
    const pattern = hostPermissionPattern(origin);
    const required = browser.runtime.getManifest().host_permissions ?? [];
    // The manifest's own hosts cannot be removed (and need not be); the next server's access stays.
    if (required.includes(pattern) || pattern === hostPermissionPattern(nextOrigin)) return;
    await browser.permissions.remove({ origins: [pattern] });
  },
  historyCount: () => history().count(),
  clearHistory: async () => (await history().clear()).length,
  openHistory() {
    void browser.tabs.create({ url: browser.runtime.getURL('src/history/index.html') });
  },
};
