import { useEffect, useRef } from 'preact/hooks';
import { useWords } from '../ui/words-context';
import { canRetry, needsSettings, popupErrorSentence, wantsTypedUrl, type PopupState } from './popup-state';
import { mayTakeFocus } from './focus-rule';
import type { AccountSwitcherProps } from './account-switcher';

interface FailedResultProps {
  state: Extract<PopupState, { phase: 'failed' }>;
  onRetry(): void;
  onOpenSettings(): void;
  urlFieldRef: { current: HTMLInputElement | null };
  /** The accounts to choose from when the active one was removed elsewhere (none is used unless the user picks it). */
  accounts: Pick<AccountSwitcherProps, 'accounts' | 'onSwitch'>;
}

/** Why the link was not shortened, with the settings or a retry when either can help. */
export function FailedResult({ state, onRetry, onOpenSettings, urlFieldRef, accounts }: FailedResultProps) {
  const actionRef = useRef<HTMLButtonElement>(null);
  const words = useWords();
  const { error } = state;
  const offerSettings = needsSettings(error);
  const offerRetry = canRetry(error);
  useEffect(() => {
    if (!mayTakeFocus()) return;
    // A link that cannot be shortened (the tab's or a typed one): the field, to type or fix one.
    if (wantsTypedUrl(error)) urlFieldRef.current?.focus();
    else actionRef.current?.focus();
  }, [state]);
  return (
    <div class="failed">
      <p class="error-message" role="alert" data-testid="error-message" data-error-kind={error.kind}>
        {popupErrorSentence(error, words)}
      </p>
      <div class="actions">
        {error.kind === 'active-account-removed' &&
          accounts.accounts.map(({ id, name }, index) => (
            <button type="button" key={id} ref={index === 0 ? actionRef : undefined} class="secondary-button" onClick={() => accounts.onSwitch(id)}>
              {words.t('popupShortenWithAccount', name)}
            </button>
          ))}
        {offerSettings && (
          <button type="button" ref={actionRef} class="primary-button" onClick={onOpenSettings}>
            {words.t('popupOpenSettings')}
          </button>
        )}
        {offerRetry && (
          <button type="button" ref={offerSettings ? undefined : actionRef} class={offerSettings ? 'secondary-button' : 'primary-button'} onClick={onRetry}>
            {words.t('popupRetry')}
          </button>
        )}
      </div>
    </div>
  );
}
