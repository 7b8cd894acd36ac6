import type { AccountChoice } from '../shortening/shortening';
import { useWords } from '../ui/words-context';

export interface AccountSwitcherProps {
  accounts: readonly AccountChoice[];
  /** The account the shown link was made with (or would have been). */
  active: string | undefined;
  /** Makes the chosen account the active one, and shortens the shown address again with it. */
  onSwitch(account: string): void;
}

/** The active account, switched with one choice; only there when there is more than one. */
export function AccountSwitcher({ accounts, active, onSwitch }: AccountSwitcherProps) {
  const { t } = useWords();
  if (accounts.length < 2) return null;
  return (
    <select class="account-switch" aria-label={t('popupAccount')} value={active} onChange={(event) => onSwitch(event.currentTarget.value)}>
      {accounts.map(({ id, name }) => (
        <option key={id} value={id}>
          {name}
        </option>
      ))}
    </select>
  );
}
