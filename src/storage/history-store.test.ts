import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_ACCOUNT_ID } from './accounts';
import { asHistoryEntry, type HistoryEntry } from './history-entry';
import { openHistoryStore } from './history-store';

// Counts validations, to tell a cursor that stops early from a read of everything.
vi.mock('./history-entry', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./history-entry')>();
  return { ...actual, asHistoryEntry: vi.fn(actual.asHistoryEntry) };
});

const SERVER = 'https://shrtnr.co';
const T0 = 1_700_000_000_000;

/** Entry number n, made n seconds after T0. */
const entry = (n: number, overrides: Partial<HistoryEntry> = {}): HistoryEntry => ({
  shortUrl: `${SERVER}/s${n}`,
  longUrl: `https://example.com/page/${n}`,
  server: SERVER,
  createdAt: T0 + n * 1000,
  via: 'popup-tab',
  ...overrides,
});
/** Entry n as an import brings it. */
const imported = (n: number) => entry(n, { origin: 'imported' });
const shortUrls = (entries: readonly HistoryEntry[]) => entries.map((each) => each.shortUrl);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** Opens the history database as another program would, with no validation. */
function rawDatabase(factory: IDBFactory, version?: number, onUpgrade?: (db: IDBDatabase) => void): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open('shrtnr-history', version);
    request.onupgradeneeded = () => onUpgrade?.(request.result);
    request.onsuccess = () => resolve(request.result);
    request.addEventListener('error', () => reject(request.error));
    request.onblocked = () => reject(new Error('blocked'));
  });
}

async function putRaw(factory: IDBFactory, records: readonly object[]): Promise<void> {
  const db = await rawDatabase(factory);
  const transaction = db.transaction('entries', 'readwrite');
  for (const record of records) transaction.objectStore('entries').put(record);
  await new Promise((resolve, reject) => {
    transaction.oncomplete = resolve;
    transaction.addEventListener('abort', () => reject(transaction.error));
  });
  db.close();
}

/** The database as version 1 created it, with these records in it. */
async function versionOne(factory: IDBFactory, records: readonly object[]): Promise<void> {
  const db = await rawDatabase(factory, 1, (created) => {
    const entries = created.createObjectStore('entries', { keyPath: 'shortUrl' });
    entries.createIndex('createdAt', 'createdAt');
    entries.createIndex('server-longUrl', ['server', 'longUrl']);
    created.createObjectStore('meta');
  });
  db.close();
  await putRaw(factory, records);
}

/** A listener, and a promise of its first call. */
function nextCall() {
  let resolve!: () => void;
  const called = new Promise<void>((done) => (resolve = done));
  return { called, listener: vi.fn(() => resolve()) };
}

let factory: IDBFactory;
beforeEach(() => {
  factory = new IDBFactory();
  vi.mocked(asHistoryEntry).mockClear();
});

describe('recording and reading', () => {
  it('reads back what was recorded, newest first', async () => {
    const store = openHistoryStore({ indexedDB: factory });
    for (const n of [2, 1, 3]) await store.record(entry(n));
    expect(await store.count()).toBe(3);
    expect(shortUrls(await store.recent(10))).toEqual(shortUrls([entry(3), entry(2), entry(1)]));
    expect(await store.recent(2)).toEqual([entry(3), entry(2)]);
    expect(await store.recent(0)).toEqual([]);
    expect(await store.all()).toEqual({ entries: [entry(3), entry(2), entry(1)], skipped: 0 });
    expect(await store.findCached(SERVER, entry(2).longUrl, FIRST_ACCOUNT_ID)).toEqual(entry(2));
  });

  it('replaces an entry with the same short link', async () => {
    const store = openHistoryStore({ indexedDB: factory });
    await store.record(entry(1));
    await store.record(entry(1, { title: 'Again', createdAt: T0 + 50_000 }));
    expect(await store.all()).toEqual({ entries: [entry(1, { title: 'Again', createdAt: T0 + 50_000 })], skipped: 0 });
  });

  it("never lets a page's claim or another server's answer take the place of a link made here", async () => {
    const store = openHistoryStore({ indexedDB: factory });
    const mine = entry(1);
    await store.record(mine);
    // A page declaring the user's short link as its own, for itself.
    await store.record(entry(1, { longUrl: 'https://evil.example/', pageOwn: true, server: 'https://evil.example' }));
    // Another account's server answering with it.
    await store.record(entry(1, { longUrl: 'https://evil.example/', server: 'https://rogue.example', account: 'account-rogue' }));
    expect(await store.all()).toEqual({ entries: [mine], skipped: 0 });
    expect(await store.findCached(SERVER, mine.longUrl, FIRST_ACCOUNT_ID)).toEqual(mine);
  });

  it('lets its own server give the link again for another account (one removed and added again has a new id)', async () => {
    const store = openHistoryStore({ indexedDB: factory });
    await store.record(entry(1));
    const again = entry(1, { createdAt: T0 + 9_000, account: 'account-again' });
    await store.record(again);
    expect(await store.all()).toEqual({ entries: [again], skipped: 0 });
    expect(await store.findCached(SERVER, again.longUrl, 'account-again')).toEqual(again);
  });

  it("lets a link made here take the place of a file's entry or a page's own link", async () => {
    const store = openHistoryStore({ indexedDB: factory });
    await store.record(imported(1));
    await store.record(entry(2, { pageOwn: true }));
    await store.record(entry(1, { createdAt: T0 + 5 }));
    await store.record(entry(2, { createdAt: T0 + 6 }));
    expect(await store.all()).toEqual({ entries: [entry(2, { createdAt: T0 + 6 }), entry(1, { createdAt: T0 + 5 })], skipped: 0 });
  });

  it('keeps what is recorded in a database a second connection sees', async () => {
    await openHistoryStore({ indexedDB: factory }).record(entry(1));
    expect(await openHistoryStore({ indexedDB: factory }).recent(5)).toEqual([entry(1)]);
  });

  it('reads the newest entries without reading the others', async () => {
    const store = openHistoryStore({ indexedDB: factory });
    await store.merge(range(1, 200).map((n) => entry(n)));
    vi.mocked(asHistoryEntry).mockClear();
    expect(shortUrls(await store.recent(10))).toEqual(shortUrls(range(191, 200).toReversed().map((n) => entry(n))));
    expect(vi.mocked(asHistoryEntry).mock.calls.length).toBeLessThanOrEqual(11);
  });
});

describe('the cache', () => {
  it("moves the links an account made here on its server to its new id, and no other's", async () => {
    const store = openHistoryStore({ indexedDB: factory });
    const mine = [entry(1), entry(2, { account: FIRST_ACCOUNT_ID })];
    const others = [
      entry(3, { account: 'account-team' }),
      entry(4, { server: 'https://other.example', shortUrl: 'https://other.example/x' }),
      entry(5, { origin: 'imported' }),
      entry(6, { pageOwn: true, server: 'https://page.example', shortUrl: 'https://page.example/own' }),
    ];
    for (const each of [...mine, ...others]) await store.record(each);
    await store.moveAccount(FIRST_ACCOUNT_ID, 'account-new', SERVER);
    const { entries } = await store.all();
    const byShortUrl = new Map(entries.map((each) => [each.shortUrl, each]));
    for (const each of mine) expect(byShortUrl.get(each.shortUrl)).toEqual({ ...each, account: 'account-new' });
    for (const each of others) expect(byShortUrl.get(each.shortUrl)).toEqual(each);
    // The cache answers the new id with them.
    expect(await store.findCached(SERVER, entry(2).longUrl, 'account-new')).toMatchObject({ shortUrl: entry(2).shortUrl });
  });

  it('answers per server and per long URL, with the newest entry', async () => {
    const store = openHistoryStore({ indexedDB: factory });
    const longUrl = 'https://example.com/article';
    const older = entry(1, { longUrl });
    const newest = entry(3, { longUrl });
    const otherServer = entry(4, { longUrl, server: 'https://other.example', shortUrl: 'https://other.example/x' });
    for (const each of [newest, older, otherServer, entry(5)]) await store.record(each);
    expect(await store.findCached(SERVER, longUrl, FIRST_ACCOUNT_ID)).toEqual(newest);
    expect(await store.findCached('https://other.example', longUrl, FIRST_ACCOUNT_ID)).toEqual(otherServer);
    expect(await store.findCached('https://third.example', longUrl, FIRST_ACCOUNT_ID)).toBeUndefined();
    expect(await store.findCached(SERVER, 'https://example.com/never', FIRST_ACCOUNT_ID)).toBeUndefined();
  });

  it('never answers with an imported entry, however new: only with a link made here', async () => {
    const store = openHistoryStore({ indexedDB: factory });
    const longUrl = 'https://bank.example/';
    const planted = entry(9, { longUrl, shortUrl: 'https://evil.example/x', origin: 'imported' });
    const made = entry(1, { longUrl });
    await store.merge([planted]);
    expect(await store.findCached(SERVER, longUrl, FIRST_ACCOUNT_ID)).toBeUndefined();
    await store.record(made);
    expect(await store.findCached(SERVER, longUrl, FIRST_ACCOUNT_ID)).toEqual(made);
    // Still listed, newest first, with its mark.
    expect((await store.all()).entries).toEqual([planted, made]);
  });

  it('never answers with a page\'s own short link, even one kept under the server\'s origin: the cache is the server\'s links', async () => {
    const store = openHistoryStore({ indexedDB: factory });
    const longUrl = 'https://blog.example/2026/11/a-post';
    const pageOwn = entry(9, { longUrl, shortUrl: `${SERVER}/own`, pageOwn: true });
    await store.record(pageOwn);
    expect(await store.findCached(SERVER, longUrl, FIRST_ACCOUNT_ID)).toBeUndefined();
    expect((await store.all()).entries).toEqual([pageOwn]);
  });

  it("never answers with another account's link on the same server, however new", async () => {
    const store = openHistoryStore({ indexedDB: factory });
    const longUrl = 'https://example.com/shared';
    const mine = entry(1, { longUrl, account: 'account-mine' });
    const team = entry(9, { longUrl, shortUrl: `${SERVER}/team`, account: 'account-team' });
    for (const each of [mine, team]) await store.record(each);
    expect(await store.findCached(SERVER, longUrl, 'account-mine')).toEqual(mine);
    expect(await store.findCached(SERVER, longUrl, 'account-team')).toEqual(team);
    expect(await store.findCached(SERVER, longUrl, FIRST_ACCOUNT_ID)).toBeUndefined();
    expect(await store.findCached(SERVER, longUrl, 'account-third')).toBeUndefined();
  });

  it("answers with an entry that names no account (made before accounts) for the first account only", async () => {
    const store = openHistoryStore({ indexedDB: factory });
    const longUrl = 'https://example.com/before-accounts';
    const before = entry(1, { longUrl });
    await store.record(before);
    expect(await store.findCached(SERVER, longUrl, FIRST_ACCOUNT_ID)).toEqual(before);
    expect(await store.findCached(SERVER, longUrl, 'account-team')).toBeUndefined();
    // The first account's newer link, naming it, is the newest answer; the older one, naming none, still counts as its.
    const named = entry(2, { longUrl, shortUrl: `${SERVER}/named`, account: FIRST_ACCOUNT_ID });
    await store.record(named);
    expect(await store.findCached(SERVER, longUrl, FIRST_ACCOUNT_ID)).toEqual(named);
  });

  it('answers with a link made here that replaced an imported one of the same short link', async () => {
    const store = openHistoryStore({ indexedDB: factory });
    await store.merge([entry(1, { origin: 'imported' })]);
    await store.record(entry(2, { shortUrl: entry(1).shortUrl, longUrl: entry(1).longUrl }));
    expect(await store.findCached(SERVER, entry(1).longUrl, FIRST_ACCOUNT_ID)).toEqual(entry(2, { shortUrl: entry(1).shortUrl, longUrl: entry(1).longUrl }));
  });
});

describe('corrupt records', () => {
  const longUrl = 'https://example.com/cached';
  const corrupt = [
    { ...entry(90, { longUrl }), shortUrl: 'javascript:alert(1)//' },
    { ...entry(91), longUrl: 42, createdAt: 'yesterday' },
    { ...entry(92, { longUrl }), via: 'somewhere' },
    { shortUrl: `${SERVER}/bare` },
    // A time no Date can print (issue 19): it sorted above every entry and broke the page.
    { ...entry(93, { longUrl }), createdAt: 9e15 },
    // A mark no version writes.
    { ...entry(94, { longUrl }), origin: 'local' },
  ];

  it('are skipped by every read, and counted by all()', async () => {
    const store = openHistoryStore({ indexedDB: factory });
    await store.record(entry(1, { longUrl }));
    await store.record(entry(2));
    await putRaw(factory, corrupt);
    expect(await store.recent(3)).toEqual([entry(2), entry(1, { longUrl })]);
    expect(await store.all()).toEqual({ entries: [entry(2), entry(1, { longUrl })], skipped: 6 });
    expect(await store.findCached(SERVER, longUrl, FIRST_ACCOUNT_ID)).toEqual(entry(1, { longUrl }));
    expect(await store.remove(`${SERVER}/bare`)).toBeUndefined();
    expect(await store.clear()).toEqual([entry(2), entry(1, { longUrl })]);
  });

  it('an imported entry whose long URL a link the user shortens could not have (imported before the import checked it) is skipped by every read', async () => {
    const store = openHistoryStore({ indexedDB: factory });
    await store.count(); // The database, created as the store opens it.
    const unchecked = [
      entry(95, { origin: 'imported', longUrl: 'https://www.bank.example@evil.example/login' }),
      entry(96, { origin: 'imported', longUrl: 'https://example.com/a\nb' }),
      entry(97, { origin: 'imported', longUrl: 'https://example.com/a\tb' }),
    ];
    await putRaw(factory, [...unchecked, imported(98)]);
    expect(await store.count()).toBe(4);
    expect(await store.all()).toEqual({ entries: [imported(98)], skipped: 3 });
    expect(await store.recent(4)).toEqual([imported(98)]);
    // Removed as any record is, and never given back to be shown (an Undo would put it back).
    expect(await store.remove(`${SERVER}/s95`)).toBeUndefined();
    expect(await store.count()).toBe(3);
  });

  it('a title recorded with what XML 1.0 forbids (before the address bar\'s suggestions needed it out) reads without it', async () => {
    const store = openHistoryStore({ indexedDB: factory });
    await store.count(); // The database, created as the store opens it.
    await putRaw(factory, [entry(1, { title: 'A\u0001 guide\uFFFE to\uFFFF gardening\uD800' })]);
    expect(await store.all()).toEqual({ entries: [entry(1, { title: 'A guide to gardening' })], skipped: 0 });
    expect(await store.recent(1)).toEqual([entry(1, { title: 'A guide to gardening' })]);
  });

  it('count as no credits saved', async () => {
    const store = openHistoryStore({ indexedDB: factory });
    expect(await store.creditsSaved()).toBe(0);
    await store.countReuse(entry(1));
    const db = await rawDatabase(factory);
    await new Promise((resolve) => (db.transaction('meta', 'readwrite').objectStore('meta').put('lots', 'creditsSaved').onsuccess = resolve));
    db.close();
    expect(await store.creditsSaved()).toBe(0);
    await store.countReuse(entry(1, { used: 3 }));
    expect(await store.creditsSaved()).toBe(3);
  });
});

describe('the bound', () => {
  it('drops the oldest entry when one more is recorded', async () => {
    const store = openHistoryStore({ indexedDB: factory, maxEntries: 5 });
    for (const n of [3, 1, 5, 2, 4]) await store.record(entry(n));
    await store.record(entry(6));
    expect(shortUrls((await store.all()).entries)).toEqual(shortUrls(range(2, 6).toReversed().map((n) => entry(n))));
    // One older than everything kept is dropped at once.
    await store.record(entry(0));
    expect(shortUrls((await store.all()).entries)).toEqual(shortUrls(range(2, 6).toReversed().map((n) => entry(n))));
  });

  it('counts merged entries older than everything kept as over the bound', async () => {
    const store = openHistoryStore({ indexedDB: factory, maxEntries: 5 });
    for (const n of range(10, 14)) await store.record(entry(n));
    expect(await store.merge([entry(1), entry(20), entry(12), entry(2), entry(21)])).toEqual({ added: shortUrls([entry(20), entry(21)]), alreadyThere: 1, overBound: 2, dropped: [entry(10), entry(11)] });
    expect(shortUrls((await store.all()).entries)).toEqual(shortUrls([21, 20, 14, 13, 12].map((n) => entry(n))));
  });

  it('keeps the newest of a merge larger than the bound', async () => {
    const store = openHistoryStore({ indexedDB: factory, maxEntries: 5 });
    expect(await store.merge(range(1, 8).map((n) => entry(n)))).toEqual({ added: shortUrls(range(4, 8).map((n) => entry(n))), alreadyThere: 0, overBound: 3, dropped: [] });
    expect(await store.count()).toBe(5);
  });
});

describe('the bound, with imported entries (issue 19)', () => {

  it('an import into a history full of links made here drops none of them: the import is what is not kept', async () => {
    const store = openHistoryStore({ indexedDB: factory, maxEntries: 5 });
    for (const n of range(1, 5)) await store.record(entry(n));
    // Newer than every one of them, as 10,000 planted entries would be.
    expect(await store.merge([imported(20), imported(21)])).toEqual({ added: [], alreadyThere: 0, overBound: 2, dropped: [] });
    expect((await store.all()).entries).toEqual(range(1, 5).toReversed().map((n) => entry(n)));
  });

  it('an import drops earlier imported entries to make room, oldest first, and says which', async () => {
    const store = openHistoryStore({ indexedDB: factory, maxEntries: 5 });
    for (const n of [1, 2, 3]) await store.record(entry(n));
    await store.merge([imported(10), imported(11)]);
    // Two new ones, one older than the imported ones already there: it goes first, then the oldest of those.
    expect(await store.merge([imported(12), imported(5)])).toEqual({ added: [imported(12).shortUrl], alreadyThere: 0, overBound: 1, dropped: [imported(10)] });
    expect((await store.all()).entries).toEqual([imported(12), imported(11), entry(3), entry(2), entry(1)]);
  });

  it('reads the newest links made here, past newer imported ones, when asked (the popup\'s recent links)', async () => {
    const store = openHistoryStore({ indexedDB: factory });
    for (const n of [1, 2]) await store.record(entry(n));
    await store.merge([imported(3), imported(4), imported(5)]);
    expect(await store.recent(2, { madeHereOnly: true })).toEqual([entry(2), entry(1)]);
    expect(await store.recent(2)).toEqual([imported(5), imported(4)]);
  });

  it('recording a link in a full history drops the oldest imported entry before any made here', async () => {
    const store = openHistoryStore({ indexedDB: factory, maxEntries: 5 });
    for (const n of [1, 2, 3]) await store.record(entry(n));
    await store.merge([imported(6), imported(5)]);
    await store.record(entry(7));
    expect(shortUrls((await store.all()).entries)).toEqual(shortUrls([7, 6, 3, 2, 1].map((n) => entry(n))));
    // With none imported left, the oldest goes, as before.
    await store.record(entry(8));
    await store.record(entry(9));
    expect(shortUrls((await store.all()).entries)).toEqual(shortUrls([9, 8, 7, 3, 2].map((n) => entry(n))));
  });

  it('undoing an import takes away what it added and puts back what it dropped', async () => {
    const store = openHistoryStore({ indexedDB: factory, maxEntries: 5 });
    for (const n of [1, 2, 3]) await store.record(entry(n));
    await store.merge([imported(10), imported(11)]);
    const before = await store.all();
    const outcome = await store.merge([imported(12), imported(13), imported(3)]);
    expect(outcome).toEqual({ added: shortUrls([imported(12), imported(13)]), alreadyThere: 1, overBound: 0, dropped: [imported(10), imported(11)] });
    expect(await store.undoMerge(outcome.added, outcome.dropped)).toEqual({ removed: 2, restored: 2 });
    expect(await store.all()).toEqual(before);
  });

  it('undoing an import leaves a link recorded here since, with the same short link, and what was put back elsewhere', async () => {
    const store = openHistoryStore({ indexedDB: factory });
    const outcome = await store.merge([imported(1), imported(2)]);
    // The server gave the same short link to a shortening made here since.
    await store.record(entry(5, { shortUrl: imported(1).shortUrl }));
    expect(await store.undoMerge(outcome.added, [imported(7)])).toEqual({ removed: 1, restored: 1 });
    expect((await store.all()).entries).toEqual([imported(7), entry(5, { shortUrl: imported(1).shortUrl })]);
    // Nothing to undo, nothing done.
    expect(await store.undoMerge([], [])).toEqual({ removed: 0, restored: 0 });
  });
});

describe('a version 1 database, from before imports were marked', () => {
  it('is upgraded on opening, its records kept and counted as made here', async () => {
    await versionOne(factory, [entry(1), entry(2), entry(3)]);
    const store = openHistoryStore({ indexedDB: factory, maxEntries: 4 });
    expect((await store.all()).entries).toEqual([entry(3), entry(2), entry(1)]);
    expect(await store.findCached(SERVER, entry(2).longUrl, FIRST_ACCOUNT_ID)).toEqual(entry(2));
    // The new index is there, and knows none of them as imported: an import makes no room at their cost.
    expect(await store.merge([entry(8, { origin: 'imported' }), entry(9, { origin: 'imported' })])).toEqual({
      added: [entry(9).shortUrl],
      alreadyThere: 0,
      overBound: 1,
      dropped: [],
    });
    const upgraded = await rawDatabase(factory);
    expect(upgraded.version).toBe(2);
    expect([...upgraded.transaction('entries').objectStore('entries').indexNames]).toEqual(['createdAt', 'origin-createdAt', 'server-longUrl']);
    upgraded.close();
  });
});

describe('two contexts at once', () => {
  it('lose no entry when both record at the same moment', async () => {
    const first = openHistoryStore({ indexedDB: factory });
    const second = openHistoryStore({ indexedDB: factory });
    await Promise.all(range(1, 100).map((n) => (n % 2 ? first : second).record(entry(n))));
    expect(await first.count()).toBe(100);
    expect((await second.all()).entries).toHaveLength(100);
  });

  it('lose no reuse when both count at the same moment', async () => {
    const first = openHistoryStore({ indexedDB: factory });
    const second = openHistoryStore({ indexedDB: factory });
    // Half cost 2 credits, half reported nothing (counted as 1): 20 × 2 + 20 × 1.
    await Promise.all(range(1, 40).map((n) => (n % 2 ? first : second).countReuse(entry(n, n % 4 < 2 ? { used: 2 } : {}))));
    expect(await first.creditsSaved()).toBe(60);
    expect(await second.creditsSaved()).toBe(60);
  });
});

describe('removing, and undoing it', () => {
  it('resolves to the removed entry, or to undefined when it was not there', async () => {
    const store = openHistoryStore({ indexedDB: factory });
    await store.record(entry(1));
    await store.record(entry(2));
    expect(await store.remove(entry(1).shortUrl)).toEqual(entry(1));
    expect(await store.remove(entry(1).shortUrl)).toBeUndefined();
    expect(await store.recent(5)).toEqual([entry(2)]);
  });

  it('clears everything, and a merge of what was cleared restores it', async () => {
    const store = openHistoryStore({ indexedDB: factory });
    for (const n of range(1, 4)) await store.record(entry(n));
    const cleared = await store.clear();
    expect(cleared).toEqual(range(1, 4).toReversed().map((n) => entry(n)));
    expect(await store.count()).toBe(0);
    expect(await store.merge(cleared)).toEqual({ added: shortUrls(cleared), alreadyThere: 0, overBound: 0, dropped: [] });
    expect(await store.all()).toEqual({ entries: cleared, skipped: 0 });
  });
});

describe('merging', () => {
  it('adds only the entries whose short link is not there', async () => {
    const store = openHistoryStore({ indexedDB: factory });
    await store.record(entry(1, { title: 'Kept' }));
    expect(await store.merge([entry(1), entry(2), entry(3), entry(2)])).toEqual({ added: shortUrls([entry(2), entry(3)]), alreadyThere: 2, overBound: 0, dropped: [] });
    expect((await store.all()).entries).toEqual([entry(3), entry(2), entry(1, { title: 'Kept' })]);
  });

  it('keeps nothing of a merge that fails, and rejects', async () => {
    const store = openHistoryStore({ indexedDB: factory });
    const keyless = { ...entry(3), shortUrl: undefined } as unknown as HistoryEntry;
    await expect(store.merge([entry(1), entry(2), keyless])).rejects.toMatchObject({ name: 'DataError' });
    expect(await store.count()).toBe(0);
  });
});

describe('the connection', () => {
  it('rejects with the IndexedDB error when it cannot open, and retries on the next call', async () => {
    (await rawDatabase(factory, 3, (db) => db.createObjectStore('entries'))).close();
    const store = openHistoryStore({ indexedDB: factory });
    await expect(store.count()).rejects.toMatchObject({ name: 'VersionError' });
    await new Promise((resolve) => (factory.deleteDatabase('shrtnr-history').onsuccess = resolve));
    await store.record(entry(1));
    expect(await store.count()).toBe(1);
  });

  it('steps aside for an upgrade opened elsewhere', async () => {
    const store = openHistoryStore({ indexedDB: factory });
    await store.record(entry(1));
    // rawDatabase rejects if blocked.
    const upgraded = await rawDatabase(factory, 3);
    expect(upgraded.version).toBe(3);
    upgraded.close();
    await expect(store.count()).rejects.toMatchObject({ name: 'VersionError' });
  });
});

describe('change notifications', () => {
  let channelName: string;
  beforeEach(() => {
    channelName = `history-test-${Math.random()}`;
  });
  it('tell this context and the others, once the write is committed', async () => {
    const writer = openHistoryStore({ indexedDB: factory, channelName });
    const reader = openHistoryStore({ indexedDB: factory, channelName });
    const own = nextCall();
    const other = nextCall();
    writer.onChange(own.listener);
    reader.onChange(other.listener);
    await writer.record(entry(1));
    await Promise.all([own.called, other.called]);
    expect(await reader.recent(1)).toEqual([entry(1)]);
    expect(own.listener).toHaveBeenCalledTimes(1);
    expect(other.listener).toHaveBeenCalledTimes(1);
  });

  it('stop after unsubscribing', async () => {
    const writer = openHistoryStore({ indexedDB: factory, channelName });
    const reader = openHistoryStore({ indexedDB: factory, channelName });
    const gone = vi.fn();
    const goneHere = vi.fn();
    reader.onChange(gone)();
    writer.onChange(goneHere)();
    const still = nextCall();
    reader.onChange(still.listener);
    await writer.record(entry(1));
    // Messages arrive in order: once `still` has heard, `gone` would have too.
    await still.called;
    expect(gone).not.toHaveBeenCalled();
    expect(goneHere).not.toHaveBeenCalled();
  });

  it('are not sent for reads', async () => {
    const store = openHistoryStore({ indexedDB: factory, channelName });
    await store.record(entry(1));
    const listener = vi.fn();
    store.onChange(listener);
    await store.all();
    await store.recent(1);
    await store.creditsSaved();
    // A write tells the listeners before its promise resolves; a read that told them would have
    // done so before its own. The write after the reads is then the only call.
    await store.record(entry(2));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
