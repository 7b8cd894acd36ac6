import { useRef, useState } from 'preact/hooks';
import { errorText } from '../platform/error-text';
import type { Words } from '../platform/words';
import type { Settings } from '../storage/settings-schema';

/**
 * The preferences the page saves the moment each is changed (the campaign
 * presets and sync save their own the same way). Only an account waits for
 * its own Save: its token must be saved with the server it is for.
 */
export type Preferences = Pick<Settings, 'autoCopy' | 'copyFormat' | 'stripTracking' | 'usePageShortLink' | 'history'>;

type Chosen = { [Key in keyof Preferences]?: { value: Preferences[Key]; change: number } };

/**
 * The preferences as their controls show them: one being saved as it was
 * chosen (the latest choice, when several are on their way), the others as
 * stored. `choose` saves one alone (another page may be saving others),
 * resolves once it is saved, and rejects with the browser's reason; then the
 * control shows the stored value again.
 */
export function useChosenPreferences(stored: Preferences, save: (changes: Partial<Preferences>) => Promise<void>) {
  const [chosen, setChosen] = useState<Chosen>({});
  const changes = useRef(0);
  const choose = async <Key extends keyof Preferences>(key: Key, value: Preferences[Key]): Promise<void> => {
    const change = ++changes.current;
    setChosen((current) => ({ ...current, [key]: { value, change } }));
    try {
      await save({ [key]: value });
    } finally {
      // Only this change's own end: a later one may still be on its way.
      setChosen((current) => {
        if (current[key]?.change !== change) return current;
        const { [key]: _settled, ...others } = current;
        return others;
      });
    }
  };
  const shown = { ...stored };
  for (const [key, entry] of Object.entries(chosen)) Object.assign(shown, { [key]: entry.value });
  return { shown, choose };
}

/**
 * A card's polite status line for what is saved as it changes: emptied as a
 * change starts (so the same words are said again for the next), then what it
 * came to.
 */
export function useSaveStatus({ t }: Words) {
  const [status, setStatus] = useState('');
  const follow = (saving: Promise<void>) => {
    setStatus('');
    saving.then(
      () => setStatus(t('optionsSaved')),
      (error: unknown) => setStatus(t('optionsSaveFailed', errorText(error))),
    );
  };
  return { status, follow };
}
