import type { SavedToken } from '../storage/token-vault';
import { accountFor } from '../storage/account-tokens';
import type { Account } from '../storage/accounts';
import type { Settings } from '../storage/settings-schema';
import { hostOf } from '../storage/token-binding';
import { NEW_ACCOUNT, withoutAccount } from './account-draft';
import type { OptionsConnector, OptionsSettings } from './options-connector';
import { errorText } from '../platform/error-text';

/** What the settings page's account actions change, and where they say how it went. */
export interface AccountActionsContext {
  connector: OptionsConnector;
  saved: OptionsSettings;
  setSaved(update: OptionsSettings | ((current: OptionsSettings | undefined) => OptionsSettings | undefined)): void;
  /** The account the form edits (undefined: one being added), and its token saved here. */
  account: Account | undefined;
  savedToken: SavedToken | undefined;
  editedId: string;
  /** Shows that account in the form. */
  edit(id: string): void;
  /** The form's status line, and the accounts card's. */
  setSaveStatus(status: string): void;
  setAccountsStatus(status: string): void;
  /** The account chosen as the active one while that is saved (undefined: the saved one shows). */
  setChoosingActive(update: string | undefined | ((current: string | undefined) => string | undefined)): void;
}

/** Gives back the host access these servers had, but what the accounts left use; the settings are saved either way, so a failure is only worth a warning. */
export function releaseAccess(connector: OptionsConnector, servers: string[], left: readonly Account[]): Promise<void> {
  return connector.releaseHostAccess(servers, left.map(({ server }) => server)).catch((error: unknown) => console.warn('Shrtnr: host access for the previous server could not be given back.', errorText(error)));
}

/** The accounts card's actions, and the token's (the form's edited account). */
export function accountActions(context: AccountActionsContext) {
  const { connector, saved, setSaved, account, savedToken, editedId } = context;
  const { t } = connector.words;

  const tokenChange = async (change: () => Promise<void>, tokens: OptionsSettings['tokens'], status: string) => {
    try {
      await change();
    } catch (error) {
      context.setSaveStatus(t('optionsSaveFailed', errorText(error)));
      return;
    }
    setSaved({ ...saved, tokens });
    context.setSaveStatus(status);
  };

  return {
    /** The token, saved for another server than its account's now is, sent there from now on (the user's explicit word). */
    useTokenWithServer() {
      if (account === undefined || savedToken === undefined) return;
      const moved = { token: savedToken.token, server: account.server };
      void tokenChange(() => connector.saveToken(account.id, moved), { ...saved.tokens, [account.id]: moved }, t('optionsTokenNowSentTo', hostOf(account.server)));
    },
    clearSavedToken() {
      if (account === undefined) return;
      const { [account.id]: _removed, ...tokens } = saved.tokens;
      void tokenChange(() => connector.clearToken(account.id), tokens, t('optionsTokenRemoved'));
    },
    /** Removes the account, its token, and the host access its server had (unless another account's server uses it); resolves to whether it was removed. */
    async removeAccount(id: string): Promise<boolean> {
      const removed = saved.accounts.find((candidate) => candidate.id === id);
      if (removed === undefined) return false;
      const left = withoutAccount(saved.accounts, id, accountFor(saved)?.id ?? '');
      // The active account is saved only when it moves: another page may be choosing one meanwhile.
      const changes: Partial<Settings> = { accounts: left.accounts, ...(left.active === undefined || left.active === saved.activeAccount ? {} : { activeAccount: left.active }) };
      try {
        await connector.save(changes);
        // Its token goes with it: kept, it would belong to nothing.
        await connector.clearToken(id);
      } catch (error) {
        context.setAccountsStatus(t('optionsSaveFailed', errorText(error)));
        return false;
      }
      await releaseAccess(connector, [removed.server], left.accounts);
      const { [id]: _removed, ...tokens } = saved.tokens;
      const now = { ...saved, ...changes, tokens };
      setSaved(now);
      if (editedId === id) context.edit(accountFor(now)?.id ?? NEW_ACCOUNT);
      context.setAccountsStatus(t('optionsAccountRemoved', removed.name));
      return true;
    },
    makeActive(id: string) {
      context.setChoosingActive(id);
      // Only this choice's own answer ends it: a later choice may be being saved meanwhile.
      const chosen = () => context.setChoosingActive((current) => (current === id ? undefined : current));
      connector.save({ activeAccount: id }).then(
        () => {
          setSaved((current) => (current === undefined ? current : { ...current, activeAccount: id }));
          chosen();
          context.setAccountsStatus(t('optionsAccountNowActive', saved.accounts.find((candidate) => candidate.id === id)?.name ?? ''));
        },
        (error: unknown) => {
          // Not saved: the one still active shows as chosen again (the browser had ticked the other).
          chosen();
          context.setAccountsStatus(t('optionsSaveFailed', errorText(error)));
        },
      );
    },
  };
}
