// The popup's store (popup-store.ts) without Preact: it plays each answer the
// connector gives as the machine's event, tagged with its attempt, and keeps the
// popup the machine makes. The connector here holds every answer until the test
// gives it, so each race is played in the order the test chooses.
import { describe, expect, it, vi } from 'vitest';
import { deferred, type Deferred } from '../../test/support/deferred';
import type { FirstAttempt } from './first-attempt';
import type { PopupConnector, RequestPage, ShortenAnswer, ShortenProgress, ShortenRequest } from './popup-connector';
import { initialPopup, pageLinkHeard, switchAccount, typed, type Popup } from './popup-machine';
import { popupStore } from './popup-store';
import { relay } from './relay';

const TAB = { url: 'https://example.com/article', id: 7, private: false };
const TAB_REQUEST: ShortenRequest = { url: TAB.url, via: 'popup-tab', private: false, fresh: false };
const TYPED_URL = 'https://typed.example/page';

const linkAnswer = (longUrl: string, shortUrl: string, autoCopy = true): ShortenAnswer => ({
  result: { ok: true, value: { shortUrl, longUrl, used: 1, fromHistory: false, removedParams: [], secretParams: [] } },
  autoCopy,
  copyFormat: 'plain',
});

/** A shortening the connector was asked for, held by the test. */
interface Asked {
  request: ShortenRequest;
  answer: Deferred<ShortenAnswer>;
  report?: ((progress: ShortenProgress) => void) | undefined;
  page?: RequestPage | undefined;
}

/** The store on a connector whose every answer the test gives; `shown()` is the popup as last rendered. */
function storeOnHeldConnector() {
  const shortenings: Asked[] = [];
  const copies: { text: string; done: Deferred<boolean> }[] = [];
  const switches: Deferred<boolean>[] = [];
  const connector = {
    shorten: vi.fn((request: ShortenRequest, report?: (progress: ShortenProgress) => void, page?: RequestPage) => {
      const answer = deferred<ShortenAnswer>();
      shortenings.push({ request, answer, report, page });
      return answer.promise;
    }),
    copy: vi.fn(({ text }: { text: string }) => {
      const done = deferred<boolean>();
      copies.push({ text, done });
      return done.promise;
    }),
    cancelShortening: vi.fn(),
    useAccount: vi.fn(() => {
      const switched = deferred<boolean>();
      switches.push(switched);
      return switched.promise;
    }),
    usePageLinkHost: vi.fn(async () => true),
    shortenAllTabs: vi.fn(async () => true),
    watchBulk: vi.fn(),
  };
  let shown: Popup = initialPopup(undefined);
  const store = popupStore(connector as unknown as PopupConnector, shown, (popup) => {
    shown = popup;
  });
  return { store, connector, shortenings, copies, switches, shown: () => shown };
}

/** Lets the answers given so far be heard (each is a promise's continuation). */
const heard = () => new Promise((resolve) => setTimeout(resolve, 0));

const shownLink = (popup: Popup) => (popup.screen.phase === 'shortened' ? popup.screen.shortening.shortUrl : undefined);

describe("the popup's store, its answers played as events", () => {
  it("hears the first attempt: its page's own link, its tab, its progress and its answer, then copies the link and says so", async () => {
    const { store, copies, shown } = storeOnHeldConnector();
    const answer = deferred<ShortenAnswer>();
    const progress = relay<ShortenProgress>();
    const pageLink = relay<{ shortUrl: string }>();
    progress.report({ state: 'waiting', ahead: 1 });
    pageLink.report({ shortUrl: 'https://youtu.be/abc' });
    const first: FirstAttempt = { tab: TAB, request: TAB_REQUEST, answer: answer.promise, progress, pageLink };
    store.start(Promise.resolve(first));
    await heard();
    expect(shown().screen).toEqual({ phase: 'waiting', source: 'tab', untilMs: undefined, ahead: 1, forNetwork: false });
    expect(shown().pageLink).toEqual({ shortUrl: 'https://youtu.be/abc' });
    expect(shown().tab).toBe(TAB);

    answer.resolve(linkAnswer(TAB.url, 'https://shrtnr.co/Tab1'));
    await heard();
    expect(shownLink(shown())).toBe('https://shrtnr.co/Tab1');
    expect(copies.map(({ text }) => text)).toEqual(['https://shrtnr.co/Tab1']);
    copies[0]?.done.resolve(true);
    await heard();
    expect(shown().screen).toMatchObject({ copy: 'copied' });
  });

  it('a tab that hides its address fails at once, and no answer is waited for', async () => {
    const { store, connector, shown } = storeOnHeldConnector();
    store.start(Promise.resolve({ tab: { private: true }, request: undefined, answer: undefined }));
    await heard();
    expect(shown().screen).toMatchObject({ phase: 'failed', error: { kind: 'unreadable-tab' } });
    expect(connector.shorten).not.toHaveBeenCalled();
  });

  it("plays each shortening's progress and answer as its own attempt's: the first attempt's, coming after a typed link, changes nothing", async () => {
    const { store, shortenings, copies, shown } = storeOnHeldConnector();
    const first = deferred<ShortenAnswer>();
    store.start(Promise.resolve({ tab: TAB, request: TAB_REQUEST, answer: first.promise }));
    await heard();
    store.act(typed, TYPED_URL);
    const [typedAsked] = shortenings;
    typedAsked?.report?.({ state: 'waiting', ahead: 2 });
    expect(shown().screen).toEqual({ phase: 'waiting', source: 'typed', untilMs: undefined, ahead: 2, forNetwork: false });

    first.resolve(linkAnswer(TAB.url, 'https://shrtnr.co/Tab1'));
    await heard();
    expect(shown().screen).toMatchObject({ phase: 'waiting', source: 'typed' });
    expect(copies).toEqual([]);

    typedAsked?.answer.resolve(linkAnswer(TYPED_URL, 'https://shrtnr.co/Typed1'));
    await heard();
    expect(shownLink(shown())).toBe('https://shrtnr.co/Typed1');
    expect(copies.map(({ text }) => text)).toEqual(['https://shrtnr.co/Typed1']);
  });

  it('a copy by hand that landed keeps the link on its way off the clipboard; one that failed does not', async () => {
    for (const landed of [true, false]) {
      const { store, shortenings, copies, shown } = storeOnHeldConnector();
      store.act(typed, TYPED_URL);
      const byHand = store.copyByHand('https://shrtnr.co/recent');
      copies[0]?.done.resolve(landed);
      await expect(byHand).resolves.toBe(landed);
      shortenings[0]?.answer.resolve(linkAnswer(TYPED_URL, 'https://shrtnr.co/Typed1'));
      await heard();
      expect(shownLink(shown())).toBe('https://shrtnr.co/Typed1');
      expect(copies.map(({ text }) => text)).toEqual(landed ? ['https://shrtnr.co/recent'] : ['https://shrtnr.co/recent', 'https://shrtnr.co/Typed1']);
    }
  });

  it("hears the worker's word on a switch: refused, the account in use again; switched, the link shortened again with it", async () => {
    const { store, shortenings, switches, shown } = storeOnHeldConnector();
    store.act(typed, TYPED_URL);
    shortenings[0]?.answer.resolve({ ...linkAnswer(TYPED_URL, 'https://shrtnr.co/Typed1', false), accounts: [], account: 'account-1' });
    await heard();
    store.act(switchAccount, 'account-own');
    expect(shown().active).toBe('account-own');
    switches[0]?.resolve(false);
    await heard();
    expect(shown().active).toBe('account-1');
    expect(shortenings).toHaveLength(1);

    store.act(switchAccount, 'account-own');
    switches[1]?.resolve(true);
    await heard();
    expect(shortenings.map(({ request }) => request)).toEqual([expect.objectContaining({ url: TYPED_URL }), expect.objectContaining({ url: TYPED_URL, account: 'account-own' })]);
  });

  it("accepts the page's own link's host when asked, and has the tab's address shortened again with its page read; not when it could not be saved", async () => {
    const { store, connector, shortenings } = storeOnHeldConnector();
    const ask = { page: 'example.com', link: 'youtu.be' };
    store.start(Promise.resolve({ tab: TAB, request: TAB_REQUEST, answer: deferred<ShortenAnswer>().promise }));
    await heard();
    await expect(store.usePageLink()).resolves.toBe(false);
    store.act(pageLinkHeard, { shortUrl: 'https://youtu.be/abc', ask });
    connector.usePageLinkHost.mockResolvedValueOnce(false);
    await expect(store.usePageLink()).resolves.toBe(false);
    expect(shortenings).toHaveLength(0);
    await expect(store.usePageLink()).resolves.toBe(true);
    expect(connector.usePageLinkHost).toHaveBeenCalledWith(ask);
    expect(shortenings.map(({ request, page }) => [request.url, page?.tab])).toEqual([[TAB.url, 7]]);
  });
});
