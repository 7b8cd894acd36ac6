import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../storage/history-entry';
import { historyCsv } from './export-file';
import { FUTURE_TOLERANCE_MS, MAX_IMPORT_MEGABYTES, parseHistoryJson, readHistoryFile } from './import-file';

const VALID: HistoryEntry = { shortUrl: 'https://shrtnr.co/a', longUrl: 'https://example.com/', server: 'https://shrtnr.co', createdAt: 1_700_000_000_000, via: 'shortcut' };
const OTHER: HistoryEntry = { ...VALID, shortUrl: 'https://shrtnr.co/b', title: 'B', used: 2 };
/** What an import makes of an entry: the same, marked imported. */
const imported = (entry: HistoryEntry): HistoryEntry => ({ ...entry, origin: 'imported' });

/** The moment each import happens, in these tests. */
const NOW = Date.UTC(2025, 2, 1, 12);
const parse = (text: string) => parseHistoryJson(text, NOW);

/** VALID under another short link and date. */
const at = (code: string, createdAt: number): HistoryEntry => ({ ...VALID, shortUrl: `https://shrtnr.co/${code}`, createdAt });

const exportOf = (entries: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ format: 'shrtnr-history', version: 1, exportedAt: '2025-03-01T12:00:00.000Z', entries, ...extra });

describe('parsing a history export', () => {
  it('keeps valid entries and counts the invalid and the repeated', () => {
    const parsed = parse(
      exportOf([VALID, { ...VALID, shortUrl: 'javascript:alert(1)' }, OTHER, { ...OTHER, title: 'again' }, 'not an entry', null, [VALID], { ...VALID, shortUrl: 'https://shrtnr.co/c', via: 'nowhere' }]),
    );
    expect(parsed).toEqual({ ok: true, entries: [imported(VALID), imported(OTHER)], invalid: 5, repeated: 1, future: 0 });
  });

  it("holds each long URL to the checks of the user's own links, and keeps it as the file writes it", () => {
    const parsed = parse(
      exportOf([
        { ...VALID, shortUrl: 'https://shrtnr.co/d1', longUrl: 'https://www.paypal.com@evil.example/login' },
        { ...VALID, shortUrl: 'https://shrtnr.co/d2', longUrl: 'https://user:pw@example.com/' },
        { ...VALID, shortUrl: 'https://shrtnr.co/d3', longUrl: 'https://example.com/a\nb' },
        { ...VALID, shortUrl: 'https://shrtnr.co/d4', longUrl: 'HTTPS://Example.COM/a b' },
      ]),
    );
    expect(parsed).toEqual({ ok: true, entries: [imported({ ...VALID, shortUrl: 'https://shrtnr.co/d4', longUrl: 'HTTPS://Example.COM/a b' })], invalid: 3, repeated: 0, future: 0 });
  });

  it('refuses dates a Date cannot print, and counts apart those after now plus a day', () => {
    const parsed = parse(
      exportOf([
        at('unprintable', 9e15),
        at('past-the-end', 8.64e15 + 1),
        at('far-future', 4102444800000),
        at('tomorrow-and-a-bit', NOW + FUTURE_TOLERANCE_MS + 1),
        at('tomorrow', NOW + FUTURE_TOLERANCE_MS),
        at('epoch', 0),
      ]),
    );
    expect(parsed).toEqual({ ok: true, entries: [imported(at('tomorrow', NOW + FUTURE_TOLERANCE_MS)), imported(at('epoch', 0))], invalid: 2, repeated: 0, future: 2 });
  });

  it('drops fields an entry does not have', () => {
    const parsed = parse(exportOf([{ ...VALID, extra: '<script>' }]));
    expect(parsed).toEqual({ ok: true, entries: [imported(VALID)], invalid: 0, repeated: 0, future: 0 });
  });

  it('marks every entry imported, whatever the file says of it', () => {
    const claims = [{ ...VALID, shortUrl: 'https://shrtnr.co/none' }, { ...VALID, origin: 'local' }, { ...OTHER, origin: 'imported' }, { ...VALID, shortUrl: 'https://shrtnr.co/odd', origin: 42 }];
    const parsed = parse(exportOf(claims));
    expect(parsed).toMatchObject({ ok: true, invalid: 0 });
    expect(parsed.ok && parsed.entries.map((entry) => entry.origin)).toEqual(['imported', 'imported', 'imported', 'imported']);
  });

  it('imports every entry as of no account, whatever account the file names, and reads files with and without one', () => {
    const named = [{ ...VALID, account: 'account-2' }, { ...OTHER, account: 42 }, { ...VALID, shortUrl: 'https://shrtnr.co/long-id', account: 'x'.repeat(500) }];
    const parsed = parse(exportOf(named));
    expect(parsed).toMatchObject({ ok: true, invalid: 0 });
    expect(parsed.ok && parsed.entries.map((entry) => 'account' in entry)).toEqual([false, false, false]);
    expect(parse(exportOf([VALID]))).toEqual({ ok: true, entries: [imported(VALID)], invalid: 0, repeated: 0, future: 0 });
  });

  it('reads a file saved with a byte-order mark', () => {
    expect(parse(`\uFEFF${exportOf([VALID])}`)).toMatchObject({ ok: true, entries: [imported(VALID)] });
  });

  it('says when it is not JSON, when it is empty, and when it is the CSV export', () => {
    expect(parse('created,title\r\n')).toEqual({ ok: false, problem: { kind: 'not-json' } });
    for (const empty of ['', ' \r\n', '\uFEFF']) expect(parse(empty)).toEqual({ ok: false, problem: { kind: 'empty' } });
    expect(parse(historyCsv([VALID], () => undefined))).toEqual({ ok: false, problem: { kind: 'csv-export' } });
    // An export from before the campaign and account columns.
    expect(parse('\uFEFFcreated,title,long_url,short_url,server,via,origin\r\n')).toEqual({ ok: false, problem: { kind: 'csv-export' } });
  });

  it.each([
    ['another format', JSON.stringify({ format: 'bookmarks', version: 1, entries: [] })],
    ['no format', JSON.stringify({ version: 1, entries: [] })],
    ['an array', JSON.stringify([VALID])],
    ['null', 'null'],
    ['a version that is no number', exportOf([], { version: '1' })],
    ['entries that are no list', exportOf([], { entries: { 0: VALID } })],
  ])('says when it is not a history export (%s)', (_, text) => {
    expect(parse(text)).toEqual({ ok: false, problem: { kind: 'wrong-format' } });
  });

  it('says which version it is when it is another', () => {
    expect(parse(exportOf([VALID], { version: 2 }))).toEqual({ ok: false, problem: { kind: 'wrong-version', version: 2 } });
  });
});

describe('reading a chosen file', () => {
  it('reads a history export', async () => {
    expect(await readHistoryFile(new Blob([exportOf([VALID])]), NOW)).toEqual({ ok: true, entries: [imported(VALID)], invalid: 0, repeated: 0, future: 0 });
  });

  it('refuses a file too large before reading it', async () => {
    const huge = { size: MAX_IMPORT_MEGABYTES * 1024 * 1024 + 1, text: () => Promise.reject(new Error('read')) };
    expect(await readHistoryFile(huge, NOW)).toEqual({ ok: false, problem: { kind: 'too-large' } });
  });

  it('says when the file cannot be read', async () => {
    const unreadable = { size: 10, text: () => Promise.reject(new DOMException('The file was changed.', 'NotReadableError')) };
    expect(await readHistoryFile(unreadable, NOW)).toEqual({ ok: false, problem: { kind: 'unreadable', reason: 'The file was changed.' } });
  });
});
