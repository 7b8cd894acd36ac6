import { accountFor } from '../storage/account-tokens';
import type { Account } from '../storage/accounts';
import { DEFAULT_SERVER_URL, DEFAULT_SETTINGS } from '../storage/settings-schema';
import { NEW_ACCOUNT } from './account-draft';
import type { OptionsSettings } from './options-connector';
import type { AccountFormValues } from './options-view-props';

// The settings page's form as a value: the settings as saved, the account the
// editor edits and what it holds; and what a read of the stored settings does
// to it, as pure functions (settings-form.test.ts plays them). stored-settings.ts
// reads; this decides what the page keeps. The preferences are no part of it:
// each is saved as it is changed (preferences.ts).

export interface SettingsForm {
  /** The settings as saved; undefined until read. */
  saved: OptionsSettings | undefined;
  /** The account the form edits: a saved one's id, or NEW_ACCOUNT; undefined until the settings are read. */
  editing: string | undefined;
  values: AccountFormValues;
  /** The account whose server another page or sync moved while a token was typed for the one on screen (held there). */
  heldServerOf?: string | undefined;
}

export const UNREAD: SettingsForm = { saved: undefined, editing: undefined, values: formValues(DEFAULT_SETTINGS.accounts, undefined) };

/** The first read: the form edits the active account, else the first (none active: another machine removed it), never a new one while there is one. */
export function firstRead(form: SettingsForm, settings: OptionsSettings): SettingsForm {
  const active = accountFor(settings)?.id ?? settings.accounts[0]?.id ?? NEW_ACCOUNT;
  return { ...form, saved: settings, editing: active, values: formValues(settings.accounts, active) };
}

/**
 * A later read (a save heard: this page's, another page's, sync's): the stored
 * settings, with whatever this page has unsaved edits in kept.
 */
export function storedAgain(form: SettingsForm, stored: OptionsSettings): SettingsForm {
  const { saved: before, values: current, editing: editedBefore } = form;
  // An account removed elsewhere: the form goes to the active one.
  const stillThere = editedBefore === NEW_ACCOUNT || stored.accounts.some(({ id }) => id === editedBefore);
  const edited = stillThere && editedBefore !== undefined ? editedBefore : (accountFor(stored)?.id ?? NEW_ACCOUNT);
  // Moved to another account: what was typed for the one gone is not that one's (saved, it would overwrite it).
  const moved = edited !== editedBefore;
  const wasValues = before === undefined ? undefined : formValues(before.accounts, edited);
  // A token being typed is for the server on screen: that field stays as shown, so Save never binds the
  // token to a server another page or sync put there meanwhile.
  const heldForToken = (key: keyof AccountFormValues) => key === 'serverUrl' && current.tokenDraft !== '';
  const untouched = (key: keyof AccountFormValues) => wasValues === undefined || (current[key] === wasValues[key] && !heldForToken(key));
  const storedValues = formValues(stored.accounts, edited);
  const held = !moved && heldForToken('serverUrl') && current.serverUrl === wasValues?.serverUrl && storedValues.serverUrl !== current.serverUrl;
  const merged = { ...current };
  for (const key of ['accountName', 'serverUrl'] as const) if (untouched(key)) merged[key] = storedValues[key];
  const values = moved ? storedValues : merged;
  return { ...form, saved: stored, editing: edited, values, ...(held ? { heldServerOf: edited } : {}) };
}

/** The server another page or sync put on the edited account, said while it holds: that account still edited, the server on screen still another, and the token still typed. */
export function serverMovedTo({ saved, editing, values, heldServerOf }: SettingsForm): string | undefined {
  const savedServer = saved?.accounts.find(({ id }) => id === editing)?.server;
  return heldServerOf === editing && savedServer !== undefined && savedServer !== values.serverUrl && values.tokenDraft !== '' ? savedServer : undefined;
}

/** The edited account's fields as saved: a new one's are empty, with the default server offered. */
export function accountValues(accounts: readonly Account[], editing: string | undefined): Pick<AccountFormValues, 'accountName' | 'serverUrl'> {
  const account = accounts.find(({ id }) => id === editing);
  return account === undefined ? { accountName: '', serverUrl: DEFAULT_SERVER_URL } : { accountName: account.name, serverUrl: account.server };
}

/** The editor as the saved accounts fill it, for the account it edits: no token typed. */
export function formValues(accounts: readonly Account[], editing: string | undefined): AccountFormValues {
  return { tokenDraft: '', ...accountValues(accounts, editing) };
}
