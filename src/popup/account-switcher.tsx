import { useRef } from 'preact/hooks';
import type { AccountChoice } from '../shortening/shortening';
import { useWords } from '../ui/words-context';

export interface AccountSwitcherProps {
  accounts: readonly AccountChoice[];
  /** The account the shown link was made with (or would have been). */
  active: string | undefined;
  /** Makes the chosen account the active one, and shortens the shown address again with it. */
  onSwitch(account: string): void;
  /** A link is on its way: there is nothing to shorten again yet, so no switch. */
  busy?: boolean;
}

// Keys that move a closed select's choice, firing a change at each step in Chrome and Firefox.
const STEPPING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * The active account, switched with one choice; only there when there is more
 * than one. A choice made with the arrow keys is taken on Enter or when the
 * focus leaves, not at each step: each switch shortens the page again (a
 * credit, and a copy) with the account stepped over.
 */
export function AccountSwitcher({ accounts, active, onSwitch, busy = false }: AccountSwitcherProps) {
  const { t } = useWords();
  const stepping = useRef(false);
  if (accounts.length < 2) return null;
  const take = (chosen: string) => {
    stepping.current = false;
    if (chosen !== active) onSwitch(chosen);
  };
  return (
    <select
      class="account-switch"
      aria-label={t('popupAccount')}
      value={active}
      disabled={busy}
      onKeyDown={(event) => {
        // A letter jumps to a name as an arrow steps; Space opens the list, whose choice is a choice.
        if (STEPPING_KEYS.has(event.key) || (event.key.length === 1 && event.key !== ' ')) stepping.current = true;
        else if (event.key === ' ') stepping.current = false;
        else if (event.key === 'Enter') take(event.currentTarget.value);
      }}
      onMouseDown={() => {
        stepping.current = false;
      }}
      onChange={(event) => {
        if (!stepping.current) take(event.currentTarget.value);
      }}
      onBlur={(event) => {
        if (stepping.current) take(event.currentTarget.value);
      }}
    >
      {accounts.map(({ id, name }) => (
        <option key={id} value={id}>
          {name}
        </option>
      ))}
    </select>
  );
}
