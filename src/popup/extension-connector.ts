import { browser } from '../platform/browser';
import { openBulkPort, type BulkToPopup, type PopupToBulk } from '../messages/bulk-port';
import { TABS_PERMISSION } from '../platform/tabs-permission';
import type { PortEnd } from '../messages/ports';
import { openShortenPort, type PopupToWorker, type WorkerToPopup } from '../messages/shorten-port';
import { sendMessage } from '../messages/messaging';
import { writeClipboard } from '../platform/clipboard';
import { browserWords } from '../platform/i18n';
import { saveDownload } from '../ui/save-download';
import type { BulkPanelComponent } from './bulk-panel';
import { relay } from './relay';
import type { PopupConnector, ShortenAnswer } from './popup-connector';

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));
const internalAnswer = (detail: string): ShortenAnswer => ({ result: { ok: false, error: { kind: 'internal', detail } }, autoCopy: false, copyFormat: 'plain' });

// The newest shortening's port: Cancel is for the one on screen.
let newestPort: PortEnd<PopupToWorker, WorkerToPopup> | undefined;

// "Shorten all tabs": one port for the popup's life, about the popup's own window.
let bulkPort: PortEnd<PopupToBulk, BulkToPopup> | undefined;
let windowId: number | undefined;
// The popup's own window: asked once, beside its tab, on the way to the first answer.
let popupWindow: Promise<{ id: number | undefined; incognito: boolean }> | undefined;
const ownWindowDetails = () =>
  (popupWindow ??= browser.windows.getCurrent().then((window) => {
    windowId = window.id;
    return { id: window.id, incognito: window.incognito };
  }));
const ownWindow = async (): Promise<number | undefined> => (await ownWindowDetails()).id;
const MAX_BULK_RECONNECTS = 4;
// The window's run as the worker last told it, kept until the view listens (it is asked for before the first render).
const bulkUpdates = relay<BulkToPopup>();
let watchingBulk = false;
// The run's panel: a chunk of its own, fetched as soon as a run is heard of (not after the render that needs it);
// import() fetches a module once, however often it is asked for.
const bulkPanel = async (): Promise<BulkPanelComponent> => (await import('./bulk-panel')).BulkPanel;

// Messages still waiting for the window: one sent later waits behind them, or a quick `refused` would overtake its `start`.
let waitingForWindow = 0;

/** Sends at once when the window is known (as it is a moment after the popup opens) and nothing waits for it, else in turn. */
function toBulk(message: PopupToBulk | ((windowId: number) => PopupToBulk)): void {
  // Between a worker's stop and the reconnection nothing is sent: the next `watch` gives the run as it stands.
  const send = (id: number | undefined) => {
    if (id !== undefined) bulkPort?.post(typeof message === 'function' ? message(id) : message);
  };
  if (windowId !== undefined && waitingForWindow === 0) {
    send(windowId);
    return;
  }
  waitingForWindow += 1;
  void ownWindow().then((id) => {
    waitingForWindow -= 1;
    send(id);
  });
}

/**
 * Follows this window's run from now on (once per popup): main.tsx starts it beside the first attempt, so the
 * run, and its panel's chunk, are on their way while the first render waits for the link.
 */
export function watchWindowRun(): void {
  if (watchingBulk) return;
  watchingBulk = true;
  let reconnects = 0;
  const connect = () => {
    try {
      bulkPort = openBulkPort();
    } catch (error) {
      console.warn('Shrtnr: the background worker could not be reached.', describe(error));
      return;
    }
    bulkPort.onMessage((message) => {
      reconnects = 0;
      if (message.type === 'run' && message.run !== undefined) void bulkPanel().catch(() => undefined);
      bulkUpdates.report(message);
    });
    // The worker stopped (its run goes on in the next one): follow the run there. A few tries, not a loop.
    bulkPort.onClose(() => {
      bulkPort = undefined;
      if (reconnects < MAX_BULK_RECONNECTS) window.setTimeout(connect, 200 * 2 ** reconnects++);
    });
    toBulk((id) => ({ type: 'watch', windowId: id }));
  };
  connect();
}

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
        resolve(internalAnswer(describe(error)));
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
        console.warn('Shrtnr: the tabs permission could not be asked for.', describe(error));
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
      console.warn('Shrtnr: the account could not be switched.', describe(error));
      return false;
    }
  },
  async usePageLinkHost(hosts) {
    try {
      return await sendMessage('use-page-link-host', hosts);
    } catch (error) {
      console.warn('Shrtnr: the short link host could not be accepted.', describe(error));
      return false;
    }
  },
  async campaignPresets() {
    try {
      return await sendMessage('campaign-presets', {});
    } catch (error) {
      console.warn('Shrtnr: the campaign presets could not be read.', describe(error));
      return [];
    }
  },
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
