import { useEffect, useState } from 'preact/hooks';
import type { RecentHistory } from '../storage/history-entry';
import { WordsContext } from '../ui/words-context';
import { useEscapeCloses } from './escape-closes';
import type { FirstAttempt, ReadyAnswer } from './first-attempt';
import type { PopupConnector } from './popup-connector';
import { bulkStart, cancel, copy, initialPopup, newLink, retry, switchAccount, tagged, typed, type Popup } from './popup-machine';
import { popupStore } from './popup-store';
import { PopupView } from './popup-view';

/** The selection's links of the popup's tab, where the browser said which tab that is (a page of its own it did not). */
const selectionOf = (connector: PopupConnector, tab: Popup['tab']) => {
  const id = tab?.id;
  return id === undefined || tab?.url === undefined ? undefined : () => connector.shortenSelectionLinks(id, tab.private);
};

/** How many of the latest links the popup lists below its result. */
const RECENT_SHOWN = 3;

export interface PopupAppProps {
  connector: PopupConnector;
  firstAttempt: Promise<FirstAttempt>;
  /** The first attempt's answer, if it came before the first render (main.tsx waits a moment for it). */
  ready?: ReadyAnswer | undefined;
}

/** The popup's state (popup-machine.ts) rendered; its store runs what it asks of the connector. */
export function PopupApp({ connector, firstAttempt, ready }: PopupAppProps) {
  const [popup, setPopup] = useState(() => initialPopup(ready));
  const [store] = useState(() => popupStore(connector, popup, setPopup));
  const [recent, setRecent] = useState<RecentHistory | undefined>(undefined);
  const { screen } = popup;
  const { act } = store;

  useEffect(() => store.start(firstAttempt), [store, firstAttempt]);

  // The latest links, below the result: read again whenever a result comes in.
  const shownShortUrl = screen.phase === 'shortened' ? screen.shortening.shortUrl : undefined;
  useEffect(() => {
    if (screen.phase === 'loading' || screen.phase === 'waiting') return;
    let current = true;
    void connector.recent(RECENT_SHOWN + 1).then(({ enabled, entries }) => {
      if (current) setRecent({ enabled, entries: entries.filter((entry) => entry.shortUrl !== shownShortUrl).slice(0, RECENT_SHOWN) });
    });
    return () => {
      current = false;
    };
  }, [connector, screen.phase, shownShortUrl]);

  useEscapeCloses(connector);

  return (
    <WordsContext.Provider value={connector.words}>
      <PopupView
        state={screen}
        recent={recent}
        onCopy={(format) => act(copy, format)}
        onNewLink={() => act(newLink)}
        onCancel={() => act(cancel)}
        onRetry={() => act(retry)}
        onShortenTyped={(url) => act(typed, url)}
        // The connector's own functions, the same for the popup's life: each panel loads once per time it is shown.
        onSaveFile={connector.saveFile}
        onLoadQr={connector.loadQrPanel}
        campaign={{ load: connector.loadCampaignPanel, presets: connector.campaignPresets, onApply: (campaign) => act(tagged, campaign) }}
        share={connector}
        onOpenSettings={connector.openSettings}
        onOpenHistory={connector.openHistory}
        onOpenList={connector.openList}
        bulk={popup.bulk}
        onShortenAllTabs={() => act(bulkStart)}
        onCancelBulk={connector.cancelBulk}
        onDismissBulk={connector.dismissBulk}
        onCopyText={store.copyByHand}
        onLoadBulkPanel={connector.loadBulkPanel}
        pageLink={popup.pageLink}
        onUsePageLink={store.usePageLink}
        accounts={{ accounts: popup.accounts, active: popup.active, onSwitch: (account) => act(switchAccount, account) }}
        menuless={connector.hasContextMenu ? undefined : { load: connector.loadMenulessTools, onShortenSelection: selectionOf(connector, popup.tab) }}
      />
    </WordsContext.Provider>
  );
}
