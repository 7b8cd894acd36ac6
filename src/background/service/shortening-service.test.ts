import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShortenOutcome } from '../../api';
import type { HistoryEntry } from '../../storage/history-entry';
import type { ShortenRequest } from '../../shortening/shorten-request';

// The shortening service as a unit: the real service and queue, over a fake
// browser (storage.local holding the settings, storage.session, alarms), a
// fake history and the API's one request replaced by a recorder.
const SERVER = 'https://short.example';
const TOKEN = 'token_0123456789abcdef';
let settings: Record<string, unknown>;
const session = new Map<string, unknown>();
const history: HistoryEntry[] = [];
const reused: string[] = [];
const sent: { longUrl: string; serverUrl: string; token: string }[] = [];
let answerSending: ((longUrl: string) => Promise<ShortenOutcome>) | undefined;
/** What each tab's page says of its own short link (src/platform/page-reading.ts); a tab not here cannot be read. */
const pages = new Map<number, { url: string; shortLinks: string[] }>();

vi.mock('../../platform/browser', async () => {
  const { fakeSessionArea } = await import('../../../test/support/fake-session-area');
  return {
    browser: {
      storage: {
        local: {
          get: async (keys: string[]) => Object.fromEntries(keys.filter((key) => key in settings).map((key) => [key, settings[key]])),
          set: async (items: Record<string, unknown>) => void Object.assign(settings, items),
          remove: async () => undefined,
        },
        session: fakeSessionArea(session),
      },
      alarms: { create: async () => undefined, clear: async () => true },
      runtime: { getPlatformInfo: async () => ({}) },
      scripting: {
        executeScript: async ({ target }: { target: { tabId: number } }) => {
          const page = pages.get(target.tabId);
          if (page === undefined) throw new Error('Cannot access contents of the page.');
          return [{ frameId: 0, result: page }];
        },
      },
    },
  };
});
vi.mock('./history-access', () => ({
  backgroundHistory: () => ({
    findCached: async (server: string, longUrl: string) => history.find((entry) => entry.server === server && entry.longUrl === longUrl && entry.origin === undefined),
    countReuse: async (entry: HistoryEntry) => void reused.push(entry.shortUrl),
  }),
  keepInHistory: async (entry: HistoryEntry) => void history.push(entry),
  historyFailed: () => () => undefined,
}));
vi.mock('../../api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api')>()),
  shortenWithLimits: async (longUrl: string, credentials: { serverUrl: string; token: string }): Promise<ShortenOutcome> => {
    sent.push({ longUrl, ...credentials });
    if (answerSending !== undefined) return answerSending(longUrl);
    return { result: { ok: true, value: { shortUrl: `${SERVER}/Ab${sent.length}`, longUrl, used: 1 } }, rateLimit: undefined };
  },
}));

const { runQueued, shorten } = await import('./shortening-service');

const request = (url: string, more: Partial<ShortenRequest> = {}): ShortenRequest => ({ url, via: 'menu-link', private: false, fresh: false, ...more });
const asker = { queuedAt: Date.now(), clickOrder: 1, owner: 'background' as const };

beforeEach(() => {
  settings = { settingsVersion: 1, serverUrl: SERVER, token: TOKEN, tokenServer: SERVER, copyFormat: 'markdown', autoCopy: false };
  session.clear();
  history.length = 0;
  reused.length = 0;
  sent.length = 0;
  answerSending = undefined;
  pages.clear();
});

describe('the shortening service', () => {
  it('answers from history with no request, counting the credit saved; a new link asked for goes to the server', async () => {
    history.push({ shortUrl: `${SERVER}/Old`, longUrl: 'https://example.com/a', server: SERVER, createdAt: 1, via: 'shortcut', used: 1 });
    const cached = await shorten(request('https://example.com/a'), asker);
    expect(cached).toMatchObject({ result: { ok: true, value: { shortUrl: `${SERVER}/Old`, fromHistory: true } }, autoCopy: false, copyFormat: 'markdown' });
    expect(reused).toEqual([`${SERVER}/Old`]);
    expect(sent).toEqual([]);

    const fresh = await shorten(request('https://example.com/a', { fresh: true }), asker);
    expect(fresh).toMatchObject({ result: { ok: true, value: { fromHistory: false } } });
    expect(sent).toHaveLength(1);
  });

  it('sends a new link once, with the saved token to its own server, and keeps it in history before answering', async () => {
    const answer = await shorten(request('https://bank.example/reset?token=x', { title: 'Reset' }), asker);
    expect(sent).toEqual([{ longUrl: 'https://bank.example/reset?token=x', serverUrl: SERVER, token: TOKEN }]);
    expect(answer.result).toEqual({
      ok: true,
      value: { shortUrl: `${SERVER}/Ab1`, longUrl: 'https://bank.example/reset?token=x', used: 1, fromHistory: false, removedParams: [], secretParams: ['token'], title: 'Reset' },
    });
    expect(history).toMatchObject([{ shortUrl: `${SERVER}/Ab1`, server: SERVER, via: 'menu-link', title: 'Reset' }]);
  });

  it('fails before anything is sent on an address it cannot send, or settings that cannot send', async () => {
    expect((await shorten(request('chrome://settings/'), asker)).result).toMatchObject({ ok: false, error: { kind: 'unsupported-scheme' } });
    settings.token = '';
    expect((await shorten(request('https://example.com/b'), asker)).result).toMatchObject({ ok: false, error: { kind: 'no-token' } });
    settings.token = TOKEN;
    settings.serverUrl = 'https://mirror.example';
    expect((await shorten(request('https://example.com/b'), asker)).result).toMatchObject({ ok: false, error: { kind: 'token-for-other-server' } });
    expect(sent).toEqual([]);
  });

  it('keeps a job out of the queue when its asker says so at queuing (a run cancelled meanwhile)', async () => {
    const answer = await shorten(request('https://example.com/c'), { ...asker, owner: 'bulk', onQueued: () => false });
    expect(answer.result).toEqual({ ok: false, error: { kind: 'cancelled' } });
    expect(sent).toEqual([]);
  });

  it('reads the settings again when it sends, and again when the link comes', async () => {
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    answerSending = async (longUrl) => {
      // The user turns history off while the request is under way.
      settings.history = false;
      await held;
      return { result: { ok: true, value: { shortUrl: `${SERVER}/Late`, longUrl, used: 1 } }, rateLimit: undefined };
    };
    const answer = shorten(request('https://example.com/d'), asker);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    release?.();
    expect((await answer).result).toMatchObject({ ok: true, value: { shortUrl: `${SERVER}/Late` } });
    expect(history).toEqual([]);
  });

  it('records nothing asked for in a private window', async () => {
    await shorten(request('https://example.com/e', { private: true }), asker);
    expect(sent).toHaveLength(1);
    expect(history).toEqual([]);
  });

  it('gives a private window the link history holds, and counts no credit saved for it: no trace', async () => {
    history.push({ shortUrl: `${SERVER}/Old`, longUrl: 'https://example.com/a', server: SERVER, createdAt: 1, via: 'shortcut', used: 1 });
    const cached = await shorten(request('https://example.com/a', { private: true }), asker);
    expect(cached).toMatchObject({ result: { ok: true, value: { shortUrl: `${SERVER}/Old`, fromHistory: true } } });
    expect(sent).toEqual([]);
    expect(reused).toEqual([]);
  });

  it("a stopped worker's job whose request had gone takes the link kept before the stop: no second request, and the journal lets it go", async () => {
    const clickedAt = Date.now() - 5_000;
    const job = { id: 'resumed-1', request: request('https://example.com/kept'), longUrl: 'https://example.com/kept', removedParams: [], server: SERVER, queuedAt: clickedAt, clickOrder: 7, attempts: 1, owner: 'background' as const };
    session.set(`job:${job.id}`, job);
    history.push({ shortUrl: `${SERVER}/Kept1`, longUrl: 'https://example.com/kept', server: SERVER, createdAt: clickedAt + 800, via: 'menu-link', used: 1 });
    expect(await runQueued(job)).toMatchObject({ ok: true, value: { shortUrl: `${SERVER}/Kept1`, fromHistory: false } });
    expect(sent).toEqual([]);
    expect(session.has(`job:${job.id}`)).toBe(false);

    // A link history held from before the click is not this job's answer: the request goes again.
    history.splice(0, 1, { shortUrl: `${SERVER}/Kept1`, longUrl: 'https://example.com/kept', server: SERVER, createdAt: clickedAt - 1, via: 'menu-link', used: 1 });
    const again = { ...job, id: 'resumed-2' };
    expect((await runQueued(again)).ok).toBe(true);
    expect(sent.map((one) => one.longUrl)).toEqual(['https://example.com/kept']);
  });

  describe("the page's own short link", () => {
    const PAGE = 'https://blog.example/2026/11/25/a-long-post-about-links';
    const OWN = 'https://wp.me/p1a2b3';
    beforeEach(() => pages.set(9, { url: PAGE, shortLinks: ['http://wp.me/plain', OWN] }));

    it('with the setting on, stands for its page with no request, and is recorded as such under its own origin', async () => {
      settings.usePageShortLink = true;
      const answer = await shorten(request(PAGE, { via: 'menu-page', title: 'A post' }), { ...asker, pageTab: 9 });
      expect(answer.result).toEqual({ ok: true, value: { shortUrl: OWN, longUrl: PAGE, used: undefined, fromHistory: false, pageOwn: true, removedParams: [], secretParams: [], title: 'A post' } });
      expect(sent).toEqual([]);
      expect(history).toEqual([expect.objectContaining({ shortUrl: OWN, longUrl: PAGE, server: 'https://wp.me', via: 'menu-page', pageOwn: true })]);
    });

    it('with the setting on, gives way to history and the server when the page has none, cannot be read, or moved on', async () => {
      settings.usePageShortLink = true;
      pages.set(10, { url: PAGE, shortLinks: [`https://wp.me/${'x'.repeat(80)}`] });
      pages.set(11, { url: 'https://blog.example/another-post', shortLinks: [OWN] });
      for (const pageTab of [10, 11, 12]) await shorten(request(PAGE), { ...asker, pageTab });
      expect(sent.map((one) => one.longUrl)).toEqual([PAGE]);
      expect(history.map((entry) => entry.pageOwn)).toEqual([undefined]);
    });

    it('with the setting off, is offered to an asker who listens, and the server\'s link still comes', async () => {
      const offered: string[] = [];
      const answer = await shorten(request(PAGE), { ...asker, pageTab: 9, onPageShortLink: (shortUrl) => offered.push(shortUrl) });
      expect(answer.result).toMatchObject({ ok: true, value: { shortUrl: `${SERVER}/Ab1` } });
      await vi.waitFor(() => expect(offered).toEqual([OWN]));
      // A way in that does not listen (the menu, the shortcut) leaves the page unread.
      await shorten(request(`${PAGE}?2`), { ...asker, pageTab: 9, onPageShortLink: undefined });
      expect(sent).toHaveLength(2);
    });

    it('is never read for a request that wants a new link from the server', async () => {
      settings.usePageShortLink = true;
      const offered: string[] = [];
      const answer = await shorten(request(PAGE, { fresh: true }), { ...asker, pageTab: 9, onPageShortLink: (shortUrl) => offered.push(shortUrl) });
      expect(answer.result).toMatchObject({ ok: true, value: { shortUrl: `${SERVER}/Ab1` } });
      expect(offered).toEqual([]);
    });

    it('is recorded nowhere from a private window, nor with history off', async () => {
      settings.usePageShortLink = true;
      await shorten(request(PAGE, { private: true }), { ...asker, pageTab: 9 });
      settings.history = false;
      expect((await shorten(request(PAGE), { ...asker, pageTab: 9 })).result).toMatchObject({ ok: true, value: { pageOwn: true } });
      expect(history).toEqual([]);
      expect(sent).toEqual([]);
    });
  });
});
