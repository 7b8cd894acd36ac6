import { useEffect, useRef, useState } from 'preact/hooks';
import { checkServerUrl, checkToken } from '../api';
import type { Settings } from '../storage/settings-schema';
import { connectionFailureMessage } from './connection-message';
import type { OptionsConnector } from './options-connector';
import { OptionsView, type ConnectionStatus, type OptionsFormValues } from './options-view';

const TOKEN_ENDING_LENGTH = 4;

export function OptionsApp({ connector }: { connector: OptionsConnector }) {
  const [saved, setSaved] = useState<Settings | undefined>(undefined);
  const [values, setValues] = useState<OptionsFormValues>({ tokenDraft: '', serverUrl: '', autoCopy: true });
  const [fieldErrors, setFieldErrors] = useState<{ token?: string; serverUrl?: string }>({});
  const [saveStatus, setSaveStatus] = useState('');
  const [connection, setConnection] = useState<ConnectionStatus>({ state: 'idle' });

  useEffect(() => {
    void connector.load().then((settings) => {
      setSaved(settings);
      setValues({ tokenDraft: '', serverUrl: settings.serverUrl, autoCopy: settings.autoCopy });
    });
  }, [connector]);

  // Another page may save too: follow it, keeping whatever this page has unsaved edits in.
  const latest = useRef({ saved, values });
  latest.current = { saved, values };
  useEffect(
    () =>
      connector.onStoredChange(() => {
        void connector.load().then((stored) => {
          const { saved: before, values: current } = latest.current;
          const untouched = (key: 'serverUrl' | 'autoCopy') => before === undefined || current[key] === before[key];
          setSaved(stored);
          setValues({
            tokenDraft: current.tokenDraft,
            serverUrl: untouched('serverUrl') ? stored.serverUrl : current.serverUrl,
            autoCopy: untouched('autoCopy') ? stored.autoCopy : current.autoCopy,
          });
        });
      }),
    [connector],
  );

  if (saved === undefined) return <main class="options" aria-busy="true" />;

  const save = async () => {
    const serverUrl = checkServerUrl(values.serverUrl);
    // An untouched field keeps the saved token; one holding only spaces is a mistake worth saying.
    const token = values.tokenDraft === '' ? undefined : checkToken(values.tokenDraft);
    const errors = {
      serverUrl: serverUrl.ok ? undefined : serverUrl.error.message,
      token: token === undefined || token.ok ? undefined : token.error.message,
    };
    setFieldErrors(errors);
    if (!serverUrl.ok || (token !== undefined && !token.ok)) {
      setSaveStatus('Nothing was saved: fix the highlighted field.');
      return;
    }
    // Only what this page changed: two pages saving different settings at once must both win.
    const changes: Partial<Settings> = {};
    if (serverUrl.value !== saved.serverUrl) changes.serverUrl = serverUrl.value;
    if (values.autoCopy !== saved.autoCopy) changes.autoCopy = values.autoCopy;
    if (token !== undefined) changes.token = token.value;
    try {
      if (Object.keys(changes).length > 0) await connector.save(changes);
    } catch (error) {
      setSaveStatus(`The settings could not be saved: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    setSaved({ ...saved, ...changes });
    setValues({ tokenDraft: '', serverUrl: serverUrl.value, autoCopy: values.autoCopy });
    setSaveStatus('Settings saved.');
  };

  const clearSavedToken = async () => {
    await connector.clearToken();
    setSaved({ ...saved, token: '' });
    setSaveStatus('The token was removed.');
  };

  const testConnection = async () => {
    const serverUrl = checkServerUrl(values.serverUrl);
    if (!serverUrl.ok) {
      setFieldErrors({ ...fieldErrors, serverUrl: serverUrl.error.message });
      setConnection({ state: 'failed', message: serverUrl.error.message });
      return;
    }
    // What is typed is what gets tested, so a token can be tried before it is saved.
    const token = values.tokenDraft.trim() === '' ? saved.token : values.tokenDraft;
    setConnection({ state: 'checking' });
    const result = await connector.testConnection(serverUrl.value, token);
    const host = new URL(serverUrl.value).host;
    if (result.ok) {
      setConnection({ state: 'connected', message: `Connected to ${host}: the token works.` });
      return;
    }
    const offerHostAccess =
      result.error.kind === 'network' && !(await connector.hasHostAccess(serverUrl.value)) ? host : undefined;
    setConnection({ state: 'failed', message: connectionFailureMessage(result.error, host), offerHostAccess });
  };

  const grantHostAccess = async () => {
    const serverUrl = checkServerUrl(values.serverUrl);
    if (!serverUrl.ok) return;
    const granted = await connector.requestHostAccess(serverUrl.value);
    if (granted) await testConnection();
    else setConnection({ state: 'failed', message: 'Access was not granted, so the extension cannot reach this server.' });
  };

  return (
    <OptionsView
      values={values}
      savedTokenEnding={saved.token === '' ? undefined : saved.token.slice(-TOKEN_ENDING_LENGTH)}
      fieldErrors={fieldErrors}
      saveStatus={saveStatus}
      connection={connection}
      onChange={(next) => {
        setValues(next);
        setSaveStatus('');
      }}
      onSave={() => void save()}
      onClearToken={() => void clearSavedToken()}
      onTestConnection={() => void testConnection()}
      onGrantHostAccess={() => void grantHostAccess()}
    />
  );
}
