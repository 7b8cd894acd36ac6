import { useState } from 'preact/hooks';
import { checkServerUrl, checkToken } from '../api';
import { accountFor } from '../storage/account-tokens';
import { defaultAccountName } from '../storage/accounts';
import type { Settings } from '../storage/settings-schema';
import { hostOf } from '../storage/token-binding';
import { errorSentence } from '../ui/error-words';
import { WordsContext } from '../ui/words-context';
import { accountActions, releaseAccess } from './account-actions';
import { accountName, canAddAccount, NEW_ACCOUNT, withAccountSaved } from './account-draft';
import { AccountsCard } from './accounts-card';
import { CampaignPresetsCard } from './campaign-presets-card';
import { useConnectionTest } from './connection-test';
import { useHeldPermissions } from './held-permissions';
import { useHistoryLeft } from './history-left';
import type { OptionsConnector, OptionsSettings } from './options-connector';
import { OptionsHeader } from './options-header';
import { OptionsView, PLAIN_SETTINGS, type FieldErrors } from './options-view';
import { accountValues } from './settings-form';
import { useStoredSettings } from './stored-settings';
import { SyncCard } from './sync-card';
import { errorText } from '../platform/error-text';

const TOKEN_ENDING_LENGTH = 4;

export function OptionsApp({ connector }: { connector: OptionsConnector }) {
  const { words } = connector;
  const { t } = words;
  const { saved, setSaved, editing, setEditing, values, setValues, loadFailure, serverMovedTo } = useStoredSettings(connector);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [saveStatus, setSaveStatus] = useState('');
  const [accountsStatus, setAccountsStatus] = useState('');
  const [choosingActive, setChoosingActive] = useState<string | undefined>(undefined);
  const [forgetStatus, setForgetStatus] = useState('');
  const permissions = useHeldPermissions(connector, saved?.accounts.map(({ server }) => server) ?? [], words);
  const { historyLeft, clearHistory } = useHistoryLeft(connector, values.history, words);
  const editedId = editing ?? NEW_ACCOUNT;
  const account = saved?.accounts.find(({ id }) => id === editedId);
  const savedToken = account === undefined ? undefined : saved?.tokens[account.id];
  const connectionTest = useConnectionTest(connector, values, savedToken, (errors) => setFieldErrors((current) => ({ ...current, ...errors })), words);

  if (loadFailure !== undefined) {
    return (
      <main class="options">
        <p class="field-error" role="alert">
          {loadFailure}
        </p>
      </main>
    );
  }
  if (saved === undefined) {
    return (
      <WordsContext.Provider value={words}>
        <main class="options" aria-busy="true">
          <OptionsHeader />
        </main>
      </WordsContext.Provider>
    );
  }

  const edit = (id: string) => {
    setEditing(id);
    setValues((current) => ({ ...current, ...accountValues(saved.accounts, id), tokenDraft: '' }));
    setFieldErrors({});
    connectionTest.reset();
    setSaveStatus('');
  };

  const save = async () => {
    const serverUrl = checkServerUrl(values.serverUrl);
    // An untouched field keeps the saved token; one holding only spaces is a mistake worth saying.
    const token = values.tokenDraft === '' ? undefined : checkToken(values.tokenDraft);
    // A name that was only its server's host follows the server.
    const typedName = account !== undefined && values.accountName.trim() === defaultAccountName(account.server) ? '' : values.accountName;
    const name = serverUrl.ok ? accountName(typedName, serverUrl.value, saved.accounts, editedId) : undefined;
    const adding = editedId === NEW_ACCOUNT;
    setFieldErrors({
      serverUrl: serverUrl.ok ? undefined : errorSentence(serverUrl.error, words),
      token: token === undefined || token.ok ? undefined : errorSentence(token.error, words),
      accountName: name === undefined || name.ok ? undefined : t(name.problem === 'taken' ? 'optionsAccountNameTaken' : 'optionsAccountNameTooLong'),
    });
    if (!serverUrl.ok || (token !== undefined && !token.ok) || !name?.ok) {
      setSaveStatus(t('optionsNothingSaved'));
      return;
    }
    if (adding && !canAddAccount(saved.accounts)) {
      setSaveStatus(t('optionsTooManyAccounts'));
      return;
    }
    // Only what this page changed: two pages saving different settings at once must both win.
    const changes: Partial<Settings> = {};
    const serverChanged = account !== undefined && serverUrl.value !== account.server;
    const next = withAccountSaved(saved.accounts, editedId, name.name, serverUrl.value);
    if (adding || serverChanged || account?.name !== name.name) changes.accounts = next.accounts;
    // The first account there is becomes the active one.
    if (adding && accountFor(saved) === undefined) changes.activeAccount = next.id;
    for (const key of PLAIN_SETTINGS) if (values[key] !== saved[key]) Object.assign(changes, { [key]: values[key] });
    // A token is saved for the server it was entered with, and sent nowhere else.
    const tokenSaved = token === undefined ? undefined : { token: token.value, server: serverUrl.value };
    try {
      // The token with the settings, in one write: a failure leaves neither (never a token replaced, nor one for an account not saved).
      if (tokenSaved !== undefined) await connector.save(changes, { account: next.id, saved: tokenSaved });
      else if (Object.keys(changes).length > 0) await connector.save(changes);
    } catch (error) {
      setSaveStatus(t('optionsSaveFailed', errorText(error)));
      return;
    }
    // Access granted for the server left behind is given back, unless another account uses it (the default server's is the manifest's own).
    if (serverChanged) await releaseAccess(connector, [account.server], next.accounts);
    setSaved((current) => withSaved(current ?? saved, changes, next.id, tokenSaved));
    setEditing(next.id);
    // What was typed while this save was awaited is kept: only the fields still as saved are settled.
    setValues((latestValues) => ({
      ...latestValues,
      tokenDraft: token !== undefined && latestValues.tokenDraft === values.tokenDraft ? '' : latestValues.tokenDraft,
      serverUrl: latestValues.serverUrl === values.serverUrl ? serverUrl.value : latestValues.serverUrl,
      accountName: latestValues.accountName === values.accountName ? name.name : latestValues.accountName,
    }));
    setFieldErrors({});
    setSaveStatus(t('optionsSaved'));
  };

  const actions = accountActions({ connector, saved, setSaved, account, savedToken, editedId, edit, setSaveStatus, setAccountsStatus, setChoosingActive });

  return (
    <WordsContext.Provider value={words}>
      <OptionsView
        values={values}
        editingName={account?.name}
        savedToken={
          savedToken === undefined
            ? undefined
            : {
                ending: savedToken.token.slice(-TOKEN_ENDING_LENGTH),
                host: hostOf(savedToken.server),
                // Saved for another server than the account's: offer to use it there, explicitly.
                otherServerHost: account === undefined || savedToken.server === account.server ? undefined : hostOf(account.server),
                // Moved there by another machine: said so first, with when.
                ...(account !== undefined && saved.changedBySync.servers[account.id]?.server === account.server ? { movedBySyncAt: saved.changedBySync.servers[account.id]?.at } : {}),
              }
        }
        serverMovedTo={serverMovedTo === undefined ? undefined : hostOf(serverMovedTo)}
        fieldErrors={fieldErrors}
        saveStatus={saveStatus}
        connection={connectionTest.connection}
        onChange={(patch) => {
          // Merged into the latest values: two fields changed in one moment (a
          // password manager filling the token as the server is typed) both stay.
          setValues((latestValues) => ({ ...latestValues, ...patch }));
          // A connection result is about what was tested: once the server or the token changes, it no longer holds.
          if (patch.serverUrl !== undefined || patch.tokenDraft !== undefined) connectionTest.reset();
          setSaveStatus('');
        }}
        onUseTokenWithServer={actions.useTokenWithServer}
        onSave={() => void save()}
        onClearToken={actions.clearSavedToken}
        onTestConnection={() => void connectionTest.test()}
        onGrantHostAccess={() => void connectionTest.grantHostAccess()}
        pageLinkHosts={{
          accepted: saved.pageLinkHosts ?? [],
          status: forgetStatus,
          onForget: (pair) => void connector.forgetPageLinkHost(pair).then(() => setForgetStatus(''), (error: unknown) => setForgetStatus(t('optionsSaveFailed', errorText(error)))),
        }}
        historyLeft={historyLeft}
        onClearHistory={() => void clearHistory()}
        onOpenHistory={() => connector.openHistory()}
        permissions={permissions}
        onGiveBack={permissions.giveBack}
        accountsCard={
          <AccountsCard
            accounts={saved.accounts}
            active={choosingActive ?? accountFor(saved)?.id}
            removedElsewhere={accountFor(saved) === undefined ? (saved.changedBySync.activeRemoved ?? undefined) : undefined}
            editing={editedId}
            withoutToken={new Set(saved.accounts.filter(({ id }) => saved.tokens[id] === undefined).map(({ id }) => id))}
            canAdd={canAddAccount(saved.accounts)}
            status={accountsStatus}
            onMakeActive={actions.makeActive}
            onEdit={edit}
            onAdd={() => edit(NEW_ACCOUNT)}
            onRemove={actions.removeAccount}
          />
        }
        cards={
          <>
            <CampaignPresetsCard presets={saved.campaignPresets} onSave={(campaignPresets) => connector.save({ campaignPresets })} />
            <SyncCard settings={saved} onSave={(changes) => connector.save(changes)} />
          </>
        }
      />
    </WordsContext.Provider>
  );
}

/** The settings as this page now knows them, after its own save. */
function withSaved(settings: OptionsSettings, changes: Partial<Settings>, id: string, token: OptionsSettings['tokens'][string]): OptionsSettings {
  return { ...settings, ...changes, tokens: token === undefined ? settings.tokens : { ...settings.tokens, [id]: token } };
}
