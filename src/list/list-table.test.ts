import { describe, expect, it } from 'vitest';
import { wordsIn } from '../../test/support/locale-catalogue';
import type { ListRun } from '../messages/list-port';
import { listFileName, listRows, listText } from './list-table';

const words = wordsIn('en');
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

  it("is named for the user's own calendar day", () => {
    expect(listFileName(new Date(2026, 0, 5, 23, 59))).toBe('shrtnr-list-2026-01-05.csv');
  });
});
