import { describe, expect, it } from 'vitest';
import type { Account } from '../storage/accounts';
import type { HistoryEntry } from '../storage/history-entry';
import { csvField } from '../shortening/csv-field';
import { accountLabel } from './entry-accounts';
import { exportFileName, historyCsv, historyJson } from './export-file';
import { parseHistoryJson } from './import-file';

const ENTRIES: HistoryEntry[] = [
  {
    shortUrl: 'https://shrtnr.co/b',
    longUrl: 'https://example.com/a,b?x="1"',
    server: 'https://shrtnr.co',
    title: '=HYPERLINK("https://evil.example","Click")',
    createdAt: Date.UTC(2025, 2, 1, 9, 30),
    via: 'menu-link',
    used: 1,
    account: 'account-2',
  },
  { shortUrl: 'https://shrtnr.co/a', longUrl: 'https://example.com/', server: 'https://shrtnr.co', createdAt: Date.UTC(2025, 1, 28, 23, 0), via: 'popup-tab', origin: 'imported' },
  { shortUrl: 'https://wp.me/p1', longUrl: 'https://blog.example/post', server: 'https://wp.me', createdAt: Date.UTC(2025, 1, 27, 8, 0), via: 'shortcut', pageOwn: true },
];

const ACCOUNTS: Account[] = [
  { id: 'account-1', name: 'Home', server: 'https://shrtnr.co' },
  { id: 'account-2', name: 'Work, main', server: 'https://shrtnr.co' },
];
const label = accountLabel(ACCOUNTS);
/** A link made on s.example, with these fields. */
const made = (code: string, fields: Partial<HistoryEntry>): HistoryEntry => ({ shortUrl: `https://s.example/${code}`, longUrl: 'https://example.com/', server: 'https://s.example', createdAt: 0, via: 'shortcut', ...fields });

describe('the CSV export', () => {
  it('has a header and one RFC 4180 row per entry, CRLF-ended, UTF-8 with a byte-order mark', () => {
    expect(historyCsv(ENTRIES, label)).toBe(
      '\uFEFFcreated,title,long_url,short_url,server,via,origin,campaign,account\r\n' +
        `2025-03-01T09:30:00.000Z,"'=HYPERLINK(""https://evil.example"",""Click"")","https://example.com/a,b?x=""1""",https://shrtnr.co/b,https://shrtnr.co,menu-link,local,,"Work, main"\r\n` +
        '2025-02-28T23:00:00.000Z,,https://example.com/,https://shrtnr.co/a,https://shrtnr.co,popup-tab,imported,,\r\n' +
        '2025-02-27T08:00:00.000Z,,https://blog.example/post,https://wp.me/p1,https://wp.me,shortcut,page,,\r\n',
    );
  });

  it("names each link's account as the page does: by its name, by its server's host once removed, and not at all for a link of no account", () => {
    const entries = [
      // Made before accounts: by the first.
      made('before', {}),
      made('home', { account: 'account-1' }),
      made('gone', { account: 'account-9', server: 'https://old.example:8443' }),
      made('file', { account: 'account-1', origin: 'imported' }),
      made('own', { pageOwn: true }),
      // A name is the user's: guarded as any text.
      made('sum', { account: 'account-3' }),
    ];
    const lastFields = historyCsv(entries, accountLabel([...ACCOUNTS, { id: 'account-3', name: '=SUM(A1)', server: 'https://s.example' }]))
      .split('\r\n')
      .map((row) => row.split(',').at(-1));
    expect(lastFields).toEqual(['account', 'Home', 'Home', 'old.example:8443', '', '', "'=SUM(A1)", '']);
  });

  it('quotes line breaks and makes every formula start plain text', () => {
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvField(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    // The tab, a separator too, gets its own (csv-field.test.ts).
    expect(csvField('\t=1')).toBe("'\t'=1");
    expect(csvField('plain title, with comma')).toBe('"plain title, with comma"');
    expect(csvField('a - b')).toBe('a - b');
  });

  it("guards a title and a long URL that a `;` locale would split into a formula (issue 19)", () => {
    const planted: HistoryEntry = { ...ENTRIES[0], title: "x;=cmd|' /C calc'!A0", longUrl: 'https://example.com/a;=cmd|b' } as HistoryEntry;
    const [, row] = historyCsv([planted], () => undefined).split('\r\n');
    expect(row).toBe("2025-03-01T09:30:00.000Z,x;'=cmd|' /C calc'!A0,https://example.com/a;%3Dcmd|b,https://shrtnr.co/b,https://shrtnr.co,menu-link,local,,");
    expect(row?.split(';').filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
  });

  it('is only the header for an empty history', () => {
    expect(historyCsv([], label)).toBe('\uFEFFcreated,title,long_url,short_url,server,via,origin,campaign,account\r\n');
  });
});

describe('the JSON export', () => {
  it("says what it is and when it was made, and holds the entries as stored, the imported one and the page's own link marked so, the account by its id", () => {
    const exportedAt = new Date(Date.UTC(2025, 2, 1, 12));
    const document = JSON.parse(historyJson(ENTRIES, exportedAt)) as { entries: Record<string, unknown>[] };
    expect(document).toEqual({ format: 'shrtnr-history', version: 1, exportedAt: '2025-03-01T12:00:00.000Z', entries: ENTRIES });
    expect(document.entries.map((entry) => entry.origin)).toEqual([undefined, 'imported', undefined]);
    expect(document.entries.map((entry) => entry.pageOwn)).toEqual([undefined, undefined, true]);
    expect(document.entries.map((entry) => entry.account)).toEqual(['account-2', undefined, undefined]);
  });

  it('leaves out whatever else a record carries', () => {
    const withExtra = { ...ENTRIES[1], secret: 'x' } as HistoryEntry;
    expect(historyJson([withExtra], new Date(0))).not.toContain('secret');
  });

  it('is read back by the import, entry for entry, each then marked imported and of no account', () => {
    const imported = ENTRIES.map(({ account: _account, ...entry }): HistoryEntry => ({ ...entry, origin: 'imported' }));
    expect(parseHistoryJson(historyJson(ENTRIES, new Date()), Date.now())).toEqual({ ok: true, entries: imported, invalid: 0, repeated: 0, future: 0 });
  });
});

describe('export file names', () => {
  it('carry the local calendar day', () => {
    expect(exportFileName('csv', new Date(2025, 0, 5, 23, 59))).toBe('shrtnr-history-2025-01-05.csv');
    expect(exportFileName('json', new Date(2024, 11, 31, 0, 1))).toBe('shrtnr-history-2024-12-31.json');
  });
});
