import { checkServerUrl, checkToken } from '../api';
import { errorText } from '../platform/error-text';
import { accountFor } from '../storage/account-tokens';
import { defaultAccountName, type Account } from '../storage/accounts';
import type { Settings } from '../storage/settings-schema';
import { errorSentence } from '../ui/error-words';
import { releaseAccess } from './account-actions';
import { accountName, canAddAccount, NEW_ACCOUNT, withAccountSaved } from './account-draft';
import type { OptionsConnector, OptionsSettings } from './options-connector';
import type { AccountFormValues, FieldErrors } from './options-view-props';

/** What saving the edited account reads, changes, and where it says how it went. */
export interface AccountSaveContext {
  connector: OptionsConnector;
  saved: OptionsSettings;
  /** What the editor holds, as this save began. */
  values: AccountFormValues;
  /** The account edited (undefined: one being added), and its id (NEW_ACCOUNT then). */
  account: Account | undefined;
  editedId: string;
  setFieldErrors(errors: FieldErrors): void;
  setStatus(status: string): void;
  setSaved(update: (current: OptionsSettings | undefined) => OptionsSettings | undefined): void;
  setEditing(id: string): void;
  setValues(update: (latest: AccountFormValues) => AccountFormValues): void;
}

/**
 * Saves the edited account: its name and server, and the token typed with
 * them, bound to that server, in one write; nothing when a field is wrong
 * (each says why). Access granted for the server it left is given back.
 */
export async function saveAccount(context: AccountSaveContext): Promise<void> {
  const { connector, saved, values, account, editedId } = context;
  const { words } = connector;
  const { t } = words;
  const serverUrl = checkServerUrl(values.serverUrl);
  // An untouched field keeps the saved token; one holding only spaces is a mistake worth saying.
  const token = values.tokenDraft === '' ? undefined : checkToken(values.tokenDraft);
  // A name that was only its server's host follows the server.
  const typedName = account !== undefined && values.accountName.trim() === defaultAccountName(account.server) ? '' : values.accountName;
  const name = serverUrl.ok ? accountName(typedName, serverUrl.value, saved.accounts, editedId) : undefined;
  const adding = editedId === NEW_ACCOUNT;
  context.setFieldErrors({
    serverUrl: serverUrl.ok ? undefined : errorSentence(serverUrl.error, words),
    token: token === undefined || token.ok ? undefined : errorSentence(token.error, words),
    accountName: name === undefined || name.ok ? undefined : t(name.problem === 'taken' ? 'optionsAccountNameTaken' : 'optionsAccountNameTooLong'),
  });
  if (!serverUrl.ok || (token !== undefined && !token.ok) || !name?.ok) {
    context.setStatus(t('optionsNothingSaved'));
    return;
  }
  if (adding && !canAddAccount(saved.accounts)) {
    context.setStatus(t('optionsTooManyAccounts'));
    return;
  }
  // Only what this page changed: two pages saving different settings at once must both win.
  const changes: Partial<Settings> = {};
  const serverChanged = account !== undefined && serverUrl.value !== account.server;
  const next = withAccountSaved(saved.accounts, editedId, name.name, serverUrl.value);
  if (adding || serverChanged || account?.name !== name.name) changes.accounts = next.accounts;
  // The first account there is becomes the active one.
  if (adding && accountFor(saved) === undefined) changes.activeAccount = next.id;
  // A token is saved for the server it was entered with, and sent nowhere else.
  const tokenSaved = token === undefined ? undefined : { token: token.value, server: serverUrl.value };
  try {
    // The token with the settings, in one write: a failure leaves neither (never a token replaced, nor one for an account not saved).
    if (tokenSaved !== undefined) await connector.save(changes, { account: next.id, saved: tokenSaved });
    else if (Object.keys(changes).length > 0) await connector.save(changes);
  } catch (error) {
    context.setStatus(t('optionsSaveFailed', errorText(error)));
    return;
  }
  // Access granted for the server left behind is given back, unless another account uses it (the default server's is the manifest's own).
  if (serverChanged) await releaseAccess(connector, [account.server], next.accounts);
  context.setSaved((current) => withSaved(current ?? saved, changes, next.id, tokenSaved));
  context.setEditing(next.id);
  // What was typed while this save was awaited is kept: only the fields still as saved are settled.
  context.setValues((latest) => ({
    tokenDraft: token !== undefined && latest.tokenDraft === values.tokenDraft ? '' : latest.tokenDraft,
    serverUrl: latest.serverUrl === values.serverUrl ? serverUrl.value : latest.serverUrl,
    accountName: latest.accountName === values.accountName ? name.name : latest.accountName,
  }));
  context.setFieldErrors({});
  context.setStatus(t('optionsAccountSaved', name.name));
}

/** The settings as this page now knows them, after its own save. */
function withSaved(settings: OptionsSettings, changes: Partial<Settings>, id: string, token: OptionsSettings['tokens'][string] | undefined): OptionsSettings {
  return { ...settings, ...changes, tokens: token === undefined ? settings.tokens : { ...settings.tokens, [id]: token } };
}
