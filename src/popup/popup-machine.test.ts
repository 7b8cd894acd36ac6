// The popup's machine (popup-machine.ts), event by event, without Preact: each
// race the popup has met, played as the events that make it, in the order that
// makes it. What a step asks of the connector is read by running its effect
// against one that records each call and never answers: the answers are
// events the test plays itself, when it chooses.
import { describe, expect, it } from 'vitest';
import type { PopupConnector, PopupTab, ShortenAnswer, ShortenRequest } from './popup-connector';
import {
  answered,
  bulkAsked,
  bulkHeard,
  bulkStart,
  cancel,
  copied,
  copy,
  handCopied,
  initialPopup,
  newLink,
  pageLinkAccepted,
  pageLinkHeard,
  progressed,
  retry,
  switchAccount,
  switched,
  tabKnown,
  tagged,
  typed,
  type Popup,
  type Step,
} from './popup-machine';

const TAB: PopupTab = { url: 'https://example.com/article', title: 'An article', id: 7, private: false };
const TAB_REQUEST: ShortenRequest = { url: TAB.url as string, via: 'popup-tab', title: 'An article', private: false, fresh: false };
const TYPED_URL = 'https://typed.example/page';
const TYPED_REQUEST: ShortenRequest = { url: TYPED_URL, via: 'popup-typed', private: false, fresh: false };
const TWO = [
  { id: 'account-1', name: 'Team' },
  { id: 'account-own', name: 'Own links' },
];

/** The worker's answer: `longUrl` made into `shortUrl`. */
function linkAnswer(longUrl: string, shortUrl: string, autoCopy = true, more: Partial<ShortenAnswer> = {}): ShortenAnswer {
  return { result: { ok: true, value: { shortUrl, longUrl, used: 1, fromHistory: false, removedParams: [], secretParams: [] } }, autoCopy, copyFormat: 'plain', ...more };
}
const TAB_ANSWER = linkAnswer(TAB.url as string, 'https://shrtnr.co/Tab1');
const TYPED_ANSWER = linkAnswer(TYPED_URL, 'https://shrtnr.co/Typed1');

/** What a step asks of the connector: each call, with its arguments. */
function asks([, effect]: Step): unknown[][] {
  const calls: unknown[][] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push([name, ...args]);
      return new Promise(() => undefined);
    };
  const connector = { shorten: record('shorten'), copy: record('copy'), cancelShortening: record('cancelShortening'), useAccount: record('useAccount'), shortenAllTabs: record('shortenAllTabs') };
  effect?.(connector as unknown as PopupConnector, () => {
    throw new Error('No answer comes in these tests: the test plays it.');
  });
  return calls;
}

/** The popup once its tab is known, the first attempt (attempt 0) on its way. */
const tabKnownPopup = (): Popup => tabKnown(initialPopup(undefined), TAB, true)[0];

/** The popup with the tab's link shown (copied, or not with auto-copy off). */
const tabLinkShown = (autoCopy = true): Popup => answered(tabKnownPopup(), 0, TAB_REQUEST, { ...TAB_ANSWER, autoCopy })[0];

const shownLink = (popup: Popup) => (popup.screen.phase === 'shortened' ? popup.screen.shortening.shortUrl : undefined);

/** The link on screen, as the copy effect names it. */
function shortening(popup: Popup) {
  if (popup.screen.phase !== 'shortened') throw new Error(`No link on screen: ${popup.screen.phase}.`);
  return popup.screen.shortening;
}

describe("the popup's attempt, event by event", () => {
  it('the first attempt: loading until its answer, which is shown and then copied; the copy is said beside it', () => {
    const loading = tabKnownPopup();
    expect(loading.screen).toEqual({ phase: 'loading', source: 'tab' });
    const step = answered(loading, 0, TAB_REQUEST, TAB_ANSWER);
    expect(shownLink(step[0])).toBe('https://shrtnr.co/Tab1');
    expect(asks(step)).toEqual([['copy', { text: 'https://shrtnr.co/Tab1' }, { byHand: false }]]);
    expect(copied(step[0], shortening(step[0]), 'copied')[0].screen).toMatchObject({ phase: 'shortened', copy: 'copied' });
    expect(copied(step[0], shortening(step[0]), 'failed')[0].screen).toMatchObject({ phase: 'shortened', copy: 'failed' });
  });

  it('with auto-copy off, the link is shown and nothing copied until Copy, in the format chosen', () => {
    const shown = tabLinkShown(false);
    expect(shown.screen).toMatchObject({ phase: 'shortened', copy: 'manual' });
    expect(asks(answered(tabKnownPopup(), 0, TAB_REQUEST, { ...TAB_ANSWER, autoCopy: false }))).toEqual([]);
    expect(asks(copy(shown, 'markdown'))).toEqual([['copy', { text: `[${TAB.url}](https://shrtnr.co/Tab1)` }, { byHand: true }]]);
    expect(asks(copy(shown))).toEqual([['copy', { text: 'https://shrtnr.co/Tab1' }, { byHand: true }]]);
  });

  it('a late answer: the answer of an attempt the user replaced (a link typed meanwhile) changes nothing, and copies nothing', () => {
    const [typing] = typed(tabKnownPopup(), TYPED_URL);
    const [late, effect] = answered(typing, 0, TAB_REQUEST, { ...TAB_ANSWER, accounts: TWO, account: 'account-own' });
    expect(late).toBe(typing);
    expect(effect).toBeUndefined();
    expect(late.screen).toEqual({ phase: 'loading', source: 'typed' });
  });

  it('late progress: a replaced attempt\'s, or one heard once the link is shown (a relay replays the last), changes nothing', () => {
    const [typing] = typed(tabKnownPopup(), TYPED_URL);
    expect(progressed(typing, 0, { state: 'waiting', ahead: 2 })[0]).toBe(typing);
    const waiting = progressed(typing, 1, { state: 'waiting', ahead: 2 })[0];
    expect(waiting.screen).toEqual({ phase: 'waiting', source: 'typed', untilMs: undefined, ahead: 2, forNetwork: false });
    expect(progressed(waiting, 1, { state: 'sending' })[0].screen).toEqual({ phase: 'loading', source: 'typed' });

    const shown = tabLinkShown();
    expect(progressed(shown, 0, { state: 'sending' })[0]).toBe(shown);
  });

  it('a late copy: one that ends after another link came is not said beside that link', () => {
    const shown = tabLinkShown();
    const [typing] = typed(shown, TYPED_URL);
    const [typedShown] = answered(typing, 1, TYPED_REQUEST, { ...TYPED_ANSWER, autoCopy: false });
    expect(copied(typing, shortening(shown), 'copied')[0]).toBe(typing);
    expect(copied(typedShown, shortening(shown), 'copied')[0]).toBe(typedShown);
    expect(typedShown.screen).toMatchObject({ copy: 'manual' });
  });

  it('Cancel pressed as the request went out: the link that still comes is shown, not copied; the next attempt copies again', () => {
    const [waiting] = progressed(tabKnownPopup(), 0, { state: 'waiting', ahead: 0, untilMs: 5_000 });
    const cancelled = cancel(waiting);
    expect(asks(cancelled)).toEqual([['cancelShortening']]);
    const late = answered(cancelled[0], 0, TAB_REQUEST, TAB_ANSWER);
    expect(shownLink(late[0])).toBe('https://shrtnr.co/Tab1');
    expect(asks(late)).toEqual([]);

    const [again] = newLink(late[0]);
    expect(asks(answered(again, 1, { ...TAB_REQUEST, fresh: true }, TAB_ANSWER))).toEqual([['copy', { text: 'https://shrtnr.co/Tab1' }, { byHand: false }]]);
  });

  it('a link copied by hand while another was on its way: that one, when it comes, is shown and not copied over it', () => {
    const [typing] = typed(tabLinkShown(), TYPED_URL);
    const [handCopiedMeanwhile] = handCopied(typing, typing.attempt);
    const step = answered(handCopiedMeanwhile, 1, TYPED_REQUEST, TYPED_ANSWER);
    expect(shownLink(step[0])).toBe('https://shrtnr.co/Typed1');
    expect(asks(step)).toEqual([]);
    // Copy pressed: the user asks for it now.
    expect(asks(copy(step[0]))).toEqual([['copy', { text: 'https://shrtnr.co/Typed1' }, { byHand: true }]]);
  });

  it('a hand copy asked for during an earlier attempt, and landing during the next, leaves the next one\'s link to be copied', () => {
    const shown = tabLinkShown();
    const [typing] = typed(shown, TYPED_URL);
    const [landedLate] = handCopied(typing, shown.attempt);
    expect(asks(answered(landedLate, 1, TYPED_REQUEST, TYPED_ANSWER))).toEqual([['copy', { text: 'https://shrtnr.co/Typed1' }, { byHand: false }]]);
  });

  it('a link typed before the tab was known wins: the tab, heard after, changes only what the popup knows of it', () => {
    const typing = typed(initialPopup(undefined), TYPED_URL);
    // A window not known yet counts as private (fails closed): nothing typed there is recorded.
    expect(asks(typing)).toEqual([['shorten', { ...TYPED_REQUEST, private: true }, expect.any(Function), undefined]]);
    expect(asks(answered(typing[0], 0, TAB_REQUEST, TAB_ANSWER))).toEqual([]);
    const [heard] = tabKnown(typing[0], TAB, true);
    expect(heard.screen).toEqual({ phase: 'loading', source: 'typed' });
    expect(heard.tab).toBe(TAB);
    // A tab that hides its address, heard after a typed link: no failure over the typed link.
    expect(tabKnown(typing[0], { private: false }, false)[0].screen).toEqual({ phase: 'loading', source: 'typed' });
  });

  it('a tab whose address the browser hides is said at once, and the next typed link takes the tab\'s window into account', () => {
    const [hidden, effect] = tabKnown(initialPopup(undefined), { private: true }, false);
    expect(hidden.screen).toEqual({ phase: 'failed', error: { kind: 'unreadable-tab' }, request: undefined, source: 'tab' });
    expect(effect).toBeUndefined();
    expect(asks(retry(hidden))).toEqual([]);
    expect(asks(typed(hidden, TYPED_URL))).toEqual([['shorten', { ...TYPED_REQUEST, private: true }, expect.any(Function), undefined]]);
  });

  it('the page\'s own link comes late (after the answer, or during another attempt): it is offered still; its host accepted, the tab\'s address is shortened again, its page read again', () => {
    const offer = { shortUrl: 'https://youtu.be/abc', ask: { page: 'example.com', link: 'youtu.be' } };
    const [typing] = typed(tabLinkShown(), TYPED_URL);
    const [offered] = pageLinkHeard(typing, offer);
    expect(offered.pageLink).toBe(offer);
    expect(offered.screen).toBe(typing.screen);
    const accepted = pageLinkAccepted(offered);
    expect(accepted[0].attempt).toBe(typing.attempt + 1);
    expect(accepted[0].screen).toEqual({ phase: 'loading', source: 'tab' });
    expect(asks(accepted)).toEqual([['shorten', TAB_REQUEST, expect.any(Function), { tab: 7, onShortLink: expect.any(Function) }]]);
  });

  it('an account chosen shows at once; the worker refusing it (the account went meanwhile) brings back the one in use, and shortens nothing again', () => {
    const [shown] = answered(tabKnownPopup(), 0, TAB_REQUEST, { ...TAB_ANSWER, accounts: TWO, account: 'account-1' });
    expect(shown.active).toBe('account-1');
    const chosen = switchAccount(shown, 'account-own');
    expect(chosen[0].active).toBe('account-own');
    expect(asks(chosen)).toEqual([['useAccount', 'account-own']]);
    const refused = switched(chosen[0], false, 'account-own', 'account-1', shown.attempt);
    expect(refused[0].active).toBe('account-1');
    expect(asks(refused)).toEqual([]);
  });

  it('an account switched: the address on screen (a link, or a failure) is shortened again with it', () => {
    const [shown] = answered(tabKnownPopup(), 0, TAB_REQUEST, { ...TAB_ANSWER, accounts: TWO, account: 'account-1' });
    const [chosen] = switchAccount(shown, 'account-own');
    const again = switched(chosen, true, 'account-own', 'account-1', shown.attempt);
    expect(again[0].screen).toEqual({ phase: 'loading', source: 'tab' });
    expect(asks(again)).toEqual([['shorten', { ...TAB_REQUEST, account: 'account-own' }, expect.any(Function), undefined]]);

    const removed: ShortenAnswer = { result: { ok: false, error: { kind: 'active-account-removed', account: 'Old', at: 1 } }, autoCopy: true, copyFormat: 'plain', accounts: TWO };
    const [failed] = answered(tabKnownPopup(), 0, TAB_REQUEST, removed);
    expect(failed.active).toBeUndefined();
    expect(asks(switched(switchAccount(failed, 'account-1')[0], true, 'account-1', undefined, 0))).toEqual([['shorten', { ...TAB_REQUEST, account: 'account-1' }, expect.any(Function), undefined]]);
  });

  it('an account switched after the user started another link: that link stays on screen, on its way or shown, and nothing is shortened again', () => {
    const [shown] = answered(tabKnownPopup(), 0, TAB_REQUEST, { ...TAB_ANSWER, accounts: TWO, account: 'account-1' });
    const [chosen] = switchAccount(shown, 'account-own');
    const [typing] = typed(chosen, TYPED_URL);
    const late = switched(typing, true, 'account-own', 'account-1', shown.attempt);
    expect(late[0]).toBe(typing);
    expect(asks(late)).toEqual([]);
    const [typedShown] = answered(typing, typing.attempt, TYPED_REQUEST, TYPED_ANSWER);
    const later = switched(typedShown, true, 'account-own', 'account-1', shown.attempt);
    expect(later[0]).toBe(typedShown);
    expect(asks(later)).toEqual([]);
  });

  it('the switcher follows the answer on screen: the accounts it names, and the one it was made with', () => {
    const [shown] = answered(tabKnownPopup(), 0, TAB_REQUEST, { ...TAB_ANSWER, accounts: TWO, account: 'account-own' });
    expect([shown.accounts, shown.active]).toEqual([TWO, 'account-own']);
    // An answer that names no accounts (the worker had none to say) leaves them.
    const [typing] = typed(shown, TYPED_URL);
    expect(answered(typing, 1, TYPED_REQUEST, TYPED_ANSWER)[0].accounts).toBe(TWO);
  });

  it('an answer that came before the first render is on screen from the start, and copied once the first attempt settles', () => {
    const ready = initialPopup({ request: TAB_REQUEST, answer: { ...TAB_ANSWER, accounts: TWO, account: 'account-1' } });
    expect(shownLink(ready)).toBe('https://shrtnr.co/Tab1');
    expect(ready.active).toBe('account-1');
    const [known] = tabKnown(ready, TAB, true);
    expect(known.screen).toBe(ready.screen);
    // Its first progress, replayed by the relay now the view listens, does not bring back the spinner.
    expect(progressed(known, 0, { state: 'sending' })[0]).toBe(known);
    expect(asks(answered(known, 0, TAB_REQUEST, TAB_ANSWER))).toEqual([['copy', { text: 'https://shrtnr.co/Tab1' }, { byHand: false }]]);
  });

  it('Retry, a new link and a campaign each start a new attempt from the request on screen', () => {
    const failure: ShortenAnswer = { result: { ok: false, error: { kind: 'network', host: 'shrtnr.co' } }, autoCopy: true, copyFormat: 'plain' };
    const [typing] = typed(tabKnownPopup(), TYPED_URL);
    const [failed] = answered(typing, 1, TYPED_REQUEST, failure);
    expect(failed.screen).toMatchObject({ phase: 'failed', source: 'typed' });
    expect(asks(retry(failed))).toEqual([['shorten', TYPED_REQUEST, expect.any(Function), undefined]]);
    expect(retry(failed)[0].screen).toEqual({ phase: 'loading', source: 'typed' });
    // Neither a new link nor a campaign without a link on screen.
    expect(asks(newLink(failed))).toEqual([]);

    const shown = tabLinkShown();
    expect(asks(newLink(shown))).toEqual([['shorten', { ...TAB_REQUEST, fresh: true }, expect.any(Function), undefined]]);
    const campaign = { name: 'Spring', params: [{ key: 'utm_source', value: 'news' }] };
    expect(asks(tagged(shown, campaign))).toEqual([['shorten', { ...TAB_REQUEST, campaign }, expect.any(Function), undefined]]);
  });
});

describe('"Shorten all tabs", event by event', () => {
  it('asks for the permission and says so meanwhile; refused, says why; the run as the worker tells it, and why it did not start', () => {
    const asking = bulkStart(tabLinkShown());
    expect(asking[0].bulk).toEqual({ asking: true, error: undefined });
    expect(asks(asking)).toEqual([['shortenAllTabs']]);
    const [refused] = bulkAsked(asking[0], false);
    expect(refused.bulk).toEqual({ asking: false, error: { kind: 'tabs-permission' } });
    expect(bulkStart(refused)[0].bulk.error).toBeUndefined();

    const run = { id: 'run-1', windowId: 7, startedAt: 0, private: false, items: [] };
    const [given] = bulkAsked(bulkStart(refused)[0], true);
    const [running] = bulkHeard(given, { type: 'run', run });
    expect(running.bulk).toEqual({ asking: false, error: undefined, run });
    const [notStarted] = bulkHeard(running, { type: 'not-started', error: { kind: 'run-too-large', tabs: 9, most: 5 } });
    expect(notStarted.bulk.error).toEqual({ kind: 'run-too-large', tabs: 9, most: 5 });
  });
});
