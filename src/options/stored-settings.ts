import { useEffect, useRef, useState } from 'preact/hooks';
import { accountFor } from '../storage/account-tokens';
import type { Account } from '../storage/accounts';
import { DEFAULT_SERVER_URL, DEFAULT_SETTINGS, type Settings } from '../storage/settings-schema';
import { NEW_ACCOUNT } from './account-draft';
import type { OptionsConnector, OptionsSettings } from './options-connector';
import { PLAIN_SETTINGS, type OptionsFormValues } from './options-view';
import { describe } from './describe-error';

/**
 * The settings as saved, and the form that edits them: read when the page
 * opens, and again whenever a save is heard (this page's, another page's,
 * sync's), keeping what this page has unsaved edits in. Undefined until read;
 * `loadFailure` says why they could not be.
 */
export function useStoredSettings(connector: OptionsConnector) {
  const { t } = connector.words;
  const [saved, setSaved] = useState<OptionsSettings | undefined>(undefined);
  // The account the form edits: a saved one's id, or NEW_ACCOUNT; undefined until the settings are read (then the active one).
  const [editing, setEditing] = useState<string | undefined>(undefined);
  const [values, setValues] = useState<OptionsFormValues>(() => formValues(DEFAULT_SETTINGS, undefined));
  const [loadFailure, setLoadFailure] = useState<string | undefined>(undefined);
  // The account whose server another page or sync moved while a token was typed for the one on screen (held there).
  const [heldServerOf, setHeldServerOf] = useState<string | undefined>(undefined);

  // Reads answer in any order: only the latest one asked for is shown (an earlier one holds older settings).
  const reads = useRef(0);
  useEffect(() => {
    const read = ++reads.current;
    connector.load().then(
      (settings) => {
        if (read !== reads.current) return;
        // None active (another machine removed it): the form shows the first account, as the list does, never a new one.
        const active = accountFor(settings)?.id ?? settings.accounts[0]?.id ?? NEW_ACCOUNT;
        setSaved(settings);
        setEditing(active);
        setValues(formValues(settings, active));
      },
      (error: unknown) => read === reads.current && setLoadFailure(t('optionsLoadFailed', describe(error))),
    );
  }, [connector]);

  // Another page (or sync) may save too: follow it, keeping whatever this page has unsaved edits in.
  const latest = useRef({ saved, values, editing });
  latest.current = { saved, values, editing };
  useEffect(
    () =>
      connector.onStoredChange(() => {
        const read = ++reads.current;
        void connector.load().then((stored) => {
          if (read !== reads.current) return;
          const { saved: before, values: current, editing: editedBefore } = latest.current;
          // An account removed elsewhere: the form goes to the active one.
          const stillThere = editedBefore === NEW_ACCOUNT || stored.accounts.some(({ id }) => id === editedBefore);
          const edited = stillThere && editedBefore !== undefined ? editedBefore : (accountFor(stored)?.id ?? NEW_ACCOUNT);
          // Moved to another account: what was typed for the one gone is not that one's (saved, it would overwrite it).
          const moved = edited !== editedBefore;
          const wasValues = before === undefined ? undefined : formValues(before, edited);
          // A token being typed is for the server on screen: that field stays as shown, so Save never binds the
          // token to a server another page or sync put there meanwhile.
          const heldForToken = (key: keyof OptionsFormValues) => key === 'serverUrl' && current.tokenDraft !== '';
          const untouched = (key: keyof OptionsFormValues) => wasValues === undefined || (current[key] === wasValues[key] && !heldForToken(key));
          const storedValues = formValues(stored, edited);
          if (!moved && heldForToken('serverUrl') && current.serverUrl === wasValues?.serverUrl && storedValues.serverUrl !== current.serverUrl) setHeldServerOf(edited);
          setSaved(stored);
          setEditing(edited);
          setValues((latestValues) => {
            const merged = { ...latestValues };
            for (const key of ['accountName', 'serverUrl', ...PLAIN_SETTINGS] as const) if (untouched(key)) Object.assign(merged, { [key]: storedValues[key] });
            return moved ? { ...merged, accountName: storedValues.accountName, serverUrl: storedValues.serverUrl, tokenDraft: '' } : merged;
          });
        }, (error: unknown) => {
          // Nothing on screen yet (the first read gave way to this one): the page says it could not read them.
          if (read === reads.current && latest.current.saved === undefined) setLoadFailure(t('optionsLoadFailed', describe(error)));
          else console.warn('Shrtnr: the settings could not be read again.', describe(error));
        });
      }),
    [connector],
  );

  // Said while it holds: the account still edited, its server elsewhere still another, and the token still typed.
  const savedServer = saved?.accounts.find(({ id }) => id === editing)?.server;
  const serverMovedTo = heldServerOf === editing && savedServer !== undefined && savedServer !== values.serverUrl && values.tokenDraft !== '' ? savedServer : undefined;
  return { saved, setSaved, editing, setEditing, values, setValues, loadFailure, serverMovedTo };
}

/** The edited account's fields as saved: a new one's are empty, with the default server offered. */
export function accountValues(accounts: readonly Account[], editing: string | undefined): Pick<OptionsFormValues, 'accountName' | 'serverUrl'> {
  const account = accounts.find(({ id }) => id === editing);
  return account === undefined ? { accountName: '', serverUrl: DEFAULT_SERVER_URL } : { accountName: account.name, serverUrl: account.server };
}

/** The form as the saved settings fill it, for the account it edits. */
export function formValues(settings: Settings, editing: string | undefined): OptionsFormValues {
  const { autoCopy, history, copyFormat, stripTracking, usePageShortLink } = settings;
  return { tokenDraft: '', ...accountValues(settings.accounts, editing), autoCopy, history, copyFormat, stripTracking, usePageShortLink };
}
