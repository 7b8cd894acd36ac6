import { errorText } from '../platform/error-text';
import { browser, inPrivateWindow } from '../platform/browser';
import { copyByHand } from '../messages/hand-copy';
import { hasShareSheet, openShareSheet } from '../platform/share-sheet';
import { browserWords } from '../platform/i18n';
import { localArea, onSettingsChanged } from '../storage/extension-storage';
import { openHistoryStore } from '../storage/history-store';
import { readSettings } from '../storage/settings';
import { saveDownload } from '../ui/save-download';
import type { HistoryConnector, Outcome } from './history-connector';

/** The settings the page follows (HistorySettings), read again when any of them changes. */
const SETTINGS_FOLLOWED = ['history', 'copyFormat', 'accounts'] as const;

export const extensionConnector: HistoryConnector = {
  words: browserWords(),
  store: openHistoryStore(),
  privateWindow: inPrivateWindow(),
  readSettings: () => readSettings(localArea, SETTINGS_FOLLOWED),
  onSettingsChange: (callback) => onSettingsChanged(callback, SETTINGS_FOLLOWED),
  // Every copy here is the user's, by hand.
  copy: (payload) => attempt(() => copyByHand(payload)),
  openTab: (url) => attempt(() => browser.tabs.create({ url })),
  openSettings() {
    void browser.runtime.openOptionsPage();
  },
  openList() {
    void browser.tabs.create({ url: browser.runtime.getURL('src/list/index.html') });
  },
  saveFile: saveDownload,
  loadQrPanel: async () => (await import('../qr/qr-panel')).QrPanel,
  hasShareSheet,
  openShareSheet,
  // A tab of its own (tabs.create: no opener, no referrer): this page stays as it was.
  openShareTab: (url) => attempt(() => browser.tabs.create({ url })),
  loadShareMenu: async () => (await import('../share/share-menu')).ShareMenu,
};

async function attempt(action: () => Promise<unknown>): Promise<Outcome> {
  try {
    await action();
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: errorText(error) };
  }
}
