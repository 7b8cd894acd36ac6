import { useWords } from '../ui/words-context';
import type { OptionsViewProps } from './options-view-props';

/** The edited account's name and server, and a test of the connection to it. */
export function ServerCard(props: Pick<OptionsViewProps, 'values' | 'serverMovedTo' | 'fieldErrors' | 'connection' | 'onChange' | 'onTestConnection' | 'onGrantHostAccess'>) {
  const { values, fieldErrors, connection, onChange } = props;
  const { t } = useWords();
  return (
    <section class="card">
      <h2>{t('optionsServerHeading')}</h2>
      <AccountNameField value={values.accountName} error={fieldErrors.accountName} onInput={(accountName) => onChange({ accountName })} />
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
      {props.serverMovedTo !== undefined && (
        <p class="hint" role="status" data-testid="server-moved">
          {t('optionsServerMovedElsewhere', props.serverMovedTo)}
        </p>
      )}
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
  );
}

function AccountNameField({ value, error, onInput }: { value: string; error: string | undefined; onInput(value: string): void }) {
  const { t } = useWords();
  return (
    <div class="field-group">
      <label class="field-label" for="account-name">
        {t('optionsAccountName')}
      </label>
      <input
        id="account-name"
        type="text"
        value={value}
        aria-invalid={error !== undefined}
        aria-describedby={error === undefined ? 'account-name-hint' : 'account-name-error'}
        onInput={(event) => onInput(event.currentTarget.value)}
      />
      <p id={error === undefined ? 'account-name-hint' : 'account-name-error'} class={error === undefined ? 'hint' : 'field-error'}>
        {error ?? t('optionsAccountNameHint')}
      </p>
    </div>
  );
}
