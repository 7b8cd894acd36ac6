import { accountOfEntry, type Account } from '../storage/accounts';
import { IMPORTED, type HistoryEntry } from '../storage/history-entry';
import { hostOf } from '../storage/token-binding';

/** What names an entry's account (a row's mark, the search, the CSV export); undefined for an entry of no account. */
export type AccountLabel = (entry: HistoryEntry) => string | undefined;

/**
 * The account that made the entry, by id; undefined for one no account
 * made: a page's own short link (no request), or one imported from a file
 * (made wherever it was made, by whoever).
 */
export function entryAccount(entry: HistoryEntry): string | undefined {
  if (entry.pageOwn === true || entry.origin === IMPORTED) return undefined;
  return accountOfEntry(entry);
}

/**
 * Whether the page names accounts (each row's, and the filter): only when
 * there is more than one to tell apart, among the accounts the user has and
 * those that made the links history holds. One account that made every link
 * is never named.
 */
export function namesAccounts(accounts: readonly Account[], entries: readonly HistoryEntry[]): boolean {
  if (accounts.length > 1) return true;
  const seen = new Set(accounts.map(({ id }) => id));
  for (const entry of entries) {
    const account = entryAccount(entry);
    if (account === undefined || seen.has(account)) continue;
    seen.add(account);
    if (seen.size > 1) return true;
  }
  return false;
}

/** Names an entry's account by its name; once the account is removed, by its links' server (its host). */
export function accountLabel(accounts: readonly Account[]): AccountLabel {
  const names = new Map(accounts.map(({ id, name }) => [id, name]));
  return (entry) => {
    const account = entryAccount(entry);
    if (account === undefined) return undefined;
    return names.get(account) ?? hostOf(entry.server);
  };
}

/** The entries the account made (all of them when none is chosen), in their order. */
export function madeBy(entries: readonly HistoryEntry[], account: string | undefined): readonly HistoryEntry[] {
  return account === undefined ? entries : entries.filter((entry) => entryAccount(entry) === account);
}
