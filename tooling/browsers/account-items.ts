import { tokenKey } from '../../src/storage/token-vault';
import { defaultAccountName, FIRST_ACCOUNT_ID } from '../../src/storage/accounts';

/**
 * The storage.local items of one account on `server` with `token`, active,
 * as the options page saves them (the token bound to its server): what the
 * run command, the benchmark and the store captures point the extension at.
 */
export function accountItems(server: string, token: string, id = FIRST_ACCOUNT_ID): Record<string, unknown> {
  return {
    accounts: [{ id, name: defaultAccountName(server), server }],
    activeAccount: id,
    [tokenKey(id)]: { token, server },
  };
}
