import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { clipboardPayload } from '../shortening/copy-formats';
import type { AccountChoice, Shortening } from '../shortening/shortening';
import type { CopyFormat } from '../storage/copy-format-setting';
import type { RecentHistory } from '../storage/history-entry';
import { WordsContext } from '../ui/words-context';
import { useEscapeCloses } from './escape-closes';
import { type FirstAttempt, type ReadyAnswer, requestFor } from './first-attempt';
import type { PageLinkOffer, PopupConnector, PopupTab, RequestPage, ShortenAnswer, ShortenProgress, ShortenRequest } from './popup-connector';
import { stateFor, type BulkState, type CopyStatus, type PopupState, type UrlSource } from './popup-state';
import { PopupView } from './popup-view';

/** How many of the latest links the popup lists below its result. */
const RECENT_SHOWN = 3;

function accountsOf(answer: ShortenAnswer | undefined): { list: AccountChoice[]; active: string | undefined } {
  return { list: answer?.accounts ?? [], active: answer?.account };
}

/** Copies the link and says how that went; the mark is what `npm run bench` reads. */
async function copyShortening(connector: PopupConnector, shortening: Shortening, format: CopyFormat): Promise<CopyStatus> {
  const copied = await connector.copy(clipboardPayload(format, shortening));
  if (copied) performance.mark('shrtnr:popup-copied');
  return copied ? 'copied' : 'failed';
}

export interface PopupAppProps {
  connector: PopupConnector;
  firstAttempt: Promise<FirstAttempt>;
  /** The first attempt's answer, if it came before the first render (main.tsx waits a moment for it). */
  ready?: ReadyAnswer | undefined;
}

export function PopupApp({ connector, firstAttempt, ready }: PopupAppProps) {
  const [state, setState] = useState<PopupState>(() => (ready === undefined ? { phase: 'loading', source: 'tab' } : stateFor(ready.answer, ready.request, 'tab')));
  const [recent, setRecent] = useState<RecentHistory | undefined>(undefined);
  const [bulk, setBulk] = useState<BulkState>({ run: undefined, error: undefined, asking: false });
  const [pageLink, setPageLink] = useState<PageLinkOffer | undefined>(undefined);
  const [accounts, setAccounts] = useState<{ list: AccountChoice[]; active: string | undefined }>(() => accountsOf(ready?.answer));
  const tab = useRef<PopupTab | undefined>(undefined);
  // Which shortening the screen belongs to: an answer (or a copy) that comes
  // back after the user started another one must not overwrite it.
  const attempt = useRef(0);
  // The attempt whose Cancel was pressed: its link may still come (its request was under way), but is not copied.
  const cancelled = useRef<number | undefined>(undefined);
  // The attempt during which the user copied something else by hand (a recent link, the page's own, a run's list):
  // its link, when it comes, is not copied over that.
  const copiedByHand = useRef<number | undefined>(undefined);

  // While its link waits for the server's limit, the screen says how long (or behind how many).
  const showProgress = useCallback((mine: number, source: UrlSource, progress: ShortenProgress) => {
    if (mine !== attempt.current) return;
    setState((current) => {
      if (current.phase !== 'loading' && current.phase !== 'waiting') return current;
      return progress.state === 'waiting' ? { phase: 'waiting', source, untilMs: progress.untilMs, ahead: progress.ahead } : { phase: 'loading', source };
    });
  }, []);

  const settle = useCallback(
    async (request: ShortenRequest, source: UrlSource, pending: Promise<ShortenAnswer>) => {
      const mine = attempt.current;
      const answer = await pending;
      if (mine !== attempt.current) return;
      if (answer.accounts !== undefined) setAccounts(accountsOf(answer));
      const next = stateFor(answer, request, source);
      // Shown first, copied next: the user sees the link without waiting for the clipboard.
      setState(next);
      if (next.phase !== 'shortened' || !answer.autoCopy || cancelled.current === mine || copiedByHand.current === mine) return;
      const copy = await copyShortening(connector, next.shortening, next.copyFormat);
      setState((current) => (current.phase === 'shortened' && current.shortening === next.shortening ? { ...current, copy } : current));
    },
    [connector],
  );

  const shortenNow = useCallback(
    (request: ShortenRequest, source: UrlSource, page?: RequestPage) => {
      attempt.current += 1;
      const mine = attempt.current;
      setState({ phase: 'loading', source });
      void settle(request, source, connector.shorten(request, (progress) => showProgress(mine, source, progress), page));
    },
    [connector, settle, showProgress],
  );

  useEffect(() => {
    const mine = attempt.current;
    void firstAttempt.then(({ tab: firstTab, request, answer, progress, pageLink: pageLinks }) => {
      tab.current = firstTab;
      // The tab's page, whatever the user shortens since.
      pageLinks?.listen(setPageLink);
      // The user typed a link before the tab's answer came: theirs wins.
      if (mine !== attempt.current) return;
      if (request === undefined || answer === undefined) {
        setState({ phase: 'failed', error: { kind: 'unreadable-tab' }, request: undefined, source: 'tab' });
        return;
      }
      progress?.listen((report) => showProgress(mine, 'tab', report));
      void settle(request, 'tab', answer);
    });
  }, [firstAttempt, settle, showProgress]);

  // The latest links, below the result: read again whenever a result comes in.
  const shownShortUrl = state.phase === 'shortened' ? state.shortening.shortUrl : undefined;
  useEffect(() => {
    if (state.phase === 'loading' || state.phase === 'waiting') return;
    let current = true;
    void connector.recent(RECENT_SHOWN + 1).then(({ enabled, entries }) => {
      if (current) setRecent({ enabled, entries: entries.filter((entry) => entry.shortUrl !== shownShortUrl).slice(0, RECENT_SHOWN) });
    });
    return () => {
      current = false;
    };
  }, [connector, state.phase, shownShortUrl]);

  // This window's "Shorten all tabs" run, if it has one: it goes on while the popup is closed.
  useEffect(() => {
    connector.watchBulk((update) =>
      setBulk((current) => (update.type === 'run' ? { ...current, run: update.run, error: undefined } : { ...current, error: update.error })),
    );
  }, [connector]);

  const onShortenAllTabs = useCallback(() => {
    setBulk((current) => ({ ...current, error: undefined, asking: true }));
    void connector.shortenAllTabs().then((given) => setBulk((current) => ({ ...current, asking: false, ...(given ? {} : { error: { kind: 'tabs-permission' } }) })));
  }, [connector]);

  useEscapeCloses(connector);

  const copyByHand = useCallback(
    async (text: string) => {
      const during = attempt.current;
      const copied = await connector.copy({ text });
      // Only a copy that landed: one that failed leaves the clipboard to the link on its way.
      if (copied) copiedByHand.current = during;
      return copied;
    },
    [connector],
  );

  // One function for the popup's life: the panel loads once per time it is shown.
  const loadQrPanel = useCallback(() => connector.loadQrPanel(), [connector]);
  const loadBulkPanel = useCallback(() => connector.loadBulkPanel(), [connector]);
  const loadCampaignPanel = useCallback(() => connector.loadCampaignPanel(), [connector]);
  const campaignPresets = useCallback(() => connector.campaignPresets(), [connector]);

  // Another account: the active one from now on, and the address on screen shortened again with it.
  const onSwitchAccount = useCallback(
    async (account: string) => {
      const before = accounts.active;
      setAccounts((current) => ({ ...current, active: account }));
      const switched = await connector.useAccount(account);
      // Not switched (the account went meanwhile): the switcher shows the one still in use.
      if (!switched) setAccounts((current) => ({ ...current, active: before }));
      const request = state.phase === 'shortened' || state.phase === 'failed' ? state.request : undefined;
      if (switched && request !== undefined) shortenNow({ ...request, account, fresh: false }, request.via === 'popup-typed' ? 'typed' : 'tab');
    },
    [accounts.active, connector, shortenNow, state],
  );

  // The page's own short link, its host accepted for the page's: the tab's address shortened again, which now uses it.
  const onUsePageLink = useCallback(async () => {
    const { url, id } = tab.current ?? {};
    const accepted = pageLink?.ask !== undefined && url !== undefined && id !== undefined && (await connector.usePageLinkHost(pageLink.ask));
    if (accepted) shortenNow(requestFor(url, 'tab', tab.current, false), 'tab', { tab: id, onShortLink: setPageLink });
    return accepted;
  }, [connector, pageLink, shortenNow]);

  const onCopy = useCallback(
    async (format: CopyFormat) => {
      if (state.phase !== 'shortened') return;
      const { shortening } = state;
      const copy = await copyShortening(connector, shortening, format);
      setState((current) => (current.phase === 'shortened' && current.shortening === shortening ? { ...current, copy } : current));
    },
    [connector, state],
  );

  return (
    <WordsContext.Provider value={connector.words}>
      <PopupView
        state={state}
        recent={recent}
        onCopy={(format) => void onCopy(format ?? (state.phase === 'shortened' ? state.copyFormat : 'plain'))}
        onCopyRecent={(entry) => copyByHand(entry.shortUrl)}
        onNewLink={() => state.phase === 'shortened' && shortenNow({ ...state.request, fresh: true }, state.request.via === 'popup-typed' ? 'typed' : 'tab')}
        onCancel={() => {
          cancelled.current = attempt.current;
          connector.cancelShortening();
        }}
        onRetry={() => state.phase === 'failed' && state.request !== undefined && shortenNow(state.request, state.source)}
        onShortenTyped={(url) => shortenNow(requestFor(url, 'typed', tab.current, false), 'typed')}
        onSaveFile={(fileName, data) => connector.saveFile(fileName, data)}
        onLoadQr={loadQrPanel}
        campaign={{
          load: loadCampaignPanel,
          presets: campaignPresets,
          // The shown link's address again, tagged: its own short link.
          onApply: (campaign) => state.phase === 'shortened' && shortenNow({ ...state.request, campaign, fresh: false }, state.request.via === 'popup-typed' ? 'typed' : 'tab'),
        }}
        onOpenSettings={() => connector.openSettings()}
        onOpenHistory={() => connector.openHistory()}
        bulk={bulk}
        onShortenAllTabs={onShortenAllTabs}
        onCancelBulk={() => connector.cancelBulk()}
        onDismissBulk={() => connector.dismissBulk()}
        onCopyText={copyByHand}
        onLoadBulkPanel={loadBulkPanel}
        pageLink={pageLink}
        onCopyPageLink={() => (pageLink === undefined ? Promise.resolve(false) : copyByHand(pageLink.shortUrl))}
        onUsePageLink={onUsePageLink}
        accounts={{ accounts: accounts.list, active: accounts.active, onSwitch: (account) => void onSwitchAccount(account), busy: state.phase === 'loading' || state.phase === 'waiting' }}
      />
    </WordsContext.Provider>
  );
}
