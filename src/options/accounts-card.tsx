import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Account } from '../storage/accounts';
import { hostOf } from '../storage/token-binding';
import { ConfirmStep } from '../ui/confirm-step';
import { useWords } from '../ui/words-context';
import { NEW_ACCOUNT } from './account-draft';

export interface AccountsCardProps {
  accounts: readonly Account[];
  /** The active account's id (the popup, the menu and the shortcut use it). */
  active: string | undefined;
  /** The active account, removed on another machine through sync (its name, and when): none is active until one is chosen. */
  removedElsewhere?: { name: string; at: number } | undefined;
  /** The account the editor below the list edits (NEW_ACCOUNT: one being added). */
  editing: string;
  /** Accounts with no token saved on this machine (synced from another, or never given one): each asks for it. */
  withoutToken: ReadonlySet<string>;
  canAdd: boolean;
  status: string;
  onMakeActive(id: string): void;
  onEdit(id: string): void;
  onAdd(): void;
  /** Resolves to whether the account was removed (the status line says why not). */
  onRemove(id: string): Promise<boolean>;
  /** The editor of one account (account-editor.tsx), under the list. */
  children: ComponentChildren;
}

/** The accounts: which is active, which the editor under them edits, and adding or removing one (after a word of confirmation: its token goes with it). */
export function AccountsCard(props: AccountsCardProps) {
  const { accounts, active, editing, withoutToken } = props;
  const { t, when } = useWords();
  const [confirming, setConfirming] = useState<string | undefined>(undefined);
  // An account removed: once it is off the list, focus goes to the list's first button (Add account when none is left).
  const [removed, setRemoved] = useState<string | undefined>(undefined);
  const list = useRef<HTMLFieldSetElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  useEffect(() => {
    if (removed === undefined || accounts.some(({ id }) => id === removed)) return;
    setRemoved(undefined);
    (list.current?.querySelector('button') ?? addButton.current)?.focus();
  }, [accounts, removed]);
  // Back on the account's Remove button: it stays until the account is gone, and stays if it could not be removed.
  const answered = (id: string) => {
    removeButtons.current.get(id)?.focus();
    setConfirming(undefined);
  };
  return (
    <section class="card accounts-card" aria-labelledby="accounts-heading">
      <h2 id="accounts-heading">{t('optionsAccountsHeading')}</h2>
      <p class="hint">{t('optionsAccountsHint')}</p>
      {props.removedElsewhere !== undefined && (
        <p class="field-error" data-testid="active-removed-elsewhere">
          {t('optionsActiveRemovedBySync', props.removedElsewhere.name, when(props.removedElsewhere.at))}
        </p>
      )}
      {accounts.length === 0 ? (
        <p class="field-error">{t('optionsNoAccount')}</p>
      ) : (
        <fieldset class="account-list" ref={list}>
          <legend>{t('optionsActiveAccount')}</legend>
          <ul>
            {accounts.map(({ id, name, server }) => (
              <li key={id} class={id === editing ? 'is-editing' : undefined}>
                <label class="radio">
                  <input type="radio" name="active-account" checked={id === active} onChange={() => props.onMakeActive(id)} />
                  <bdi>{name}</bdi>
                  {/* Its server, unless its name says it already. */}
                  {name !== hostOf(server) && (
                    <>
                      {' '}
                      <span class="hint" dir="ltr">
                        {hostOf(server)}
                      </span>
                    </>
                  )}
                </label>
                {withoutToken.has(id) && <span class="account-note">{t('optionsAccountNeedsToken')}</span>}
                <span class="account-actions">
                  <button type="button" class="quiet-button" aria-pressed={id === editing} onClick={() => props.onEdit(id)}>
                    {t('optionsEditAccount', name)}
                  </button>
                  <button
                    type="button"
                    ref={(button) => {
                      if (button === null) removeButtons.current.delete(id);
                      else removeButtons.current.set(id, button);
                    }}
                    class="quiet-button"
                    aria-expanded={confirming === id}
                    onClick={() => setConfirming(id)}
                  >
                    {t('optionsRemoveAccount', name)}
                  </button>
                </span>
                {confirming === id && (
                  <ConfirmStep
                    question={t('optionsRemoveAccountQuestion', name)}
                    confirmLabel={t('optionsRemoveAccountConfirm')}
                    cancelLabel={t('optionsRemoveAccountKeep')}
                    onConfirm={() => {
                      answered(id);
                      void props.onRemove(id).then((done) => done && setRemoved(id));
                    }}
                    onCancel={() => answered(id)}
                  />
                )}
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <button type="button" ref={addButton} class="secondary-button" aria-pressed={editing === NEW_ACCOUNT} onClick={props.onAdd} disabled={!props.canAdd}>
        {t('optionsAddAccount')}
      </button>
      <p class="save-status" role="status" data-testid="accounts-status">
        {props.status}
      </p>
      {props.children}
    </section>
  );
}
