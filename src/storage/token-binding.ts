import type { Result } from '../api';
import { failure, success } from '../api/result';

/** The saved token belongs to another server than the account's now: it is not sent (by host, as the pages name them). */
export type TokenForOtherServer = { kind: 'token-for-other-server'; tokenHost: string; serverHost: string };

/** An account's server, its token on this machine, and the server that token was saved for. */
interface TokenSettings {
  serverUrl: string;
  token: string;
  tokenServer: string;
}

/**
 * What a request may carry: the saved token only goes to the server it was
 * saved for. Changing the server does not carry the token along (a "mirror"
 * a user is talked into trying would collect it); the user enters the new
 * server's token, or says explicitly to use this one there.
 */
export function credentialsFor(settings: TokenSettings): Result<{ serverUrl: string; token: string }, TokenForOtherServer> {
  const { token, serverUrl, tokenServer } = settings;
  // A token bound to no server goes nowhere: it counts as none (token-vault.ts asSavedToken reads it so too).
  if (tokenServer === '') return success({ serverUrl, token: '' });
  // No token, or no valid server (then nothing is sent at all, and the API module says the server is missing).
  if (token === '' || serverUrl === '' || tokenServer === serverUrl) return success({ serverUrl, token });
  return failure({ kind: 'token-for-other-server', tokenHost: hostOf(tokenServer), serverHost: hostOf(serverUrl) });
}

/** A server address's host (with its port), as the pages name it. */
export function hostOf(serverUrl: string): string {
  return URL.canParse(serverUrl) ? new URL(serverUrl).host : serverUrl;
}
