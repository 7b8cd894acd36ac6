import { useRef, useState } from 'preact/hooks';
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

// Keys that move a closed select's choice, each step firing a change in the same task (Chrome and Firefox on
// Windows and Linux); a letter jumps to a name the same way. A choice from the opened list comes later, alone.
const STEPPING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);
const steps = (key: string) => STEPPING_KEYS.has(key) || (key.length === 1 && key !== ' ');

/**
 * The active account, switched with one choice; only there when there is more
 * than one. A choice stepped to with the keys is held (shown, not taken) until
 * Enter or the focus leaving: each switch shortens the page again (a credit,
 * and a copy) with the account stepped over. A click, or a choice from the
 * opened list, is taken at once.
 */
export function AccountSwitcher({ accounts, active, onSwitch, busy = false }: AccountSwitcherProps) {
  const { t } = useWords();
  const stepping = useRef(false);
  const [held, setHeld] = useState<string | undefined>(undefined);
  if (accounts.length < 2) return null;
  const take = (chosen: string | undefined) => {
    setHeld(undefined);
    if (chosen !== undefined && chosen !== active) onSwitch(chosen);
  };
  return (
    <select
      class="account-switch"
      aria-label={t('popupAccount')}
      // The held choice is what shows: a render meanwhile (a run's progress) must not put the active one back.
      value={held ?? active}
      disabled={busy}
      onKeyDown={(event) => {
        if (event.key === 'Enter') take(held);
        else if (steps(event.key)) {
          stepping.current = true;
          // Over once this key's own change has come (the same task): a later change is a choice from the list.
          setTimeout(() => {
            stepping.current = false;
          });
        }
      }}
      onChange={(event) => {
        if (stepping.current) setHeld(event.currentTarget.value);
        else take(event.currentTarget.value);
      }}
      onBlur={() => take(held)}
    >
      {accounts.map(({ id, name }) => (
        <option key={id} value={id}>
          {name}
        </option>
      ))}
    </select>
  );
}
