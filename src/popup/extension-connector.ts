import { errorText } from '../platform/error-text';
import { browser } from '../platform/browser';
import { browserFeatures } from '../platform/features';
import { TABS_PERMISSION } from '../platform/tabs-permission';
import type { PortEnd } from '../messages/ports';
import { openShortenPort, type PopupToWorker, type WorkerToPopup } from '../messages/shorten-port';
import { sendMessage } from '../messages/messaging';
import { writeClipboard } from '../platform/clipboard';
import { copyByHand } from '../messages/hand-copy';
import { hasShareSheet, openShareSheet } from '../platform/share-sheet';
import { browserWords } from '../platform/i18n';
import { saveDownload } from '../ui/save-download';
import type { PopupConnector, ShortenAnswer } from './popup-connector';
import { bulkPanel, bulkUpdates, ownWindowDetails, toBulk, watchWindowRun } from './window-run';

const internalAnswer = (detail: string): ShortenAnswer => ({ result: { ok: false, error: { kind: 'internal', detail } }, autoCopy: false, copyFormat: 'plain' });

/** One of the extension's own pages in a new tab; the popup closes once it is open. */
const openPage = (path: string) => void browser.tabs.create({ url: browser.runtime.getURL(path) }).then(() => window.close());

// The newest shortening's port: Cancel is for the one on screen.
let newestPort: PortEnd<PopupToWorker, WorkerToPopup> | undefined;

export const extensionConnector: PopupConnector = {
  words: browserWords(),
  async currentTab() {
    // Opening the popup grants activeTab, which is what makes `url` and `title` visible;
    // the window says whether it is private whatever the tab reveals.
    const [[tab], { incognito }] = await Promise.all([browser.tabs.query({ active: true, currentWindow: true }), ownWindowDetails()]);
    return { ...(tab?.url === undefined ? {} : { url: tab.url }), ...(tab?.title ? { title: tab.title } : {}), ...(tab?.id === undefined ? {} : { id: tab.id }), private: incognito };
  },
  shorten(request, onProgress, page) {
    return new Promise<ShortenAnswer>((resolve) => {
      let port: PortEnd<PopupToWorker, WorkerToPopup>;
      try {
        port = openShortenPort();
      } catch (error) {
        resolve(internalAnswer(errorText(error)));
        return;
      }
      newestPort = port;
      port.onMessage((message) => {
        if (message.type === 'progress') onProgress?.(message.progress);
        else if (message.type === 'page-link') page?.onShortLink({ shortUrl: message.shortUrl, ...(message.ask === undefined ? {} : { ask: message.ask }) });
        else {
          resolve(message.answer);
          // The page's own short link may come after the answer (a link from history answers at once): its port
          // stays open for it, and closes with the popup.
          if (page === undefined) port.close();
        }
      });
      // Only when the worker went away before answering (a port closed from this side reports nothing).
      port.onClose((reason) => resolve(internalAnswer(reason ?? 'the background worker closed the connection')));
      port.post({ type: 'shorten', request, ...(page === undefined ? {} : { pageTab: page.tab }) });
    });
  },
  cancelShortening() {
    newestPort?.post({ type: 'cancel' });
  },
  async recent(limit) {
    try {
      return await sendMessage('recent-history', { limit });
    } catch (error) {
      console.warn('Shrtnr: history could not be read.', errorText(error));
      return { enabled: true, entries: [] };
    }
  },
  async copy(payload, { byHand } = { byHand: false }) {
    try {
      await (byHand ? copyByHand(payload) : writeClipboard(payload));
      return true;
    } catch (error) {
      console.warn('Shrtnr: copying from the popup failed.', errorText(error));
      return false;
    }
  },
  watchBulk(listener) {
    watchWindowRun();
    bulkUpdates.listen(listener);
  },
  shortenAllTabs() {
    // The worker hears the wish first: Chrome closes this popup as its prompt
    // opens, and the worker then starts the run when the permission is granted.
    toBulk((id) => ({ type: 'start', windowId: id }));
    // Asked before anything is awaited: browsers grant it only within the user's input handler.
    return browser.permissions.request(TABS_PERMISSION).then(
      (given) => {
        if (!given) toBulk({ type: 'refused' });
        return given;
      },
      (error: unknown) => {
        console.warn('Shrtnr: the tabs permission could not be asked for.', errorText(error));
        toBulk({ type: 'refused' });
        return false;
      },
    );
  },
  cancelBulk: () => toBulk({ type: 'cancel' }),
  dismissBulk: () => toBulk({ type: 'dismiss' }),
  loadBulkPanel: bulkPanel,
  loadQrPanel: async () => (await import('../qr/qr-panel')).QrPanel,
  loadCampaignPanel: async () => (await import('./campaign-panel')).CampaignPanel,
  async useAccount(account) {
    try {
      return await sendMessage('use-account', { account });
    } catch (error) {
      console.warn('Shrtnr: the account could not be switched.', errorText(error));
      return false;
    }
  },
  async usePageLinkHost(hosts) {
    try {
      return await sendMessage('use-page-link-host', hosts);
    } catch (error) {
      console.warn('Shrtnr: the short link host could not be accepted.', errorText(error));
      return false;
    }
  },
  async campaignPresets() {
    try {
      return await sendMessage('campaign-presets', {});
    } catch (error) {
      console.warn('Shrtnr: the campaign presets could not be read.', errorText(error));
      return [];
    }
  },
  hasContextMenu: browserFeatures().contextMenus,
  loadMenulessTools: async () => (await import('./menuless-tools')).MenulessTools,
  async shortenSelectionLinks(tab, inPrivate) {
    try {
      return await sendMessage('selection-links', { tab, private: inPrivate });
    } catch (error) {
      console.warn('Shrtnr: the links of the selection could not be shortened.', errorText(error));
      return undefined;
    }
  },
  saveFile: saveDownload,
  openSettings() {
    void browser.runtime.openOptionsPage().then(() => window.close());
  },
  openHistory: () => openPage('src/history/index.html'),
  openList: () => openPage('src/list/index.html'),
  hasShareSheet,
  openShareSheet,
  // tabs.create, not window.open: the destination gets no opener and no referrer, and no user activation is
  // needed. The browser makes the tab as the call arrives, so the popup closing as it takes the focus loses nothing.
  async openShareTab(url) {
    try {
      await browser.tabs.create({ url });
    } catch (error) {
      return { ok: false, reason: errorText(error) };
    }
    window.close();
    return { ok: true };
  },
  loadShareMenu: async () => (await import('../share/share-menu')).ShareMenu,
  close() {
    window.close();
  },
};
