import type { BulkToPopup } from '../messages/bulk-port';
import type { AccountChoice, Shortening } from '../shortening/shortening';
import type { Campaign } from '../storage/campaign';
import type { CopyFormat } from '../storage/copy-format-setting';
import { clipboardPayload } from '../shortening/copy-formats';
import { requestFor, type ReadyAnswer } from './first-attempt';
import type { PageLinkOffer, PopupConnector, PopupTab, ShortenAnswer, ShortenProgress, ShortenRequest } from './popup-connector';
import { stateFor, type BulkState, type CopyStatus, type PopupState } from './popup-state';

// The popup as a value, and what changes it as events: pure, so each race is
// a sequence of events a test can play (popup-machine.test.ts). The view
// renders the value; popup-store.ts runs the effects through the connector.

export interface Popup {
  /** What the result shows. */
  screen: PopupState;
  /** The attempt the screen belongs to: an answer, progress or copy for an older one changes nothing. */
  attempt: number;
  /** The attempt whose Cancel was pressed: its link may still come (its request was under way), but is not copied. */
  cancelled?: number;
  /** The attempt during which the user copied something else by hand (a recent link, the page's own, a run's list): its link, when it comes, is not copied over that. */
  copiedByHand?: number;
  /** The tab the popup was opened on, once known. */
  tab?: PopupTab | undefined;
  /** The tab's page's own short link: it may come after the answer, whatever the user shortens since. */
  pageLink?: PageLinkOffer | undefined;
  /** The accounts, as the latest answer named them, and the one in use. */
  accounts: AccountChoice[];
  active: string | undefined;
  bulk: BulkState;
}

/** Plays an event on the popup as it stands then. */
export type Act = <Args extends unknown[]>(event: (popup: Popup, ...args: Args) => Step, ...args: Args) => void;
/** What an event asks of the connector, and the events its answers are. */
export type PopupEffect = (connector: PopupConnector, act: Act) => void;
export type Step = [Popup, PopupEffect?];

const accountsOf = (answer: ShortenAnswer | undefined) => ({ accounts: answer?.accounts ?? [], active: answer?.account });
const sourceOf = (request: ShortenRequest) => (request.via === 'popup-typed' ? 'typed' : 'tab');

/** The popup before anything is heard, or with the first attempt's answer when it came before the first render. */
export function initialPopup(ready: ReadyAnswer | undefined): Popup {
  return {
    screen: ready === undefined ? { phase: 'loading', source: 'tab' } : stateFor(ready.answer, ready.request, 'tab'),
    attempt: 0,
    ...accountsOf(ready?.answer),
    bulk: { asking: false },
  };
}

/** A new attempt: the screen is its from now on. */
function newAttempt(popup: Popup, request: ShortenRequest, page?: number): Step {
  const attempt = popup.attempt + 1;
  const next: Popup = { ...popup, attempt, screen: { phase: 'loading', source: sourceOf(request) } };
  return [
    next,
    (connector, act) =>
      void connector
        .shorten(request, (progress) => act(progressed, attempt, progress), page === undefined ? undefined : { tab: page, onShortLink: (offer) => act(pageLinkHeard, offer) })
        .then((answer) => act(answered, attempt, request, answer)),
  ];
}

/** The shown link's address again, changed: another account, a campaign, a new link. */
function again(popup: Popup, change: Partial<ShortenRequest>): Step {
  const { screen } = popup;
  return screen.phase === 'shortened' ? newAttempt(popup, { ...screen.request, ...change }) : [popup];
}

// Each event, as a pure function of the popup: the new popup, and what it asks of the connector.

/** The first attempt's tab is known (main.tsx started it before the first render); `readable`: the browser revealed its address. */
export function tabKnown(popup: Popup, tab: PopupTab | undefined, readable: boolean): Step {
  const known = { ...popup, tab };
  // The user typed a link before the tab's answer came: theirs wins.
  return [popup.attempt !== 0 || readable ? known : { ...known, screen: { phase: 'failed', error: { kind: 'unreadable-tab' }, request: undefined, source: 'tab' } }];
}

export function progressed(popup: Popup, attempt: number, progress: ShortenProgress): Step {
  const { screen } = popup;
  if (attempt !== popup.attempt || (screen.phase !== 'loading' && screen.phase !== 'waiting')) return [popup];
  const { source } = screen;
  return [{ ...popup, screen: progress.state === 'waiting' ? { phase: 'waiting', source, untilMs: progress.untilMs, ahead: progress.ahead, forNetwork: progress.forNetwork === true } : { phase: 'loading', source } }];
}

export function answered(popup: Popup, attempt: number, request: ShortenRequest, answer: ShortenAnswer): Step {
  if (attempt !== popup.attempt) return [popup];
  const screen = stateFor(answer, request, sourceOf(request));
  const next = { ...popup, screen, ...(answer.accounts === undefined ? {} : accountsOf(answer)) };
  // Shown first, copied next: the user sees the link without waiting for the clipboard.
  if (screen.phase !== 'shortened' || !answer.autoCopy || popup.cancelled === attempt || popup.copiedByHand === attempt) return [next];
  return [next, copying(screen.shortening, screen.copyFormat, false)];
}

/** Copies the shown link, as the answer said (the worker knows of it) or by hand (Copy pressed); the mark is what `npm run bench` reads. */
const copying =
  (shortening: Shortening, format: CopyFormat, byHand: boolean): PopupEffect =>
  (connector, act) =>
    void connector.copy(clipboardPayload(format, shortening), { byHand }).then((done) => {
      if (done) performance.mark('shrtnr:popup-copied');
      act(copied, shortening, done ? 'copied' : 'failed');
    });

/** A copy of the shown link ended: said only beside the link it copied, not one that came since. */
export function copied(popup: Popup, shortening: Shortening, status: CopyStatus): Step {
  const { screen } = popup;
  return [screen.phase === 'shortened' && screen.shortening === shortening ? { ...popup, screen: { ...screen, copy: status } } : popup];
}

/** Something copied by hand landed on the clipboard; `attempt` is the one under way when the copy was asked for. */
export const handCopied = (popup: Popup, attempt: number): Step => [{ ...popup, copiedByHand: attempt }];

export const typed = (popup: Popup, url: string): Step => newAttempt(popup, requestFor(url, 'typed', popup.tab));

export function retry(popup: Popup): Step {
  const { screen } = popup;
  return screen.phase === 'failed' && screen.request !== undefined ? newAttempt(popup, screen.request) : [popup];
}

export const newLink = (popup: Popup): Step => again(popup, { fresh: true });

export const tagged = (popup: Popup, campaign: Campaign): Step => again(popup, { campaign, fresh: false });

export const cancel = (popup: Popup): Step => [{ ...popup, cancelled: popup.attempt }, (connector) => connector.cancelShortening()];

/** Copy pressed: in the format chosen, or else the settings'. */
export function copy(popup: Popup, format?: CopyFormat): Step {
  const { screen } = popup;
  return screen.phase === 'shortened' ? [popup, copying(screen.shortening, format ?? screen.copyFormat, true)] : [popup];
}

/** Another account chosen: shown at once, made the active one by the worker. */
export function switchAccount(popup: Popup, account: string): Step {
  const { active: before, attempt } = popup;
  return [{ ...popup, active: account }, (connector, act) => void connector.useAccount(account).then((ok) => act(switched, ok, account, before, attempt))];
}

/** The worker's word on a switch from `before` to `account`; `attempt` is the one on screen when the user chose. */
export function switched(popup: Popup, ok: boolean, account: string, before: string | undefined, attempt: number): Step {
  const { screen } = popup;
  // Not switched (the account went meanwhile): the switcher shows the one still in use.
  if (!ok) return [{ ...popup, active: before }];
  // Switched: the address on screen shortened again with it, unless the user has started another link since.
  const shown = screen.phase === 'shortened' || screen.phase === 'failed' ? screen.request : undefined;
  return attempt === popup.attempt && shown !== undefined ? newAttempt(popup, { ...shown, account, fresh: false }) : [popup];
}

export const pageLinkHeard = (popup: Popup, pageLink: PageLinkOffer): Step => [{ ...popup, pageLink }];

/** The page's own link's host was accepted: the tab's address shortened again, its page read again (the worker decides whether its link may be used). */
export function pageLinkAccepted(popup: Popup): Step {
  const { tab } = popup;
  return tab?.url === undefined || tab.id === undefined ? [popup] : newAttempt(popup, requestFor(tab.url, 'tab', tab), tab.id);
}

export const bulkHeard = (popup: Popup, update: BulkToPopup): Step => [
  { ...popup, bulk: update.type === 'run' ? { ...popup.bulk, run: update.run, error: undefined } : { ...popup.bulk, error: update.error } },
];

export const bulkStart = (popup: Popup): Step => [
  { ...popup, bulk: { ...popup.bulk, error: undefined, asking: true } },
  (connector, act) => void connector.shortenAllTabs().then((given) => act(bulkAsked, given)),
];

export const bulkAsked = (popup: Popup, given: boolean): Step => [{ ...popup, bulk: { ...popup.bulk, asking: false, ...(given ? {} : { error: { kind: 'tabs-permission' } }) } }];
