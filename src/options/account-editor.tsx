import { useWords } from '../ui/words-context';
import type { AccountEditorProps } from './options-view-props';
import { AccountNameField, ServerField } from './server-field';
import { TokenField } from './token-field';

/**
 * One account in one place: its name, server and token, a test of the
 * connection to it, and its own Save. The one part of the page that waits for
 * a button (every preference is saved as it changes): a token is saved with
 * the server it is for, the two checked together, so neither is saved alone
 * half-typed. The status line says when what it holds is not saved yet.
 */
export function AccountEditor(props: AccountEditorProps) {
  const { values, fieldErrors, connection, onChange } = props;
  const { t } = useWords();
  const submit = (event: Event) => {
    event.preventDefault();
    props.onSave();
  };
  return (
    <form class="account-editor" aria-labelledby="editing-account" onSubmit={submit} noValidate>
      <h3 id="editing-account" data-testid="editing-account">
        {props.editingName === undefined ? t('optionsAddingAccount') : t('optionsEditingAccount', props.editingName)}
      </h3>
      <AccountNameField value={values.accountName} error={fieldErrors.accountName} onInput={(accountName) => onChange({ accountName })} />
      <ServerField {...props} />
      <TokenField {...props} />
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
      <div class="save-row">
        <button type="submit" class="primary-button" aria-describedby="account-save-hint">
          {t('optionsSaveAccount')}
        </button>
        <p class="save-status" role="status" data-testid="account-save-status">
          {props.status}
        </p>
      </div>
      <p id="account-save-hint" class="hint">
        {t('optionsSaveAccountHint')}
      </p>
    </form>
  );
}
