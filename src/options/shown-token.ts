import type { Account } from '../storage/accounts';
import { hostOf } from '../storage/token-binding';
import type { OptionsSettings } from './options-connector';
import type { SavedToken } from './options-view-props';

/** How much of a saved token the page shows: enough to recognise it, never the token. */
const TOKEN_ENDING_LENGTH = 4;

/** The edited account's token as the editor shows it: its ending and its server, never itself; undefined when none is saved here. */
export function shownToken(saved: OptionsSettings, account: Account | undefined): SavedToken | undefined {
  const token = account === undefined ? undefined : saved.tokens[account.id];
  if (account === undefined || token === undefined) return undefined;
  const movedBySync = saved.changedBySync.servers[account.id];
  return {
    ending: token.token.slice(-TOKEN_ENDING_LENGTH),
    host: hostOf(token.server),
    // Saved for another server than the account's: offer to use it there, explicitly.
    otherServerHost: token.server === account.server ? undefined : hostOf(account.server),
    // Moved there by another machine: said first, with when.
    ...(movedBySync?.server === account.server ? { movedBySyncAt: movedBySync.at } : {}),
  };
}
