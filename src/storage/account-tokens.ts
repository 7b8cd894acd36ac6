import type { Result } from '../api';
import { failure } from '../api/result';
import { chosenAccount, type Account } from './accounts';
import { readSettings, type StorageAreaLike } from './settings';
import type { Settings } from './settings-schema';
import { credentialsFor, type TokenForOtherServer } from './token-binding';
import type { SavedToken, TokenVault } from './token-vault';

/**
 * Why this machine's accounts and tokens give nothing to send with, decided
 * here before any request: a failure of the accounts, not of the API (whose
 * `no-token` says the same of a request, with no account to name).
 */
export type AccountError =
  /** No token saved on this machine for the account; `account`: its name, when there are several to tell apart. */
  | { kind: 'no-token'; blank: false; account?: string }
  /** No account to shorten with: none in the settings (or their list could not be read). */
  | { kind: 'no-account' }
  /** The active account was removed on another machine through sync (`account`: its name; `at`: when, ms since the epoch): none is used until the user picks one. */
  | { kind: 'active-account-removed'; account: string; at: number }
  | TokenForOtherServer;

/** What the worker shortens with: the settings and the tokens of their accounts. */
export type SendingSettings = Settings & { tokens: Partial<Record<string, SavedToken>> };

export async function readSendingSettings(area: StorageAreaLike, vault: TokenVault): Promise<SendingSettings> {
  const settings = await readSettings(area);
  return { ...settings, tokens: await vault.read(settings.accounts.map(({ id }) => id)) };
}

/**
 * What a request with this account may carry: its token only to the server
 * it was saved for; none when no token is saved here (then nothing is sent,
 * and the account asks for its token, by name when there are several: `named`).
 */
export function accountCredentials(account: Account, saved: SavedToken | undefined, named = false): Result<{ serverUrl: string; token: string }, AccountError> {
  const credentials = credentialsFor({ serverUrl: account.server, token: saved?.token ?? '', tokenServer: saved?.server ?? '' });
  if (credentials.ok && credentials.value.token === '') return failure({ kind: 'no-token', blank: false, ...(named ? { account: account.name } : {}) });
  return credentials;
}

/** The account's credentials as its token saved here allows; a missing token names the account when there are several to tell apart. */
export const sendingCredentials = (account: Account, settings: Pick<SendingSettings, 'tokens' | 'accounts'>) =>
  accountCredentials(account, settings.tokens[account.id], settings.accounts.length > 1);

/** The account a way in uses (the one it names, else the active one), if there is one. */
export const accountFor = (settings: Pick<Settings, 'accounts' | 'activeAccount' | 'changedBySync'>, namedId?: string): Account | undefined =>
  chosenAccount(settings.accounts, settings.activeAccount, namedId, settings.changedBySync.activeRemoved?.id);

/** Why no account is there for a way in that names none: none at all, or the active one removed on another machine (by name, and when). */
export function missingAccount(settings: Pick<Settings, 'accounts' | 'changedBySync'>): AccountError {
  const removed = settings.changedBySync.activeRemoved;
  return removed === null || settings.accounts.length === 0 ? { kind: 'no-account' } : { kind: 'active-account-removed', account: removed.name, at: removed.at };
}
