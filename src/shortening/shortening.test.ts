import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { parseHistoryJson } from '../history/import-file';
import { openHistoryStore } from '../storage/history-store';
import type { HistoryEntry } from '../storage/history-entry';
import { FIRST_ACCOUNT_ID, type Account } from '../storage/accounts';
import { fromHistory, historyEntryFor, prepareLongUrl, type Shortening } from './shortening';
import type { ShortenRequest } from './shorten-request';

const SERVER = 'https://shrtnr.co';
const ACCOUNT: Account = { id: FIRST_ACCOUNT_ID, name: 'shrtnr.co', server: SERVER };
const MAKER = { history: true, account: ACCOUNT };
const REQUEST: ShortenRequest = { url: 'https://example.com/a', via: 'menu-link', private: false, fresh: false };
const ENTRY: HistoryEntry = { shortUrl: 'https://shrtnr.co/Ab3d', longUrl: 'https://example.com/a', server: SERVER, createdAt: 5, via: 'shortcut', used: 2, title: 'Stored title' };

const storeWith = async (...entries: HistoryEntry[]) => {
  const store = openHistoryStore({ indexedDB: new IDBFactory(), channelName: `shortening-test-${Math.random()}` });
  await store.merge(entries);
  return store;
};

describe('the long URL as sent', () => {
  it('is checked and normalised, with tracking parameters removed only when asked', () => {
    expect(prepareLongUrl('  https://EXAMPLE.com/a?utm_source=x&id=1 ', false)).toEqual({ ok: true, value: { longUrl: 'https://example.com/a?utm_source=x&id=1', removedParams: [] } });
    expect(prepareLongUrl('https://example.com/a?utm_source=x&id=1&fbclid=y', true)).toEqual({ ok: true, value: { longUrl: 'https://example.com/a?id=1', removedParams: ['utm_source', 'fbclid'] } });
    expect(prepareLongUrl('ftp://example.com/a', true)).toEqual({ ok: false, error: { kind: 'unsupported-scheme', scheme: 'ftp:' } });
  });
});

describe('answering from history', () => {
  it('gives the newest link history holds for this long URL on this server, and counts the credit saved', async () => {
    const store = await storeWith(ENTRY, { ...ENTRY, shortUrl: 'https://shrtnr.co/Old', createdAt: 1 });
    const answer = await fromHistory(store, true, ACCOUNT, REQUEST, { longUrl: ENTRY.longUrl, removedParams: [] });
    expect(answer).toEqual({ shortUrl: ENTRY.shortUrl, longUrl: ENTRY.longUrl, used: 2, fromHistory: true, removedParams: [], secretParams: [], title: 'Stored title' });
    expect(await store.creditsSaved()).toBe(2);
  });

  it("gives a link made since the asker's own start as made, not reused: no credit counted as saved", async () => {
    const store = await storeWith(ENTRY);
    const answer = await fromHistory(store, true, ACCOUNT, REQUEST, { longUrl: ENTRY.longUrl, removedParams: [] }, ENTRY.createdAt);
    expect(answer).toMatchObject({ shortUrl: ENTRY.shortUrl, fromHistory: false });
    expect(await store.creditsSaved()).toBe(0);
    expect(await fromHistory(store, true, ACCOUNT, REQUEST, { longUrl: ENTRY.longUrl, removedParams: [] }, ENTRY.createdAt + 1)).toMatchObject({ fromHistory: true });
  });

  it('gives nothing for another server, a new link asked for, or history turned off', async () => {
    const store = await storeWith(ENTRY);
    const prepared = { longUrl: ENTRY.longUrl, removedParams: [] };
    expect(await fromHistory(store, true, { ...ACCOUNT, server: 'https://mirror.example' }, REQUEST, prepared)).toBeUndefined();
    expect(await fromHistory(store, true, ACCOUNT, { ...REQUEST, fresh: true }, prepared)).toBeUndefined();
    expect(await fromHistory(store, false, ACCOUNT, REQUEST, prepared)).toBeUndefined();
    expect(await fromHistory(store, true, { ...ACCOUNT, server: '' }, REQUEST, prepared)).toBeUndefined();
    expect(await store.creditsSaved()).toBe(0);
  });

  it("gives nothing another account made on the same server; a link from before accounts is the first account's", async () => {
    const team: Account = { id: 'account-team', name: 'Team', server: SERVER };
    const prepared = { longUrl: ENTRY.longUrl, removedParams: [] };
    // ENTRY names no account: made before accounts, by the first.
    const store = await storeWith(ENTRY);
    expect(await fromHistory(store, true, team, REQUEST, prepared)).toBeUndefined();
    expect(await fromHistory(store, true, ACCOUNT, REQUEST, prepared)).toMatchObject({ shortUrl: ENTRY.shortUrl });
    const teams = await storeWith({ ...ENTRY, shortUrl: 'https://shrtnr.co/Team', account: team.id });
    expect(await fromHistory(teams, true, ACCOUNT, REQUEST, prepared)).toBeUndefined();
    expect(await fromHistory(teams, true, team, REQUEST, prepared)).toMatchObject({ shortUrl: 'https://shrtnr.co/Team' });
  });
});

/** A history file someone sends, with the planted entry dated `createdAt`. */
const fileWith = (createdAt: number) =>
  JSON.stringify({
    format: 'shrtnr-history',
    version: 1,
    exportedAt: '2026-01-15T00:00:00.000Z',
    entries: [{ shortUrl: 'https://evil.example/x', longUrl: 'https://bank.example/', server: SERVER, createdAt, via: 'popup-tab' }],
  });

describe('an imported history file (issue 19)', () => {
  const NOW = Date.UTC(2026, 0, 15);
  const bank = { longUrl: 'https://bank.example/', removedParams: [] };

  it('never answers for a page it names, even dated within bounds: the page is shortened anew', async () => {
    const parsed = parseHistoryJson(fileWith(NOW - 60_000), NOW);
    if (!parsed.ok) throw new Error('The file was refused whole.');
    const store = await storeWith(...parsed.entries);
    expect((await store.all()).entries.map((entry) => entry.shortUrl)).toEqual(['https://evil.example/x']);
    expect(await fromHistory(store, true, ACCOUNT, REQUEST, bank)).toBeUndefined();
    expect(await store.creditsSaved()).toBe(0);
  });

  it('refuses the far-future date of the issue outright', () => {
    expect(parseHistoryJson(fileWith(4102444800000), NOW)).toEqual({ ok: true, entries: [], invalid: 0, repeated: 0, future: 1 });
  });
});

describe('what is recorded', () => {
  const made: Shortening = { shortUrl: 'https://shrtnr.co/New', longUrl: 'https://example.com/a', used: 1, fromHistory: false, removedParams: [], secretParams: [] };
  const title = (raw: string) => historyEntryFor(made, { ...REQUEST, title: raw }, MAKER, 42)?.title;

  it('a new link, with its way in, title, server, credits and the account that made it', () => {
    expect(historyEntryFor(made, { ...REQUEST, title: '  A page  ' }, MAKER, 42)).toEqual({
      shortUrl: made.shortUrl,
      longUrl: made.longUrl,
      server: SERVER,
      createdAt: 42,
      via: 'menu-link',
      title: 'A page',
      used: 1,
      account: FIRST_ACCOUNT_ID,
    });
  });

  it('a title without what XML 1.0 forbids (a control character, U+FFFE, U+FFFF, a lone surrogate), cut to 1024 characters before', () => {
    expect(title(' A\u0001 guide\u0008 to\uFFFE gardening\uFFFF\u001F ')).toBe('A guide to gardening');
    expect(title('Tabs\tand\nlines, an emoji 😀 and \uD800 half of one')).toBe('Tabs\tand\nlines, an emoji 😀 and  half of one');
    // The cut falls inside the emoji's pair: its first half, alone, goes too.
    expect(title(`${'a'.repeat(1023)}😀`)).toBe('a'.repeat(1023));
    expect(title('\uFFFE\u0002')).toBeUndefined();
  });

  it("a page's own link under the origin that serves it, and by no account", () => {
    const own: Shortening = { ...made, shortUrl: 'https://youtu.be/xyz', pageOwn: true };
    const entry = historyEntryFor(own, REQUEST, { history: true, account: { id: 'account-team', server: SERVER } }, 42);
    expect(entry).toMatchObject({ server: 'https://youtu.be', pageOwn: true });
    expect(entry).not.toHaveProperty('account');
  });

  it('nothing from a private window, with history off, or for a link history gave', () => {
    expect(historyEntryFor(made, { ...REQUEST, private: true }, MAKER, 42)).toBeUndefined();
    expect(historyEntryFor(made, REQUEST, { ...MAKER, history: false }, 42)).toBeUndefined();
    expect(historyEntryFor({ ...made, fromHistory: true }, REQUEST, MAKER, 42)).toBeUndefined();
  });
});

describe('a link whose address looks like it carries a secret', () => {
  it('says which parameters, when it comes from history too', async () => {
    const entry = { ...ENTRY, longUrl: 'https://bank.example/reset?token=x' };
    const store = await storeWith(entry);
    const answer = await fromHistory(store, true, ACCOUNT, REQUEST, { longUrl: entry.longUrl, removedParams: [] });
    expect(answer?.secretParams).toEqual(['token']);
  });
});

describe('an address prepared with a campaign', () => {
  const campaign = { name: 'Spring', params: [{ key: 'utm_source', value: 'news' }, { key: 'utm_campaign', value: 'spring' }] };

  it('names the utm_ tags the campaign replaced without clean links, as clean links would have', () => {
    const prepared = prepareLongUrl('https://shop.example/p?utm_source=ad&utm_content=ad7&id=1', false, campaign);
    expect(prepared).toEqual({ ok: true, value: { longUrl: 'https://shop.example/p?id=1&utm_source=news&utm_campaign=spring', removedParams: ['utm_content'] } });
  });

  it('keeps the campaign\'s tags when clean links take the tracking off, and names only what did not come back', () => {
    const prepared = prepareLongUrl('https://shop.example/p?utm_source=old&fbclid=x&id=1', true, campaign);
    expect(prepared).toEqual({ ok: true, value: { longUrl: 'https://shop.example/p?id=1&utm_source=news&utm_campaign=spring', removedParams: ['fbclid'] } });
  });

  it('is checked after tagging, as any address is', () => {
    expect(prepareLongUrl('javascript:alert(1)', false, campaign)).toMatchObject({ ok: false, error: { kind: 'unsupported-scheme' } });
  });
});
