import { useEffect, useRef, useState } from 'preact/hooks';
import { checkServerUrl, checkToken } from '../api';
import { DEFAULT_SETTINGS, type Settings } from '../storage/settings-schema';
import { hostOf } from '../storage/token-binding';
import { errorSentence } from '../ui/error-words';
import { WordsContext } from '../ui/words-context';
import { CampaignPresetsCard } from './campaign-presets-card';
import { SyncCard } from './sync-card';
import { connectionFailureMessage } from './connection-message';
import { useHeldPermissions } from './held-permissions';
import { useHistoryLeft } from './history-left';
import type { OptionsConnector } from './options-connector';
import { OptionsHeader } from './options-header';
import { OptionsView, PLAIN_SETTINGS, type ConnectionStatus, type OptionsFormValues } from './options-view';

const TOKEN_ENDING_LENGTH = 4;

export function OptionsApp({ connector }: { connector: OptionsConnector }) {
  const { words } = connector;
  const { t } = words;
  const [saved, setSaved] = useState<Settings | undefined>(undefined);
  const [values, setValues] = useState<OptionsFormValues>(() => formValues(DEFAULT_SETTINGS));
  const [fieldErrors, setFieldErrors] = useState<{ token?: string; serverUrl?: string }>({});
  const [saveStatus, setSaveStatus] = useState('');
  const [connection, setConnection] = useState<ConnectionStatus>({ state: 'idle' });
  const [loadFailure, setLoadFailure] = useState<string | undefined>(undefined);
  const permissions = useHeldPermissions(connector, saved?.serverUrl, words);
  const { historyLeft, clearHistory } = useHistoryLeft(connector, values.history, words);

  useEffect(() => {
    connector.load().then(
      (settings) => {
        setSaved(settings);
        setValues(formValues(settings));
        // A stored server address that failed validation reads as none: nothing is sent until one is entered.
        if (settings.serverUrl === '') setFieldErrors({ serverUrl: t('optionsNoValidServer') });
      },
      (error: unknown) => setLoadFailure(t('optionsLoadFailed', describe(error))),
    );
  }, [connector]);

  // Another page may save too: follow it, keeping whatever this page has unsaved edits in.
  const latest = useRef({ saved, values });
  latest.current = { saved, values };
  useEffect(
    () =>
      connector.onStoredChange(() => {
        void connector.load().then((stored) => {
          const { saved: before, values: current } = latest.current;
          const untouched = (key: 'serverUrl' | (typeof PLAIN_SETTINGS)[number]) => before === undefined || current[key] === before[key];
          setSaved(stored);
          setValues((latestValues) => {
            const merged = { ...latestValues, serverUrl: untouched('serverUrl') ? stored.serverUrl : latestValues.serverUrl };
            for (const key of PLAIN_SETTINGS) if (untouched(key)) Object.assign(merged, { [key]: stored[key] });
            return merged;
          });
        });
      }),
    [connector],
  );

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

  const save = async () => {
    const serverUrl = checkServerUrl(values.serverUrl);
    // An untouched field keeps the saved token; one holding only spaces is a mistake worth saying.
    const token = values.tokenDraft === '' ? undefined : checkToken(values.tokenDraft);
    const errors = {
      serverUrl: serverUrl.ok ? undefined : errorSentence(serverUrl.error, words),
      token: token === undefined || token.ok ? undefined : errorSentence(token.error, words),
    };
    setFieldErrors(errors);
    if (!serverUrl.ok || (token !== undefined && !token.ok)) {
      setSaveStatus(t('optionsNothingSaved'));
      return;
    }
    // Only what this page changed: two pages saving different settings at once must both win.
    const changes: Partial<Settings> = {};
    const serverChanged = serverUrl.value !== saved.serverUrl;
    if (serverChanged) changes.serverUrl = serverUrl.value;
    for (const key of PLAIN_SETTINGS) if (values[key] !== saved[key]) Object.assign(changes, { [key]: values[key] });
    if (token !== undefined) {
      // A token is saved for the server it was entered with, and sent nowhere else.
      changes.token = token.value;
      changes.tokenServer = serverUrl.value;
    }
    try {
      if (Object.keys(changes).length > 0) await connector.save(changes);
    } catch (error) {
      setSaveStatus(t('optionsSaveFailed', describe(error)));
      return;
    }
    // Access granted for the server left behind is given back (the default server's is the manifest's own).
    if (serverChanged && saved.serverUrl !== '') {
      // The settings are saved either way; access left behind is only worth a warning to the console.
      await connector.releaseHostAccess(saved.serverUrl, serverUrl.value).catch((error: unknown) => console.warn('Shrtnr: host access for the previous server could not be given back.', describe(error)));
    }
    setSaved((current) => ({ ...(current ?? saved), ...changes }));
    // What was typed while this save was awaited is kept: only the fields still as saved are settled.
    setValues((latestValues) => ({
      ...latestValues,
      tokenDraft: token !== undefined && latestValues.tokenDraft === values.tokenDraft ? '' : latestValues.tokenDraft,
      serverUrl: latestValues.serverUrl === values.serverUrl ? serverUrl.value : latestValues.serverUrl,
    }));
    setFieldErrors({});
    setSaveStatus(t('optionsSaved'));
  };

  const useTokenWithServer = async () => {
    try {
      await connector.save({ tokenServer: saved.serverUrl });
    } catch (error) {
      setSaveStatus(t('optionsSaveFailed', describe(error)));
      return;
    }
    setSaved({ ...saved, tokenServer: saved.serverUrl });
    setSaveStatus(t('optionsTokenNowSentTo', hostOf(saved.serverUrl)));
  };

  const clearSavedToken = async () => {
    try {
      await connector.clearToken();
    } catch (error) {
      setSaveStatus(t('optionsSaveFailed', describe(error)));
      return;
    }
    setSaved({ ...saved, token: '', tokenServer: '' });
    setSaveStatus(t('optionsTokenRemoved'));
  };

  const testConnection = async () => {
    const serverUrl = checkServerUrl(values.serverUrl);
    if (!serverUrl.ok) {
      const sentence = errorSentence(serverUrl.error, words);
      setFieldErrors({ ...fieldErrors, serverUrl: sentence });
      setConnection({ state: 'failed', message: sentence });
      return;
    }
    // What is typed is what gets tested, so a token can be tried before it is
    // saved; the saved token is only ever tried on the server it was saved for.
    const host = new URL(serverUrl.value).host;
    let token = values.tokenDraft;
    if (token.trim() === '' && saved.token !== '') {
      if (saved.tokenServer !== serverUrl.value) {
        setConnection({ state: 'failed', message: t('optionsSavedTokenIsForOther', hostOf(saved.tokenServer), host) });
        return;
      }
      token = saved.token;
    }
    setConnection({ state: 'checking' });
    const result = await connector.testConnection(serverUrl.value, token);
    if (result.ok) {
      setConnection({ state: 'connected', message: t('optionsConnected', host) });
      return;
    }
    const offerHostAccess =
      result.error.kind === 'network' && !(await connector.hasHostAccess(serverUrl.value)) ? { host, serverUrl: serverUrl.value } : undefined;
    setConnection({ state: 'failed', message: connectionFailureMessage(result.error, host, words), offerHostAccess });
  };

  const grantHostAccess = async () => {
    // Access for the server that was tested and named on the button.
    if (connection.state !== 'failed' || connection.offerHostAccess === undefined) return;
    let granted: boolean;
    try {
      granted = await connector.requestHostAccess(connection.offerHostAccess.serverUrl);
    } catch (error) {
      setConnection({ state: 'failed', message: t('optionsAccessNotGranted') });
      console.warn('Shrtnr: the host access request failed.', describe(error));
      return;
    }
    if (granted) await testConnection();
    else setConnection({ state: 'failed', message: t('optionsAccessNotGranted') });
  };

  const savedTokenServer = saved.token === '' ? undefined : saved.tokenServer;
  return (
    <WordsContext.Provider value={words}>
    <OptionsView
      values={values}
      savedToken={
        savedTokenServer === undefined
          ? undefined
          : {
              ending: saved.token.slice(-TOKEN_ENDING_LENGTH),
              host: hostOf(savedTokenServer),
              // Saved for another server than the saved one: offer to use it there, explicitly.
              otherServerHost: savedTokenServer === saved.serverUrl || saved.serverUrl === '' ? undefined : hostOf(saved.serverUrl),
            }
      }
      fieldErrors={fieldErrors}
      saveStatus={saveStatus}
      connection={connection}
      onChange={(patch) => {
        // Merged into the latest values: two fields changed in one moment (a
        // password manager filling the token as the server is typed) both stay.
        setValues((latestValues) => ({ ...latestValues, ...patch }));
        // A connection result is about what was tested: once the server or the token changes, it no longer holds.
        if (patch.serverUrl !== undefined || patch.tokenDraft !== undefined) setConnection({ state: 'idle' });
        setSaveStatus('');
      }}
      onUseTokenWithServer={() => void useTokenWithServer()}
      onSave={() => void save()}
      onClearToken={() => void clearSavedToken()}
      onTestConnection={() => void testConnection()}
      onGrantHostAccess={() => void grantHostAccess()}
      historyLeft={historyLeft}
      onClearHistory={() => void clearHistory()}
      onOpenHistory={() => connector.openHistory()}
      permissions={permissions}
      onGiveBack={permissions.giveBack}
      cards={
        <>
          <CampaignPresetsCard presets={saved?.campaignPresets} onSave={(campaignPresets) => connector.save({ campaignPresets })} />
          <SyncCard settings={saved} onSave={(changes) => connector.save(changes)} />
        </>
      }
    />
    </WordsContext.Provider>
  );
}

function formValues(settings: Settings): OptionsFormValues {
  const { serverUrl, autoCopy, history, copyFormat, stripTracking, usePageShortLink } = settings;
  return { tokenDraft: '', serverUrl, autoCopy, history, copyFormat, stripTracking, usePageShortLink };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
