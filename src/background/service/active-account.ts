import { localArea } from '../../storage/extension-storage';
import { readSettings } from '../../storage/settings';

/**
 * Makes a saved account the active one, as the user chose it (in the popup,
 * or answering the question of account-question.ts): false when it is no
 * saved account (any more). An id of a saved account is a valid
 * `activeAccount` as it is; the record of an active account another machine
 * removed no longer applies once this one is active.
 */
export async function useAccount(account: string): Promise<boolean> {
  const { accounts } = await readSettings(localArea, ['accounts']);
  if (!accounts.some(({ id }) => id === account)) return false;
  await localArea.set({ activeAccount: account });
  return true;
}
