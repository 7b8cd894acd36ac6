// What each end of the popup's shortening port takes from the other, checked by the port's schema where it arrives:
// what the other end sends is heard as sent (extra fields accepted, not kept; an error's parameters kept), anything
// else dropped. The cases marked "newly" were let through by the hand-written guards these schemas replaced.
import { describe, expect, it, vi } from 'vitest';
import { portEnds } from '../../test/support/port-ends';

const ends = portEnds();
vi.mock('../platform/browser', () => ({ browser: { runtime: ends.runtime } }));

const { openShortenPort } = await import('./shorten-port');
const { serveShortenPort } = await import('./shorten-port-server');

const popupHearsShortening = (...messages: unknown[]) => ends.pageHears(openShortenPort, messages);
const workerHearsShortening = (...messages: unknown[]) => ends.workerHears('shorten', serveShortenPort, messages);

const SHORTENING = { shortUrl: 'https://s.test/a', longUrl: 'https://example.com/', used: 1, fromHistory: false, removedParams: ['fbclid'], secretParams: [] };
const answer = (fields: Record<string, unknown> = {}) => ({ type: 'answer', answer: { result: { ok: true, value: SHORTENING }, autoCopy: true, copyFormat: 'plain', ...fields } });

describe("the popup's end of the shortening port", () => {

  it('hears what the worker sends, as sent', () => {
    const sent = [
      { type: 'progress', progress: { state: 'sending' } },
      { type: 'progress', progress: { state: 'waiting', ahead: 2 } },
      { type: 'progress', progress: { state: 'waiting', ahead: 0, untilMs: 1_800_000_000_000 } },
      { type: 'progress', progress: { state: 'waiting', ahead: 1, forNetwork: true } },
      { type: 'page-link', shortUrl: 'https://youtu.be/a' },
      { type: 'page-link', shortUrl: 'https://youtu.be/a', ask: { page: 'www.youtube.com', link: 'youtu.be' } },
      answer({ accounts: [{ id: 'account-1', name: 'Own' }], account: 'account-1' }),
      { type: 'answer', answer: { result: { ok: true, value: { ...SHORTENING, used: undefined, fromHistory: true, title: 'A', pageOwn: true } }, autoCopy: false, copyFormat: 'rich' } },
      { type: 'answer', answer: { result: { ok: false, error: { kind: 'rate-limited', limit: 60, remaining: 0 } }, autoCopy: true, copyFormat: 'markdown' } },
    ];
    expect(popupHearsShortening(...sent)).toEqual(sent);
  });

  it('hears a link with no credits counted: Chrome carries a port message as JSON, which drops an undefined field', () => {
    const { used: _used, ...uncounted } = SHORTENING;
    expect(popupHearsShortening({ type: 'answer', answer: { result: { ok: true, value: uncounted }, autoCopy: true, copyFormat: 'plain' } })).toHaveLength(1);
  });

  it("keeps an error's parameters, of any kind, and takes extra fields without keeping them", () => {
    const failed = { type: 'answer', answer: { result: { ok: false, error: { kind: 'of-a-newer-version', detail: 'x' } }, autoCopy: true, copyFormat: 'plain' } };
    expect(popupHearsShortening(failed)).toEqual([failed]);
    expect(popupHearsShortening({ ...answer(), from: 'elsewhere' })).toEqual([answer()]);
  });

  it.each([
    ['no message at all', undefined],
    ['a message of no known type', { type: 'hello' }],
    ['progress waiting with no place in line', { type: 'progress', progress: { state: 'waiting' } }],
    ['newly, a wait for the network said in another shape', { type: 'progress', progress: { state: 'waiting', ahead: 1, forNetwork: 'yes' } }],
    ['a result that is neither a link nor an error', answer({ result: { ok: 'yes' } })],
    ['a link without its secret parameters', answer({ result: { ok: true, value: { ...SHORTENING, secretParams: undefined } } })],
    ['an error of no kind', answer({ result: { ok: false, error: { status: 500 } } })],
    ['a copy format of another version', answer({ copyFormat: 'bbcode' })],
    ['a page link with a host of no name', { type: 'page-link', shortUrl: 'https://youtu.be/a', ask: { page: 'www.youtube.com' } }],
    // Newly: a number the worker never sends (Firefox's ports carry them; Chrome's JSON makes them null).
    ['newly, a place in line of NaN', { type: 'progress', progress: { state: 'waiting', ahead: Number.NaN } }],
    ['newly, a place in line of Infinity', { type: 'progress', progress: { state: 'waiting', ahead: Number.POSITIVE_INFINITY } }],
    // Newly: fields the popup uses that the guard let through unchecked.
    ['newly, a wait until no time', { type: 'progress', progress: { state: 'waiting', ahead: 1, untilMs: 'soon' } }],
    ['newly, accounts that are no list', answer({ accounts: 'account-1' })],
    ['newly, an account with no name', answer({ accounts: [{ id: 'account-1' }] })],
    ['newly, a page link marked by no yes', answer({ result: { ok: true, value: { ...SHORTENING, pageOwn: 'no' } } })],
  ])('drops %s', (_name, message) => {
    expect(popupHearsShortening(message)).toEqual([]);
  });
});

const REQUEST = { url: 'https://example.com/', via: 'popup-tab', private: false, fresh: false };

describe("the worker's end of the shortening port", () => {

  it('hears a request checked as a stored one is, with the popup\'s tab, and a cancel', () => {
    const campaign = { name: 'Spring', params: [{ key: 'utm_source', value: 'news' }] };
    const sent = [{ type: 'shorten', request: REQUEST }, { type: 'shorten', request: { ...REQUEST, title: 'A', campaign, account: 'account-2' }, pageTab: 7 }, { type: 'cancel' }];
    expect(workerHearsShortening(...sent)).toEqual(sent);
    expect(workerHearsShortening({ type: 'shorten', request: { ...REQUEST, from: 'elsewhere' }, note: 1 })).toEqual([{ type: 'shorten', request: REQUEST }]);
  });

  it.each([
    ['a request by no known way in', { type: 'shorten', request: { ...REQUEST, via: 'carrier-pigeon' } }],
    ['a request with a campaign out of bounds', { type: 'shorten', request: { ...REQUEST, campaign: { name: 'x', params: [] } } }],
    ['a tab of no whole number', { type: 'shorten', request: REQUEST, pageTab: 1.5 }],
    ['no request', { type: 'shorten' }],
    ['a message of no known type', { type: 'start' }],
  ])('drops %s', (_name, message) => {
    expect(workerHearsShortening(message)).toEqual([]);
  });
});
