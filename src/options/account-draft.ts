import { defaultAccountName, MAX_ACCOUNT_NAME, MAX_ACCOUNTS, newAccountId, type Account } from '../storage/accounts';

/** The account being edited on the settings page: one saved (its id), or one being added. */
export const NEW_ACCOUNT = 'new';

/** What is wrong with an account's name as typed. */
export type AccountNameProblem = 'too-long' | 'taken';

/**
 * The name an account is saved under: as typed (trimmed), or its server's
 * host when left empty; a problem when too long or another account's (in any case).
 */
export function accountName(typed: string, server: string, accounts: readonly Account[], editing: string): { ok: true; name: string } | { ok: false; problem: AccountNameProblem } {
  const name = typed.trim() === '' ? defaultAccountName(server) : typed.trim();
  if (name.length > MAX_ACCOUNT_NAME) return { ok: false, problem: 'too-long' };
  const taken = accounts.some((account) => account.id !== editing && account.name.toLowerCase() === name.toLowerCase());
  return taken ? { ok: false, problem: 'taken' } : { ok: true, name };
}

/** Whether another account may be added. */
export const canAddAccount = (accounts: readonly Account[]): boolean => accounts.length < MAX_ACCOUNTS;

/** The list with the edited account saved as `name` on `server` (a new one at the end, with a new id); and its id. */
export function withAccountSaved(accounts: readonly Account[], editing: string, name: string, server: string): { accounts: Account[]; id: string } {
  if (editing === NEW_ACCOUNT) {
    const id = newAccountId();
    return { accounts: [...accounts, { id, name, server }], id };
  }
  return { accounts: accounts.map((account) => (account.id === editing ? { ...account, name, server } : account)), id: editing };
}

/** The list without that account, and the account active after it (the first left, when it was the active one). */
export function withoutAccount(accounts: readonly Account[], removed: string, active: string): { accounts: Account[]; active: string | undefined } {
  const left = accounts.filter(({ id }) => id !== removed);
  return { accounts: left, active: removed === active ? left[0]?.id : active };
}
