import { openListPort, type ListToPage, type PageToList } from '../messages/list-port';
import type { PortEnd } from '../messages/ports';
import { browser } from '../platform/browser';
import { copyByHand } from '../messages/hand-copy';
import { errorText } from '../platform/error-text';
import { browserWords } from '../platform/i18n';
import { saveDownload } from '../ui/save-download';
import type { ListConnector } from './list-connector';

// The list page's one port to the worker, for the page's life.
let port: PortEnd<PageToList, ListToPage> | undefined;
/**
 * A plan or a start not yet answered: sent again once the port is back after
 * the worker stopped (a message posted as it stopped may never have arrived;
 * twice is harmless: a plan sends nothing, and a list runs one at a time).
 */
let unanswered: { plan?: PageToList & { type: 'plan' }; start?: PageToList & { type: 'start' } } = {};
const MAX_RECONNECTS = 5;
/** This page load, as the worker knows it on every port: its own list's run is followed as its own (list-port.ts). */
const PAGE_ID = crypto.randomUUID();

function post(message: PageToList): void {
  if (message.type === 'plan') unanswered.plan = message;
  if (message.type === 'start') unanswered.start = message;
  port?.post(message);
}

/** Whether the message answers a plan or a start still waiting (another page's run answers neither). */
function answered(message: ListToPage): void {
  if (message.type === 'plan' || (message.type === 'not-started' && message.ask !== undefined)) {
    if (unanswered.plan?.ask === message.ask) delete unanswered.plan;
  } else if (message.type === 'not-started' || ((message.type === 'progress' || message.type === 'ended') && message.own)) delete unanswered.start;
}

export const extensionConnector: ListConnector = {
  words: browserWords(),
  connect(listener, onLost) {
    let reconnects = 0;
    const open = () => {
      try {
        port = openListPort();
      } catch (error) {
        console.warn('Shrtnr: the background worker could not be reached.', errorText(error));
        onLost();
        return;
      }
      port.onMessage((message) => {
        reconnects = 0;
        answered(message);
        listener(message);
      });
      // The worker stopped (the run goes on in the next one): follow it there. A few tries, not a loop.
      port.onClose(() => {
        port = undefined;
        if (reconnects < MAX_RECONNECTS) window.setTimeout(open, 200 * 2 ** reconnects++);
        else onLost();
      });
      port.post({ type: 'watch', page: PAGE_ID });
      for (const message of [unanswered.plan, unanswered.start]) if (message !== undefined) port.post(message);
    };
    unanswered = {};
    open();
  },
  plan: (ask, addresses) => post({ type: 'plan', ask, addresses }),
  start: (addresses, places) => post({ type: 'start', addresses, places }),
  pause: () => post({ type: 'pause' }),
  resume: () => post({ type: 'resume' }),
  cancel: () => post({ type: 'cancel' }),
  dismiss: () => post({ type: 'dismiss' }),
  async copy(text) {
    try {
      // Every copy here is the user's, by hand.
      await copyByHand({ text });
      return true;
    } catch (error) {
      console.warn('Shrtnr: copying from the list page failed.', errorText(error));
      return false;
    }
  },
  saveFile: saveDownload,
  openSettings() {
    void browser.runtime.openOptionsPage();
  },
};
