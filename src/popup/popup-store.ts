import type { FirstAttempt } from './first-attempt';
import type { PopupConnector } from './popup-connector';
import { answered, bulkHeard, handCopied, pageLinkAccepted, pageLinkHeard, progressed, tabKnown, type Act, type Popup } from './popup-machine';

export interface PopupStore {
  /** Plays an event of popup-machine.ts on the popup. */
  act: Act;
  /** Hears the first attempt (started before the first render) and the window's tabs run. Once per popup. */
  start(firstAttempt: Promise<FirstAttempt>): void;
  /** Copies what the user chose by hand; the link on its way is then not copied over it. */
  copyByHand(text: string): Promise<boolean>;
  /** Accepts the page's own link's host for the page's, and has the tab's address shortened again with it. */
  usePageLink(): Promise<boolean>;
}

/** Holds the popup's state (popup-machine.ts), tells `onChange` of each new one, and runs its effects through the connector. */
export function popupStore(connector: PopupConnector, initial: Popup, onChange: (popup: Popup) => void): PopupStore {
  let popup = initial;
  const act: Act = (event, ...args) => {
    const [next, effect] = event(popup, ...args);
    // The same popup again renders nothing: Preact skips a state set to what it holds.
    popup = next;
    onChange(next);
    effect?.(connector, act);
  };
  return {
    act,
    start(firstAttempt) {
      void firstAttempt.then(({ tab, request, answer, progress, pageLink }) => {
        // The tab's page, whatever the user shortens since.
        pageLink?.listen((offer) => act(pageLinkHeard, offer));
        act(tabKnown, tab, request !== undefined);
        progress?.listen((report) => act(progressed, 0, report));
        if (request !== undefined) void answer?.then((settled) => act(answered, 0, request, settled));
      });
      // This window's "Shorten all tabs" run, if it has one: it goes on while the popup is closed.
      connector.watchBulk((update) => act(bulkHeard, update));
    },
    async copyByHand(text) {
      const during = popup.attempt;
      // Only a copy that landed: one that failed leaves the clipboard to the link on its way.
      const done = await connector.copy({ text }, { byHand: true });
      if (done) act(handCopied, during);
      return done;
    },
    async usePageLink() {
      // Offered for the popup's own tab only: its address and id are known.
      const ask = popup.pageLink?.ask;
      const accepted = ask !== undefined && (await connector.usePageLinkHost(ask));
      if (accepted) act(pageLinkAccepted);
      return accepted;
    },
  };
}
