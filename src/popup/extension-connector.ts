import { browser } from '../platform/browser';
import { sendMessage } from '../messages/messaging';
import { browserWords } from '../platform/i18n';
import { saveDownload, writeClipboard } from '../ui/page-clipboard';
import type { PopupConnector } from './popup-connector';

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const extensionConnector: PopupConnector = {
  words: browserWords(),
  async currentTab() {
    // Opening the popup grants activeTab, which is what makes `url` and `title` visible.
    const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
    if (tab?.url === undefined) return undefined;
    return { url: tab.url, ...(tab.title ? { title: tab.title } : {}), private: tab.incognito };
  },
  async shorten(request) {
    try {
      return await sendMessage('shorten', request);
    } catch (error) {
      return { result: { ok: false, error: { kind: 'internal', detail: describe(error) } }, autoCopy: false, copyFormat: 'plain' };
    }
  },
  async recent(limit) {
    try {
      return await sendMessage('recent-history', { limit });
    } catch (error) {
      console.warn('Shrtnr: history could not be read.', describe(error));
      return { enabled: true, entries: [] };
    }
  },
  async copy(payload) {
    try {
      await writeClipboard(payload);
      return true;
    } catch (error) {
      console.warn('Shrtnr: copying from the popup failed.', describe(error));
      return false;
    }
  },
  loadQrPanel: async () => (await import('../qr/qr-panel')).QrPanel,
  saveFile: saveDownload,
  openSettings() {
    void browser.runtime.openOptionsPage().then(() => window.close());
  },
  openHistory() {
    void browser.tabs.create({ url: browser.runtime.getURL('src/history/index.html') }).then(() => window.close());
  },
  close() {
    window.close();
  },
};
