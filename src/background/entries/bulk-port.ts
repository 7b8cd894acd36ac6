import { serveBulkPort } from '../../messages/bulk-port-server';
import type { Runtime } from '../../platform/browser';
import { tabsBook } from '../runs/tabs-book';
import { askForBulkRun, bulkPermissionRefused } from '../runs/run-wish';
import { cancelBulkRun, dismissBulkRun } from '../runs/tabs-runs';

/** Answers the popup's "Shorten all tabs" port (src/messages/bulk-port.ts): the window's run after every change. */
export function onBulkPort(port: Runtime.Port): void {
  serveBulkPort(port, (popup) => {
    let windowId: number | undefined;
    let unwatch: (() => void) | undefined;
    popup.onClose(() => unwatch?.());
    popup.onMessage((message) => {
      switch (message.type) {
        case 'watch':
        case 'start':
          if (message.windowId !== windowId) {
            unwatch?.();
            windowId = message.windowId;
            unwatch = tabsBook.watch(windowId, (run) => popup.post({ type: 'run', run }));
          }
          if (message.type === 'start') {
            void askForBulkRun(windowId).then((started) => {
              if (started?.ok === false) popup.post({ type: 'not-started', error: started.error });
            });
          }
          return;
        case 'refused':
          void bulkPermissionRefused();
          return;
        case 'cancel':
          if (windowId !== undefined) void cancelBulkRun(windowId);
          return;
        case 'dismiss':
          if (windowId !== undefined) void dismissBulkRun(windowId);
      }
    });
  });
}
