import { errorText } from '../platform/error-text';
import { ownWindow as ownWindowOfThisPage } from '../platform/features';
import { openBulkPort, type BulkToPopup, type PopupToBulk } from '../messages/bulk-port';
import type { PortEnd } from '../messages/ports';
import type { BulkPanelComponent } from './bulk-panel';
import { relay } from './relay';

// "Shorten all tabs" from the popup: one port for the popup's life, about the popup's own window.

let bulkPort: PortEnd<PopupToBulk, BulkToPopup> | undefined;
let windowId: number | undefined;
// The popup's own window: asked once, beside its tab, on the way to the first answer.
let popupWindow: Promise<{ id: number | undefined; incognito: boolean }> | undefined;
export const ownWindowDetails = () =>
  (popupWindow ??= ownWindowOfThisPage().then((window) => {
    windowId = window.id;
    return window;
  }));
const ownWindow = async (): Promise<number | undefined> => (await ownWindowDetails()).id;
const MAX_BULK_RECONNECTS = 4;
// The window's run as the worker last told it, kept until the view listens (it is asked for before the first render).
export const bulkUpdates = relay<BulkToPopup>();
let watchingBulk = false;
// The run's panel: a chunk of its own, fetched as soon as a run is heard of (not after the render that needs it);
// import() fetches a module once, however often it is asked for.
export const bulkPanel = async (): Promise<BulkPanelComponent> => (await import('./bulk-panel')).BulkPanel;

// Messages still waiting for the window: one sent later waits behind them, or a quick `refused` would overtake its `start`.
let waitingForWindow = 0;

/** Sends at once when the window is known (as it is a moment after the popup opens) and nothing waits for it, else in turn. */
export function toBulk(message: PopupToBulk | ((windowId: number) => PopupToBulk)): void {
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
      console.warn('Shrtnr: the background worker could not be reached.', errorText(error));
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
