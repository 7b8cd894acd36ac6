import { useWords } from '../ui/words-context';
import type { AccountEditorProps } from './options-view-props';

/** The edited account's server address: its hint, or what is wrong with it; and where another page or sync moved it meanwhile. */
export function ServerField(props: Pick<AccountEditorProps, 'values' | 'serverMovedTo' | 'fieldErrors' | 'onChange'>) {
  const { values, fieldErrors, onChange } = props;
  const { t } = useWords();
  return (
    <div class="field-group">
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
    </div>
  );
}

export function AccountNameField({ value, error, onInput }: { value: string; error: string | undefined; onInput(value: string): void }) {
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
