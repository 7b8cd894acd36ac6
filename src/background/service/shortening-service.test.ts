import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../../test/support/eventually';
import type { ShortenOutcome } from '../../api';
import { FIRST_ACCOUNT_ID, type Account } from '../../storage/accounts';
import type { HistoryEntry } from '../../storage/history-entry';
import type { PageLinkOffer } from '../../shortening/page-short-link';
import type { ShortenRequest } from '../../shortening/shorten-request';

// The shortening service as a unit: the real service and queue, over a fake
// browser (storage.local holding the settings, storage.session, alarms), a
// fake history and the API's one request replaced by a recorder.
const SERVER = 'https://short.example';
const TOKEN = 'token_0123456789abcdef';
const MAIN: Account = { id: FIRST_ACCOUNT_ID, name: 'Main', server: SERVER };
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
        // As Chromium's, closed to pages: the tokens are kept there (storage/token-vault.ts).
        local: {
          setAccessLevel: async () => undefined,
          get: async (keys: string[]) => Object.fromEntries(keys.filter((key) => key in settings).map((key) => [key, settings[key]])),
          set: async (items: Record<string, unknown>) => void Object.assign(settings, items),
          remove: async (keys: string[]) => keys.forEach((key) => delete settings[key]),
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
    findCached: async (server: string, longUrl: string, account: string) =>
      history.find((entry) => entry.server === server && entry.longUrl === longUrl && entry.origin === undefined && (entry.account ?? FIRST_ACCOUNT_ID) === account),
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
  // The account shape (settings-migrations.ts, version 2): nothing left to migrate.
  settings = { settingsVersion: 2, accounts: [MAIN], activeAccount: MAIN.id, 'token:account-1': { token: TOKEN, server: SERVER }, copyFormat: 'markdown', autoCopy: false };
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
    expect(history).toMatchObject([{ shortUrl: `${SERVER}/Ab1`, server: SERVER, via: 'menu-link', title: 'Reset', account: MAIN.id }]);
  });

  it('fails before anything is sent on an address it cannot send, or settings that cannot send', async () => {
    expect((await shorten(request('chrome://settings/'), asker)).result).toMatchObject({ ok: false, error: { kind: 'unsupported-scheme' } });
    const saved = settings['token:account-1'];
    delete settings['token:account-1'];
    expect((await shorten(request('https://example.com/b'), asker)).result).toEqual({ ok: false, error: { kind: 'no-token', blank: false } });
    settings['token:account-1'] = saved;
    settings.accounts = [{ ...MAIN, server: 'https://mirror.example' }];
    expect((await shorten(request('https://example.com/b'), asker)).result).toMatchObject({ ok: false, error: { kind: 'token-for-other-server', tokenHost: 'short.example', serverHost: 'mirror.example' } });
    settings.accounts = [];
    expect((await shorten(request('https://example.com/b'), asker)).result).toEqual({ ok: false, error: { kind: 'no-account' } });
    // Accounts that cannot be read are none: never the default account on https://shrtnr.co.
    settings.accounts = [{ ...MAIN, server: 'http://short.example' }];
    expect((await shorten(request('https://example.com/b'), asker)).result).toEqual({ ok: false, error: { kind: 'no-account' } });
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
    await eventually(() => expect(sent).toHaveLength(1));
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
    const job = { id: 'resumed-1', request: request('https://example.com/kept'), longUrl: 'https://example.com/kept', removedParams: [], server: SERVER, account: MAIN.id, queuedAt: clickedAt, clickOrder: 7, attempts: 1, owner: 'background' as const };
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

  describe('with several accounts', () => {
    const OTHER = 'https://other.example';
    const TEAM: Account = { id: 'account-team', name: 'Team', server: OTHER };
    const TEAM_TOKEN = 'token_team_0123456789';
    /** A second account on the same server as MAIN, with its own token. */
    const MINE: Account = { id: 'account-mine', name: 'Mine', server: SERVER };
    const MINE_TOKEN = 'token_mine_0123456789';
    beforeEach(() => {
      Object.assign(settings, {
        accounts: [MAIN, TEAM, MINE],
        'token:account-team': { token: TEAM_TOKEN, server: OTHER },
        'token:account-mine': { token: MINE_TOKEN, server: SERVER },
      });
    });

    it('shortens with the active account, or the one the request names, each with its own token to its own server', async () => {
      settings.activeAccount = TEAM.id;
      const active = await shorten(request('https://example.com/1'), asker);
      const named = await shorten(request('https://example.com/2', { account: MAIN.id }), asker);
      expect(sent).toEqual([
        { longUrl: 'https://example.com/1', serverUrl: OTHER, token: TEAM_TOKEN },
        { longUrl: 'https://example.com/2', serverUrl: SERVER, token: TOKEN },
      ]);
      expect(active).toMatchObject({ account: TEAM.id, result: { ok: true } });
      expect(named).toMatchObject({ account: MAIN.id, result: { ok: true } });
      expect(history.map((entry) => [entry.longUrl, entry.server, entry.account])).toEqual([
        ['https://example.com/1', OTHER, TEAM.id],
        ['https://example.com/2', SERVER, MAIN.id],
      ]);
    });

    it('answers with every account by name, and never a token or a server', async () => {
      const answer = await shorten(request('https://example.com/3'), asker);
      expect(answer.accounts).toEqual([
        { id: MAIN.id, name: 'Main' },
        { id: TEAM.id, name: 'Team' },
        { id: MINE.id, name: 'Mine' },
      ]);
      const { result: _result, ...rest } = answer;
      expect(JSON.stringify(rest)).not.toMatch(/token_|https:/);
    });

    it('sends a job queued for one account with its token, even when the active account changed before it was sent', async () => {
      const answer = await shorten(request('https://example.com/4'), { ...asker, onQueued: () => void (settings.activeAccount = TEAM.id) });
      expect(answer.result).toMatchObject({ ok: true });
      expect(sent).toEqual([{ longUrl: 'https://example.com/4', serverUrl: SERVER, token: TOKEN }]);
      expect(history).toMatchObject([{ longUrl: 'https://example.com/4', server: SERVER, account: MAIN.id }]);
    });

    it("sends a stopped worker's job with its own account's token, whichever is active now", async () => {
      settings.activeAccount = TEAM.id;
      const job = { id: 'resumed-mine', request: request('https://example.com/5'), longUrl: 'https://example.com/5', removedParams: [], server: SERVER, account: MINE.id, queuedAt: Date.now(), clickOrder: 3, attempts: 0, owner: 'background' as const };
      expect(await runQueued(job)).toMatchObject({ ok: true });
      expect(sent).toEqual([{ longUrl: 'https://example.com/5', serverUrl: SERVER, token: MINE_TOKEN }]);
      expect(history).toMatchObject([{ account: MINE.id, server: SERVER }]);
    });

    it('fails a job whose account was removed before it was sent: nothing is sent, nothing recorded', async () => {
      const answer = await shorten(request('https://example.com/6'), { ...asker, onQueued: () => void (settings.accounts = [TEAM, MINE]) });
      expect(answer.result).toEqual({ ok: false, error: { kind: 'account-removed' } });
      expect(sent).toEqual([]);
      expect(history).toEqual([]);
    });

    it("fails a job whose account's server was changed before it was sent: its token goes to no other server", async () => {
      const answer = await shorten(request('https://example.com/7'), { ...asker, onQueued: () => void (settings.accounts = [{ ...MAIN, server: OTHER }, TEAM, MINE]) });
      expect(answer.result).toEqual({ ok: false, error: { kind: 'server-changed' } });
      expect(sent).toEqual([]);
    });

    it('fails a request naming an account that is gone, rather than use another', async () => {
      const answer = await shorten(request('https://example.com/8', { account: 'account-gone' }), asker);
      expect(answer.result).toEqual({ ok: false, error: { kind: 'account-removed' } });
      expect(answer).not.toHaveProperty('account');
      expect(sent).toEqual([]);
    });

    it('names the account that has no token saved here', async () => {
      delete settings['token:account-team'];
      const answer = await shorten(request('https://example.com/9', { account: TEAM.id }), asker);
      expect(answer.result).toEqual({ ok: false, error: { kind: 'no-token', blank: false, account: 'Team' } });
      expect(sent).toEqual([]);
    });

    it("answers from history only with the link the same account made: another account's on the same server costs a request", async () => {
      history.push({ shortUrl: `${SERVER}/Mine`, longUrl: 'https://example.com/a', server: SERVER, createdAt: 1, via: 'shortcut', used: 1, account: MINE.id });
      const main = await shorten(request('https://example.com/a'), asker);
      expect(main.result).toMatchObject({ ok: true, value: { fromHistory: false } });
      expect(sent).toEqual([{ longUrl: 'https://example.com/a', serverUrl: SERVER, token: TOKEN }]);
      const mine = await shorten(request('https://example.com/a', { account: MINE.id }), asker);
      expect(mine.result).toMatchObject({ ok: true, value: { shortUrl: `${SERVER}/Mine`, fromHistory: true } });
      expect(reused).toEqual([`${SERVER}/Mine`]);
      // The link the first made is its own from now on.
      const again = await shorten(request('https://example.com/a'), asker);
      expect(again.result).toMatchObject({ ok: true, value: { shortUrl: `${SERVER}/Ab1`, fromHistory: true } });
      expect(sent).toHaveLength(1);
    });

    it("a stopped worker's job takes only its own account's link kept before the stop", async () => {
      const clickedAt = Date.now() - 5_000;
      history.push({ shortUrl: `${SERVER}/ByMain`, longUrl: 'https://example.com/kept', server: SERVER, createdAt: clickedAt + 800, via: 'menu-link', used: 1, account: MAIN.id });
      const job = { id: 'resumed-other', request: request('https://example.com/kept'), longUrl: 'https://example.com/kept', removedParams: [], server: SERVER, account: MINE.id, queuedAt: clickedAt, clickOrder: 9, attempts: 1, owner: 'background' as const };
      expect(await runQueued(job)).toMatchObject({ ok: true, value: { shortUrl: `${SERVER}/Ab1` } });
      expect(sent).toEqual([{ longUrl: 'https://example.com/kept', serverUrl: SERVER, token: MINE_TOKEN }]);
    });
  });

  describe("the page's own short link", () => {
    const PAGE = 'https://blog.example/2026/11/25/a-long-post-about-links';
    const OWN = 'https://wp.me/p1a2b3';
    beforeEach(() => pages.set(9, { url: PAGE, shortLinks: ['http://wp.me/plain', OWN] }));

    it('with the setting on, on the page\'s own host, stands for its page with no request, and is recorded as such', async () => {
      settings.usePageShortLink = true;
      const own = 'https://blog.example/?p=42';
      pages.set(8, { url: PAGE, shortLinks: [own] });
      const answer = await shorten(request(PAGE, { via: 'shortcut' }), { ...asker, pageTab: 8 });
      expect(answer.result).toMatchObject({ ok: true, value: { shortUrl: own, pageOwn: true } });
      expect(sent).toEqual([]);
      expect(history).toEqual([expect.objectContaining({ shortUrl: own, server: 'https://blog.example', pageOwn: true })]);
    });

    it('with the setting on, on another host, is offered and not used (the popup asks), and the server makes the link', async () => {
      settings.usePageShortLink = true;
      // Accepted for another page's host: not for this one's.
      settings.pageLinkHosts = [{ page: 'other.example', link: 'wp.me' }];
      const offered: PageLinkOffer[] = [];
      const answer = await shorten(request(PAGE), { ...asker, pageTab: 9, onPageShortLink: (offer) => offered.push(offer) });
      expect(answer.result).toMatchObject({ ok: true, value: { shortUrl: `${SERVER}/Ab1` } });
      expect(offered).toEqual([{ shortUrl: OWN, ask: { page: 'blog.example', link: 'wp.me' } }]);
      expect(history.map((entry) => entry.pageOwn)).toEqual([undefined]);
      // A way in that cannot ask (the menu, the shortcut, a tabs run) has the server's link too.
      await shorten(request(`${PAGE}?2`), { ...asker, pageTab: 9 });
      expect(sent).toHaveLength(2);
    });

    it('with the setting on, on a host the user accepted for this page\'s, stands for its page with no request, and is recorded as such under its own origin', async () => {
      settings.usePageShortLink = true;
      settings.pageLinkHosts = [{ page: 'blog.example', link: 'wp.me' }];
      const answer = await shorten(request(PAGE, { via: 'menu-page', title: 'A post' }), { ...asker, pageTab: 9 });
      expect(answer.result).toEqual({ ok: true, value: { shortUrl: OWN, longUrl: PAGE, used: undefined, fromHistory: false, pageOwn: true, removedParams: [], secretParams: [], title: 'A post' } });
      expect(sent).toEqual([]);
      expect(history).toEqual([expect.objectContaining({ shortUrl: OWN, longUrl: PAGE, server: 'https://wp.me', via: 'menu-page', pageOwn: true })]);
    });

    it('with the setting on, gives way to history and the server when the page has none, cannot be read, or moved on', async () => {
      settings.usePageShortLink = true;
      settings.pageLinkHosts = [{ page: 'blog.example', link: 'wp.me' }];
      pages.set(10, { url: PAGE, shortLinks: [`https://wp.me/${'x'.repeat(80)}`] });
      pages.set(11, { url: 'https://blog.example/another-post', shortLinks: [OWN] });
      for (const pageTab of [10, 11, 12]) await shorten(request(PAGE), { ...asker, pageTab });
      expect(sent.map((one) => one.longUrl)).toEqual([PAGE]);
      expect(history.map((entry) => entry.pageOwn)).toEqual([undefined]);
    });

    it('with the setting off, is offered to an asker who listens, and the server\'s link still comes', async () => {
      const offered: PageLinkOffer[] = [];
      const answer = await shorten(request(PAGE), { ...asker, pageTab: 9, onPageShortLink: (offer) => offered.push(offer) });
      expect(answer.result).toMatchObject({ ok: true, value: { shortUrl: `${SERVER}/Ab1` } });
      await eventually(() => expect(offered).toEqual([{ shortUrl: OWN }]));
      // A way in that does not listen (the menu, the shortcut) leaves the page unread.
      await shorten(request(`${PAGE}?2`), { ...asker, pageTab: 9, onPageShortLink: undefined });
      expect(sent).toHaveLength(2);
    });

    it('is never read for a request that wants a new link from the server', async () => {
      settings.usePageShortLink = true;
      const offered: PageLinkOffer[] = [];
      const answer = await shorten(request(PAGE, { fresh: true }), { ...asker, pageTab: 9, onPageShortLink: (offer) => offered.push(offer) });
      expect(answer.result).toMatchObject({ ok: true, value: { shortUrl: `${SERVER}/Ab1` } });
      expect(offered).toEqual([]);
    });

    it('is recorded nowhere from a private window, nor with history off', async () => {
      settings.usePageShortLink = true;
      settings.pageLinkHosts = [{ page: 'blog.example', link: 'wp.me' }];
      await shorten(request(PAGE, { private: true }), { ...asker, pageTab: 9 });
      settings.history = false;
      expect((await shorten(request(PAGE), { ...asker, pageTab: 9 })).result).toMatchObject({ ok: true, value: { pageOwn: true } });
      expect(history).toEqual([]);
      expect(sent).toEqual([]);
    });
  });
});
