import { useRef, useState } from 'preact/hooks';
import { checkServerUrl } from '../api';
import type { Words } from '../platform/words';
import type { SavedToken } from '../storage/token-vault';
import { hostOf } from '../storage/token-binding';
import { errorSentence } from '../ui/error-words';
import { connectionFailureMessage } from './connection-message';
import type { OptionsConnector } from './options-connector';
import type { ConnectionStatus, FieldErrors, AccountFormValues } from './options-view-props';
import { errorText } from '../platform/error-text';

export interface ConnectionTest {
  connection: ConnectionStatus;
  /** Forgets the last result (the server or the token it was about changed). */
  reset(): void;
  test(): Promise<void>;
  /** Asks for access to the server the last test could not reach, then tests again. */
  grantHostAccess(): Promise<void>;
}

/**
 * "Test connection" for the account the form edits: what is typed is what is
 * tested, so a token can be tried before it is saved; the account's saved
 * token is only ever tried on the server it was saved for.
 */
export function useConnectionTest(connector: OptionsConnector, values: AccountFormValues, savedToken: SavedToken | undefined, onServerError: (errors: FieldErrors) => void, words: Words): ConnectionTest {
  const { t } = words;
  const [connection, setConnection] = useState<ConnectionStatus>({ state: 'idle' });
  // Each test, and each reset, counts: a test's answer is shown only while it is the latest (a slow one
  // answering after the server or the token was edited, or after a later test, is about what is no longer there).
  const runs = useRef(0);

  const test = async () => {
    const run = ++runs.current;
    const latest = () => run === runs.current;
    const serverUrl = checkServerUrl(values.serverUrl);
    if (!serverUrl.ok) {
      const sentence = errorSentence(serverUrl.error, words);
      onServerError({ serverUrl: sentence });
      setConnection({ state: 'failed', message: sentence });
      return;
    }
    const host = new URL(serverUrl.value).host;
    let token = values.tokenDraft;
    if (token.trim() === '' && savedToken !== undefined) {
      if (savedToken.server !== serverUrl.value) {
        setConnection({ state: 'failed', message: t('optionsSavedTokenIsForOther', hostOf(savedToken.server), host) });
        return;
      }
      token = savedToken.token;
    }
    setConnection({ state: 'checking' });
    const result = await connector.testConnection(serverUrl.value, token);
    if (!latest()) return;
    if (result.ok) {
      setConnection({ state: 'connected', message: t('optionsConnected', host) });
      return;
    }
    const offerHostAccess =
      // An answer cut off mid-way (`answered`) came from the server: access was not what failed.
      result.error.kind === 'network' && result.error.answered !== true && !(await connector.hasHostAccess(serverUrl.value)) ? { host, serverUrl: serverUrl.value } : undefined;
    if (!latest()) return;
    setConnection({ state: 'failed', message: connectionFailureMessage(result.error, host, words), offerHostAccess });
  };

  const grantHostAccess = async () => {
    // Access for the server that was tested and named on the button.
    if (connection.state !== 'failed' || connection.offerHostAccess === undefined) return;
    const run = runs.current;
    let granted: boolean;
    try {
      granted = await connector.requestHostAccess(connection.offerHostAccess.serverUrl);
    } catch (error) {
      if (run === runs.current) setConnection({ state: 'failed', message: t('optionsAccessNotGranted') });
      console.warn('Shrtnr: the host access request failed.', errorText(error));
      return;
    }
    // Edited while the browser asked: the test offered is no longer what the form holds.
    if (run !== runs.current) return;
    if (granted) await test();
    else setConnection({ state: 'failed', message: t('optionsAccessNotGranted') });
  };

  const reset = () => {
    runs.current += 1;
    setConnection({ state: 'idle' });
  };
  return { connection, reset, test, grantHostAccess };
}
