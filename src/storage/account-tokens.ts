import type { Result, ShrtnrError } from '../api';
import { failure } from '../api/result';
import { chosenAccount, type Account } from './accounts';
import { readSettings, type StorageAreaLike } from './settings';
import { isNormalisedServerUrl, type Settings } from './settings-schema';
import { credentialsFor } from './token-binding';

/**
 * Each account's token, on this machine only: its own storage.local item
 * (`token:<account id>`), never in a list that could be synced or sent, and
 * never read by the popup. Each is bound to the server it was saved for
 * (`server`), and sent nowhere else (token-binding.ts).
 */
export interface SavedToken {
  token: string;
  server: string;
}

export const tokenKey = (accountId: string): string => `token:${accountId}`;

/** The stored value as a token, if it is one (anything else, unreadable or unbound, is as none). */
export function asSavedToken(stored: unknown): SavedToken | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { token, server } = stored as Record<string, unknown>;
  return typeof token === 'string' && token !== '' && typeof server === 'string' && isNormalisedServerUrl(server) ? { token, server } : undefined;
}

/** The tokens saved on this machine for these accounts, by account id. */
export async function readTokens(area: StorageAreaLike, accountIds: readonly string[]): Promise<Partial<Record<string, SavedToken>>> {
  if (accountIds.length === 0) return {};
  const stored = await area.get(accountIds.map(tokenKey));
  return Object.fromEntries(accountIds.flatMap((id) => {
    const saved = asSavedToken(stored[tokenKey(id)]);
    return saved === undefined ? [] : [[id, saved]];
  }));
}

/** The storage item of an account's token, to be written alone (writeToken) or with other items in one write. */
export const tokenItem = (accountId: string, saved: SavedToken): Record<string, SavedToken> => ({ [tokenKey(accountId)]: saved });

export async function writeToken(area: StorageAreaLike, accountId: string, saved: SavedToken): Promise<void> {
  await area.set(tokenItem(accountId, saved));
}

export async function removeTokens(area: StorageAreaLike, accountIds: readonly string[]): Promise<void> {
  if (accountIds.length > 0) await area.remove(accountIds.map(tokenKey));
}

/** What the worker shortens with: the settings and the tokens of their accounts. */
export type SendingSettings = Settings & { tokens: Partial<Record<string, SavedToken>> };

export async function readSendingSettings(area: StorageAreaLike): Promise<SendingSettings> {
  const settings = await readSettings(area);
  return { ...settings, tokens: await readTokens(area, settings.accounts.map(({ id }) => id)) };
}

/**
 * What a request with this account may carry: its token only to the server
 * it was saved for; none when no token is saved here (then nothing is sent,
 * and the account asks for its token, by name when there are several: `named`).
 */
export function accountCredentials(account: Account, saved: SavedToken | undefined, named = false): Result<{ serverUrl: string; token: string }, ShrtnrError> {
  const credentials = credentialsFor({ serverUrl: account.server, token: saved?.token ?? '', tokenServer: saved?.server ?? '' });
  if (credentials.ok && credentials.value.token === '') return failure({ kind: 'no-token', blank: false, ...(named ? { account: account.name } : {}) });
  return credentials;
}

/** The account's credentials as its token saved here allows; a missing token names the account when there are several to tell apart. */
export const sendingCredentials = (account: Account, settings: Pick<SendingSettings, 'tokens' | 'accounts'>) =>
  accountCredentials(account, settings.tokens[account.id], settings.accounts.length > 1);

/** The account a way in uses (the one it names, else the active one), if there is one. */
export const accountFor = (settings: Pick<Settings, 'accounts' | 'activeAccount'>, namedId?: string): Account | undefined =>
  chosenAccount(settings.accounts, settings.activeAccount, namedId);
