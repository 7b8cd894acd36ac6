import { describe, expect, it } from 'vitest';
import type { Account } from '../storage/accounts';
import type { HistoryEntry } from '../storage/history-entry';
import { accountLabel, entryAccount, madeBy, namesAccounts } from './entry-accounts';

const HOME: Account = { id: 'account-1', name: 'Home', server: 'https://shrtnr.co' };
const WORK: Account = { id: 'account-2', name: 'Work', server: 'https://links.example' };
const made = (code: string, fields: Partial<HistoryEntry> = {}): HistoryEntry => ({ shortUrl: `https://shrtnr.co/${code}`, longUrl: 'https://example.com/', server: 'https://shrtnr.co', createdAt: 0, via: 'shortcut', ...fields });

const BEFORE = made('before');
const AT_WORK = made('work', { account: 'account-2', server: 'https://links.example' });
const GONE = made('gone', { account: 'account-9', server: 'https://old.example:8443' });
const FILE = made('file', { account: 'account-2', origin: 'imported' });
const OWN = made('own', { pageOwn: true, server: 'https://wp.me' });

describe("a history entry's account", () => {
  it('is the one it names, the first for one made before accounts, and none for an imported link or a page’s own', () => {
    expect([BEFORE, AT_WORK, GONE, FILE, OWN].map(entryAccount)).toEqual(['account-1', 'account-2', 'account-9', undefined, undefined]);
  });

  it('is named only when there are accounts to tell apart, among the user’s and those that made the links', () => {
    expect(namesAccounts([HOME], [BEFORE, FILE, OWN])).toBe(false);
    expect(namesAccounts([HOME, WORK], [])).toBe(true);
    expect(namesAccounts([HOME], [BEFORE, AT_WORK])).toBe(true);
    // The one account left did not make the links history holds: they are told apart from it.
    expect(namesAccounts([WORK], [BEFORE])).toBe(true);
    // Settings unread: only history's own.
    expect(namesAccounts([], [BEFORE, made('again')])).toBe(false);
    expect(namesAccounts([], [BEFORE, GONE])).toBe(true);
  });

  it('is named by its name, by its server’s host once removed, and not at all for a link of none', () => {
    expect([BEFORE, AT_WORK, GONE, FILE, OWN].map(accountLabel([HOME, WORK]))).toEqual(['Home', 'Work', 'old.example:8443', undefined, undefined]);
  });

  it('filters the links one account made, in their order, or gives all back', () => {
    const all = [BEFORE, AT_WORK, GONE, FILE, OWN];
    expect(madeBy(all, 'account-2')).toEqual([AT_WORK]);
    expect(madeBy(all, 'account-1')).toEqual([BEFORE]);
    expect(madeBy(all, undefined)).toBe(all);
  });
});
