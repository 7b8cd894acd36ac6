import type { Account } from '../storage/accounts';
import { useWords } from '../ui/words-context';

export interface AccountFilterProps {
  /** The user's accounts, in their order. */
  choices: readonly Account[];
  /** The account whose links alone are listed; undefined: every link. */
  filter: string | undefined;
  onFilter(account: string | undefined): void;
}

/** No account id is empty (accounts.ts): the empty value is "All accounts". */
const ALL = '';

/**
 * Lists only the links one account made, or every link (those of removed
 * accounts, imported ones and pages' own links are listed only then).
 */
export function AccountFilter({ choices, filter, onFilter }: AccountFilterProps) {
  const { t } = useWords();
  return (
    <div class="account-filter">
      <label class="field-label" for="history-account">
        {t('historyAccountFilter')}
      </label>
      <select
        id="history-account"
        aria-describedby="history-count"
        value={filter ?? ALL}
        onChange={(event) => onFilter(event.currentTarget.value === ALL ? undefined : event.currentTarget.value)}
      >
        <option value={ALL}>{t('historyAllAccounts')}</option>
        {choices.map(({ id, name }) => (
          // A name the user gave, in any script: its own direction, whatever the page's.
          <option key={id} value={id} dir="auto">
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
