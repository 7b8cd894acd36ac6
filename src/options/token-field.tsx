import { useRef, useState } from 'preact/hooks';
import { ConfirmStep } from '../ui/confirm-step';
import { useWords } from '../ui/words-context';
import type { AccountEditorProps } from './options-view-props';

/** The edited account's token: whether one is saved here (and for which server), and a field to enter or replace it. */
export function TokenField(props: Pick<AccountEditorProps, 'values' | 'editingName' | 'savedToken' | 'fieldErrors' | 'onChange' | 'onUseTokenWithServer' | 'onClearToken'>) {
  const { values, savedToken, fieldErrors, onChange } = props;
  const [showToken, setShowToken] = useState(false);
  // "Clear token" asks first (the token is not shown again, and there is no undo); asked for the account edited
  // then: a question left open, the form moving to another account, is not about that one's token.
  const [askedFor, setAskedFor] = useState<{ account: string | undefined } | undefined>(undefined);
  const askingClear = askedFor !== undefined && askedFor.account === props.editingName;
  // Gone for good once the form moves on (set in this render): coming back to that account does not ask again, nor take the focus.
  if (askedFor !== undefined && !askingClear) setAskedFor(undefined);
  const clearButton = useRef<HTMLButtonElement>(null);
  const tokenField = useRef<HTMLInputElement>(null);
  const { t, when } = useWords();
  const tokenFieldProps = {
    id: 'token',
    ref: tokenField,
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
    <div class="field-group">
      <p class="token-status" data-testid="token-status">
        {savedToken === undefined ? (
          t('optionsNoToken')
        ) : (
          <>
            {t('optionsTokenSaved', savedToken.ending, savedToken.host)}{' '}
            {savedToken.otherServerHost !== undefined && (
              <>
                {savedToken.movedBySyncAt !== undefined && <>{t('optionsServerChangedBySync', savedToken.otherServerHost, when(savedToken.movedBySyncAt))} </>}
                {t('optionsTokenNotSentTo', savedToken.otherServerHost)}{' '}
                <button type="button" class="quiet-button" onClick={props.onUseTokenWithServer}>
                  {t('optionsUseTokenWith', savedToken.otherServerHost)}
                </button>{' '}
              </>
            )}
            <button type="button" ref={clearButton} class="quiet-button" aria-expanded={askingClear} onClick={() => setAskedFor({ account: props.editingName })}>
              {t('optionsClearToken')}
            </button>
          </>
        )}
      </p>
      {savedToken !== undefined && askingClear && (
        <ConfirmStep
          question={t('optionsClearTokenQuestion', savedToken.host)}
          confirmLabel={t('optionsRemoveAccountConfirm')}
          cancelLabel={t('optionsRemoveAccountKeep')}
          onConfirm={() => {
            // The button goes with the token: the field to enter one has the focus.
            tokenField.current?.focus();
            setAskedFor(undefined);
            props.onClearToken();
          }}
          onCancel={() => {
            clearButton.current?.focus();
            setAskedFor(undefined);
          }}
        />
      )}
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
    </div>
  );
}
