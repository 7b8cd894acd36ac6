import { BULK_PORT_NAME, type BulkToPopup, type PopupToBulk } from '../messages/bulk-port';
import { browser, type Runtime } from '../platform/browser';
import { askForBulkRun, bulkPermissionRefused, cancelBulkRun, dismissBulkRun, watchBulkRun } from './bulk-runs';

/** Answers the popup's "Shorten all tabs" port (src/messages/bulk-port.ts): the window's run after every change. */
export function onBulkPort(port: Runtime.Port): void {
  // Only this extension's own pages may ask anything of it.
  if (port.name !== BULK_PORT_NAME || port.sender?.id !== browser.runtime.id) return;
  let windowId: number | undefined;
  let unwatch: (() => void) | undefined;
  let connected = true;
  const post = (message: BulkToPopup) => {
    if (connected) port.postMessage(message);
  };
  port.onDisconnect.addListener(() => {
    connected = false;
    unwatch?.();
  });
  port.onMessage.addListener((message: unknown) => {
    const received = message as Partial<PopupToBulk> | null;
    if (received?.type === 'watch' || received?.type === 'start') {
      if (typeof received.windowId !== 'number') return;
      if (received.windowId !== windowId) {
        unwatch?.();
        windowId = received.windowId;
        unwatch = watchBulkRun(windowId, (run) => post({ type: 'run', run }));
      }
      if (received.type === 'start') {
        void askForBulkRun(windowId).then((started) => {
          if (started?.ok === false) post({ type: 'not-started', error: started.error });
        });
      }
    } else if (received?.type === 'refused') void bulkPermissionRefused();
    else if (windowId !== undefined && received?.type === 'cancel') void cancelBulkRun(windowId);
    else if (windowId !== undefined && received?.type === 'dismiss') void dismissBulkRun(windowId);
  });
}
