import { useState } from 'preact/hooks';
import { accountFor } from '../storage/account-tokens';
import { DEFAULT_SETTINGS } from '../storage/settings-schema';
import { hostOf } from '../storage/token-binding';
import { WordsContext } from '../ui/words-context';
import { accountActions } from './account-actions';
import { canAddAccount, NEW_ACCOUNT } from './account-draft';
import { AccountEditor } from './account-editor';
import { saveAccount } from './account-save';
import { AccountsCard } from './accounts-card';
import { CampaignPresetsCard } from './campaign-presets-card';
import { useConnectionTest } from './connection-test';
import { useHeldPermissions } from './held-permissions';
import { useHistoryLeft } from './history-left';
import type { OptionsConnector } from './options-connector';
import { OptionsHeader } from './options-header';
import { OptionsView, type FieldErrors } from './options-view';
import { useChosenPreferences, useSaveStatus } from './preferences';
import { formValues } from './settings-form';
import { shownToken } from './shown-token';
import { useStoredSettings } from './stored-settings';
import { SyncCard } from './sync-card';

export function OptionsApp({ connector }: { connector: OptionsConnector }) {
  const { words } = connector;
  const { t } = words;
  const { saved, setSaved, editing, setEditing, values, setValues, loadFailure, serverMovedTo } = useStoredSettings(connector);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [saveStatus, setSaveStatus] = useState('');
  const [accountsStatus, setAccountsStatus] = useState('');
  const [choosingActive, setChoosingActive] = useState<string | undefined>(undefined);
  // Each preference saved alone as it is changed; what the page wrote, it knows before it reads it back.
  const preferences = useChosenPreferences(saved ?? DEFAULT_SETTINGS, (changes) => connector.save(changes).then(() => setSaved((current) => current && { ...current, ...changes })));
  const behaviourStatus = useSaveStatus(words);
  const historyStatus = useSaveStatus(words);
  const permissions = useHeldPermissions(connector, saved?.accounts.map(({ server }) => server) ?? [], words);
  const { historyLeft, clearHistory } = useHistoryLeft(connector, preferences.shown.history, words);
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
    setValues(formValues(saved.accounts, id));
    setFieldErrors({});
    connectionTest.reset();
    setSaveStatus('');
  };
  const actions = accountActions({ connector, saved, setSaved, account, savedToken, editedId, edit, setSaveStatus, setAccountsStatus, setChoosingActive });
  const asSaved = formValues(saved.accounts, editedId);
  // Typed but not saved: said until it is (the rest of the page needs no Save, and a newcomer may not look for one).
  const unsaved = values.tokenDraft !== '' || values.accountName !== asSaved.accountName || values.serverUrl !== asSaved.serverUrl;

  return (
    <WordsContext.Provider value={words}>
      <OptionsView
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
          >
            <AccountEditor
              values={values}
              editingName={account?.name}
              savedToken={shownToken(saved, account)}
              serverMovedTo={serverMovedTo === undefined ? undefined : hostOf(serverMovedTo)}
              fieldErrors={fieldErrors}
              status={saveStatus !== '' ? saveStatus : unsaved ? t('optionsAccountUnsaved') : ''}
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
              onSave={() => void saveAccount({ connector, saved, values, account, editedId, setFieldErrors, setStatus: setSaveStatus, setSaved, setEditing, setValues })}
              onClearToken={actions.clearSavedToken}
              onTestConnection={() => void connectionTest.test()}
              onGrantHostAccess={() => void connectionTest.grantHostAccess()}
            />
          </AccountsCard>
        }
        behaviour={{
          shown: preferences.shown,
          status: behaviourStatus.status,
          onChoose: (key, value) => behaviourStatus.follow(preferences.choose(key, value)),
          pageLinkHosts: saved.pageLinkHosts ?? [],
          onForgetPageLinkHost: (pair) => behaviourStatus.follow(connector.forgetPageLinkHost(pair)),
        }}
        history={{
          shown: preferences.shown,
          status: historyStatus.status,
          onChoose: (key, value) => historyStatus.follow(preferences.choose(key, value)),
          historyLeft,
          onClearHistory: () => void clearHistory(),
          onOpenHistory: () => connector.openHistory(),
        }}
        permissions={permissions}
        onGiveBack={permissions.giveBack}
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
