import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { COPY_FORMATS, type CopyFormat } from '../storage/copy-format-setting';
import { COPY_FORMAT_WORDS } from '../ui/copy-format-words';
import { useWords } from '../ui/words-context';
import { OptionsHeader } from './options-header';
import type { PermissionRow } from './held-permissions';
import type { HeldPermission } from './options-connector';
import { PermissionsCard } from './permissions-card';

export interface OptionsFormValues {
  tokenDraft: string;
  serverUrl: string;
  autoCopy: boolean;
  history: boolean;
  copyFormat: CopyFormat;
  stripTracking: boolean;
  usePageShortLink: boolean;
}

/** The form's fields that are settings as they are (the token is a draft, the server is checked first). */
export const PLAIN_SETTINGS = ['autoCopy', 'history', 'copyFormat', 'stripTracking', 'usePageShortLink'] as const;

/** Links still in history while it is off, offered for deletion; `cleared` once they are gone. */
export type HistoryLeft = { state: 'none' } | { state: 'kept'; count: number } | { state: 'cleared'; count: number } | { state: 'failed'; message: string };

export type ConnectionStatus =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'connected'; message: string }
  /** `offerHostAccess`: the server that could not be reached, to offer access to (the one tested, whatever the field says since). */
  | { state: 'failed'; message: string; offerHostAccess?: { host: string; serverUrl: string } };

export interface SavedToken {
  /** Its last characters, enough to recognise it. */
  ending: string;
  /** The host of the server it was saved for: the only one it is sent to. */
  host: string;
  /** Set when the saved server is another one, which the token is not sent to. */
  otherServerHost: string | undefined;
}

export interface OptionsViewProps {
  values: OptionsFormValues;
  savedToken: SavedToken | undefined;
  fieldErrors: { token?: string; serverUrl?: string };
  saveStatus: string;
  connection: ConnectionStatus;
  /** Only the fields that changed: merged into the latest values, so simultaneous edits never overwrite each other. */
  onChange(patch: Partial<OptionsFormValues>): void;
  onUseTokenWithServer(): void;
  onSave(): void;
  onClearToken(): void;
  onTestConnection(): void;
  onGrantHostAccess(): void;
  historyLeft: HistoryLeft;
  onClearHistory(): void;
  onOpenHistory(): void;
  /** The optional permissions held (undefined until read), and what giving one back came to. */
  permissions: { rows: PermissionRow[] | undefined; status: string };
  onGiveBack(permission: HeldPermission): void;
  /** The cards after the form that save as they change (sync, campaign presets): their own state; the app saves what they ask. */
  cards: ComponentChildren;
}

/** The options form; plain Preact with no browser calls, wired up by options-app.tsx. */
export function OptionsView(props: OptionsViewProps) {
  const { values, savedToken, fieldErrors, saveStatus, connection, onChange } = props;
  const [showToken, setShowToken] = useState(false);
  const { t } = useWords();
  const submit = (event: Event) => {
    event.preventDefault();
    props.onSave();
  };
  const tokenFieldProps = {
    id: 'token',
    // No `name`: a native submit (the form's script failing) would put a named field, the token, into a URL.
    autoComplete: 'off',
    spellcheck: false,
    dir: 'ltr' as const,
    value: values.tokenDraft,
    'aria-invalid': fieldErrors.token !== undefined,
    'aria-describedby': fieldErrors.token === undefined ? undefined : 'token-error',
    onInput: (event: { currentTarget: HTMLInputElement }) => onChange({ tokenDraft: event.currentTarget.value }),
  };
  return (
    <main class="options">
      <OptionsHeader />
      <form onSubmit={submit} noValidate>
        <section class="card">
          <h2>{t('optionsTokenHeading')}</h2>
          <p class="token-status" data-testid="token-status">
            {savedToken === undefined ? (
              t('optionsNoToken')
            ) : (
              <>
                {t('optionsTokenSaved', savedToken.ending, savedToken.host)}{' '}
                {savedToken.otherServerHost !== undefined && (
                  <>
                    {t('optionsTokenNotSentTo', savedToken.otherServerHost)}{' '}
                    <button type="button" class="quiet-button" onClick={props.onUseTokenWithServer}>
                      {t('optionsUseTokenWith', savedToken.otherServerHost)}
                    </button>{' '}
                  </>
                )}
                <button type="button" class="quiet-button" onClick={props.onClearToken}>
                  {t('optionsClearToken')}
                </button>
              </>
            )}
          </p>
          <label class="field-label" for="token">
            {savedToken === undefined ? t('optionsTokenLabel') : t('optionsReplaceToken')}
          </label>
          <div class="field-row">
            {/* Two branches because Preact's types tie a password field's role to its type. */}
            {showToken ? <input type="text" {...tokenFieldProps} /> : <input type="password" {...tokenFieldProps} />}
            <button type="button" class="secondary-button" aria-pressed={showToken} onClick={() => setShowToken(!showToken)}>
              {showToken ? t('optionsHide') : t('optionsShow')}
            </button>
          </div>
          {fieldErrors.token !== undefined && (
            <p id="token-error" class="field-error">
              {fieldErrors.token}
            </p>
          )}
        </section>

        <section class="card">
          <h2>{t('optionsServerHeading')}</h2>
          <label class="field-label" for="server-url">
            {t('optionsServerLabel')}
          </label>
          <input
            id="server-url"
            name="serverUrl"
            type="url"
            // Addresses read left to right in every language.
            dir="ltr"
            spellcheck={false}
            value={values.serverUrl}
            aria-invalid={fieldErrors.serverUrl !== undefined}
            aria-describedby={fieldErrors.serverUrl === undefined ? 'server-url-hint' : 'server-url-error'}
            onInput={(event) => onChange({ serverUrl: event.currentTarget.value })}
          />
          {fieldErrors.serverUrl === undefined ? (
            <p id="server-url-hint" class="hint">
              {t('optionsServerHint')}
            </p>
          ) : (
            <p id="server-url-error" class="field-error">
              {fieldErrors.serverUrl}
            </p>
          )}
          <div class="connection">
            <button type="button" class="secondary-button" onClick={props.onTestConnection} disabled={connection.state === 'checking'}>
              {t('optionsTestConnection')}
            </button>
            <p class={`connection-status is-${connection.state}`} role="status" data-testid="connection-status">
              {connection.state === 'checking' && t('optionsChecking')}
              {(connection.state === 'connected' || connection.state === 'failed') && connection.message}
            </p>
            {connection.state === 'failed' && connection.offerHostAccess !== undefined && (
              <button type="button" class="secondary-button" onClick={props.onGrantHostAccess}>
                {t('optionsAllowAccess', connection.offerHostAccess.host)}
              </button>
            )}
          </div>
        </section>

        <section class="card">
          <h2>{t('optionsBehaviourHeading')}</h2>
          <label class="checkbox">
            <input
              type="checkbox"
              name="autoCopy"
              checked={values.autoCopy}
              onChange={(event) => onChange({ autoCopy: event.currentTarget.checked })}
            />
            {t('optionsAutoCopy')}
          </label>
          <div class="field-group">
            <label class="field-label" for="copy-format">
              {t('optionsCopyFormat')}
            </label>
            <select id="copy-format" value={values.copyFormat} onChange={(event) => onChange({ copyFormat: event.currentTarget.value as CopyFormat })}>
              {COPY_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {t(COPY_FORMAT_WORDS[format])}
                </option>
              ))}
            </select>
            <p class="hint">{t('optionsCopyFormatHint')}</p>
          </div>
          <label class="checkbox">
            <input type="checkbox" checked={values.stripTracking} onChange={(event) => onChange({ stripTracking: event.currentTarget.checked })} />
            {t('optionsStripTracking')}
          </label>
          <label class="checkbox">
            <input type="checkbox" checked={values.usePageShortLink} onChange={(event) => onChange({ usePageShortLink: event.currentTarget.checked })} />
            {t('optionsUsePageShortLink')}
          </label>
          <p class="hint">{t('optionsUsePageShortLinkHint')}</p>
        </section>

        <section class="card">
          <h2>{t('optionsHistoryHeading')}</h2>
          <label class="checkbox">
            <input type="checkbox" checked={values.history} onChange={(event) => onChange({ history: event.currentTarget.checked })} />
            {t('optionsHistory')}
          </label>
          <p class="hint">{t('optionsHistoryHint')}</p>
          <HistoryLeftNotice historyLeft={props.historyLeft} onClear={props.onClearHistory} />
          <button type="button" class="secondary-button" onClick={props.onOpenHistory}>
            {t('optionsOpenHistory')}
          </button>
        </section>

        <div class="save-row">
          <button type="submit" class="primary-button">
            {t('optionsSave')}
          </button>
          <p class="save-status" role="status" data-testid="save-status">
            {saveStatus}
          </p>
        </div>
      </form>
      {props.cards}
      <PermissionsCard rows={props.permissions.rows} status={props.permissions.status} onGiveBack={props.onGiveBack} />
    </main>
  );
}

function HistoryLeftNotice({ historyLeft, onClear }: { historyLeft: HistoryLeft; onClear(): void }) {
  const { t } = useWords();
  return (
    <div class="history-left">
      <p role="status" data-testid="history-left" class={historyLeft.state === 'failed' ? 'field-error' : undefined}>
        {historyLeft.state === 'kept' && t('optionsHistoryStillSaved', historyLeft.count)}
        {historyLeft.state === 'cleared' && t('optionsHistoryCleared', historyLeft.count)}
        {historyLeft.state === 'failed' && historyLeft.message}
      </p>
      {historyLeft.state === 'kept' && (
        <button type="button" class="secondary-button" onClick={onClear}>
          {t('optionsClearHistory', historyLeft.count)}
        </button>
      )}
    </div>
  );
}
