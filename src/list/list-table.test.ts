import { describe, expect, it } from 'vitest';
import { wordsIn } from '../../test/support/locale-catalogue';
import type { ListRun } from '../messages/list-port';
import { listFileName, listRows, listText } from './list-table';

const words = wordsIn('en');
const done = (n: number) => ({ state: 'done' as const, shortUrl: `https://s.test/${n}`, longUrl: `https://a.test/${n}`, fromHistory: false });
const run = (items: ListRun['items']): ListRun => ({ id: 'list-1', startedAt: 1, private: false, pace: { limit: 60, windowMs: 60_000 }, account: 'account-1', paused: false, items });

describe("a list's table as text", () => {
  it('keeps a Markdown table whole whatever a cell holds: a bar or a backslash stays text, a line break a space', () => {
    const rows = listRows(run([{ url: 'https://a.test/?q=a|b\\c', status: { state: 'failed', error: { kind: 'server-error', status: 503 } } }]), words);
    expect(listText('markdown', rows, words).split('\n')[2]).toBe(`| https://a.test/?q=a\\|b\\\\c |  | ${rows[0]?.said} |`);
  });

  it('guards the CSV against formulas in an address as given, and keeps codes where the table says words', () => {
    const rows = listRows(run([{ url: '=HYPERLINK("https://evil.test")', status: { state: 'skipped', skip: { reason: 'not-shortenable', error: { kind: 'malformed-url' } } } }]), words);
    expect(listText('csv', rows, words)).toBe('row,long_url,short_url,status,detail\r\n1,"\'=HYPERLINK(""https://evil.test"")",,invalid,malformed-url\r\n');
  });

  it("says a tab's reasons too, though a list never has them; a link still waiting is said so", () => {
    const rows = listRows(run([{ url: 'chrome://settings', status: { state: 'skipped', skip: { reason: 'browser-page' } } }, { url: 'https://a.test/', status: { state: 'queued' } }]), words);
    expect(rows.map(({ status, detail, said }) => [status, detail, said])).toEqual([
      ['invalid', 'browser-page', words.t('bulkSkipBrowserPage')],
      ['waiting', undefined, words.t('bulkItemWaiting')],
    ]);
  });

  it("numbers its rows as the list as given, and its lines line up beside it from the first address's row: gaps stay empty", () => {
    // Rows 2, 3, 5 and 7 of a sheet: a heading above, row 4 empty, row 6's cell empty; the 4th repeats the 1st.
    const gapped: ListRun = {
      ...run([
        { url: 'https://a.test/1', status: done(1) },
        { url: 'https://a.test/2', status: { state: 'failed', error: { kind: 'server-error', status: 503 } } },
        { url: 'https://a.test/3', status: done(3) },
        { url: 'https://a.test/1', status: { state: 'skipped', skip: { reason: 'duplicate', of: 1 } } },
      ]),
      places: [2, 3, 5, 7],
    };
    const rows = listRows(gapped, words);
    expect(rows.map(({ place, detail }) => [place, detail])).toEqual([[2, undefined], [3, 'server-error'], [5, undefined], [7, '2']]);
    expect(rows[3]?.said).toBe(words.t('listStatusDuplicate', 2));
    expect(listText('lines', rows, words)).toBe('https://s.test/1\n\n\nhttps://s.test/3\n\nhttps://s.test/1\n');
    expect(listText('csv', rows, words).split('\r\n').map((line) => line.split(',')[0])).toEqual(['row', '2', '3', '5', '7', '']);
    // A run stored before places were kept, or with places not one an item: in order, from 1.
    expect(listRows({ ...gapped, places: [2] }, words).map(({ place }) => place)).toEqual([1, 2, 3, 4]);
    expect(listText('lines', listRows({ ...gapped, places: undefined }, words), words)).toBe('https://s.test/1\n\nhttps://s.test/3\nhttps://s.test/1\n');
  });

  it("is named for the user's own calendar day", () => {
    expect(listFileName(new Date(2026, 0, 5, 23, 59))).toBe('shrtnr-list-2026-01-05.csv');
  });
});
