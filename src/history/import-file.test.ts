import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../storage/history-entry';
import { MAX_IMPORT_MEGABYTES, parseHistoryJson, readHistoryFile } from './import-file';

const VALID: HistoryEntry = { shortUrl: 'https://shrtnr.co/a', longUrl: 'https://example.com/', server: 'https://shrtnr.co', createdAt: 1_700_000_000_000, via: 'shortcut' };
const OTHER: HistoryEntry = { ...VALID, shortUrl: 'https://shrtnr.co/b', title: 'B', used: 2 };

const exportOf = (entries: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ format: 'shrtnr-history', version: 1, exportedAt: '2025-03-01T12:00:00.000Z', entries, ...extra });

describe('parsing a history export', () => {
  it('keeps valid entries and counts the invalid and the repeated', () => {
    const parsed = parseHistoryJson(
      exportOf([VALID, { ...VALID, shortUrl: 'javascript:alert(1)' }, OTHER, { ...OTHER, title: 'again' }, 'not an entry', null, { ...VALID, shortUrl: 'https://shrtnr.co/c', via: 'nowhere' }]),
    );
    expect(parsed).toEqual({ ok: true, entries: [VALID, OTHER], invalid: 4, repeated: 1 });
  });

  it('drops fields an entry does not have', () => {
    const parsed = parseHistoryJson(exportOf([{ ...VALID, extra: '<script>' }]));
    expect(parsed).toEqual({ ok: true, entries: [VALID], invalid: 0, repeated: 0 });
  });

  it('reads a file saved with a byte-order mark', () => {
    expect(parseHistoryJson(`\uFEFF${exportOf([VALID])}`)).toMatchObject({ ok: true, entries: [VALID] });
  });

  it('says when it is not JSON', () => {
    expect(parseHistoryJson('created,title\r\n')).toEqual({ ok: false, problem: { kind: 'not-json' } });
    expect(parseHistoryJson('')).toEqual({ ok: false, problem: { kind: 'not-json' } });
  });

  it.each([
    ['another format', JSON.stringify({ format: 'bookmarks', version: 1, entries: [] })],
    ['no format', JSON.stringify({ version: 1, entries: [] })],
    ['an array', JSON.stringify([VALID])],
    ['null', 'null'],
    ['a version that is no number', exportOf([], { version: '1' })],
    ['entries that are no list', exportOf([], { entries: { 0: VALID } })],
  ])('says when it is not a history export (%s)', (_, text) => {
    expect(parseHistoryJson(text)).toEqual({ ok: false, problem: { kind: 'wrong-format' } });
  });

  it('says which version it is when it is another', () => {
    expect(parseHistoryJson(exportOf([VALID], { version: 2 }))).toEqual({ ok: false, problem: { kind: 'wrong-version', version: 2 } });
  });
});

describe('reading a chosen file', () => {
  it('reads a history export', async () => {
    expect(await readHistoryFile(new Blob([exportOf([VALID])]))).toEqual({ ok: true, entries: [VALID], invalid: 0, repeated: 0 });
  });

  it('refuses a file too large before reading it', async () => {
    const huge = { size: MAX_IMPORT_MEGABYTES * 1024 * 1024 + 1, text: () => Promise.reject(new Error('read')) };
    expect(await readHistoryFile(huge)).toEqual({ ok: false, problem: { kind: 'too-large' } });
  });

  it('says when the file cannot be read', async () => {
    const unreadable = { size: 10, text: () => Promise.reject(new DOMException('The file was changed.', 'NotReadableError')) };
    expect(await readHistoryFile(unreadable)).toEqual({ ok: false, problem: { kind: 'unreadable', reason: 'The file was changed.' } });
  });
});
