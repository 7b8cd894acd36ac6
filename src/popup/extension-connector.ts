import { browser } from '../platform/browser';
import { sendMessage } from '../messages/messaging';
import { browserWords } from '../platform/i18n';
import type { PopupConnector } from './popup-connector';

export const extensionConnector: PopupConnector = {
  words: browserWords(),
  async currentTabUrl() {
    // Opening the popup grants activeTab, which is what makes `url` visible.
    const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
    return tab?.url;
  },
  async shorten(url) {
    try {
      return await sendMessage('shorten', { url });
    } catch (error) {
      return {
        result: { ok: false, error: { kind: 'internal', detail: error instanceof Error ? error.message : String(error) } },
        autoCopy: false,
      };
    }
  },
  async copy(text) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch (error) {
      console.warn('Shrtnr: copying from the popup failed.', error);
      return false;
    }
  },
  openSettings() {
    void browser.runtime.openOptionsPage().then(() => window.close());
  },
  close() {
    window.close();
  },
};
