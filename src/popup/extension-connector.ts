import browser from 'webextension-polyfill';
import { sendMessage } from '../messages/messaging';
import { localArea } from '../storage/extension-storage';
import { readSettings } from '../storage/settings';
import type { PopupConnector } from './popup-connector';

export const extensionConnector: PopupConnector = {
  async currentTabUrl() {
    // Opening the popup grants activeTab, which is what makes `url` visible.
    const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
    return tab?.url;
  },
  shorten: (url) => sendMessage('shorten', { url }),
  async autoCopyEnabled() {
    // Only this key: the popup never reads the token.
    return (await readSettings(localArea, ['autoCopy'])).autoCopy;
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
};
