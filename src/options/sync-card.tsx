import { useEffect, useState } from 'preact/hooks';
import type { Settings } from '../storage/settings-schema';
import type { SyncedKey } from '../storage/synced-preferences';
import { SYNC_ITEM_QUOTA_BYTES, SYNCED_KEYS, syncItemBytes } from '../storage/synced-preferences';
import { MAX_ACCOUNTS } from '../storage/accounts';
import { useWords } from '../ui/words-context';
import { errorText } from '../platform/error-text';

interface SyncCardProps {
  /** The saved settings, and the preferences the last merge held apart; undefined until read. */
  settings: (Settings & { syncHeld?: SyncedKey[] }) | undefined;
  onSave(changes: Partial<Settings>): Promise<void>;
}

/** Kilobytes to a tenth, rounded up: a size just over the quota never reads as the quota. */
const kilobytes = (bytes: number) => Math.ceil(bytes / 102.4) / 10;

/**
 * Whether the preferences follow the user through the browser's sync (never
 * the token or the server), saved at once; and, when one is too large for
 * sync's quota, that it stays on this computer (it is not cut, nor lost).
 */
export function SyncCard({ settings, onSave }: SyncCardProps) {
  const { t } = useWords();
  const [status, setStatus] = useState('');
  // The box as the user just set it, until the saved settings say the same.
  const [chosen, setChosen] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    if (chosen !== undefined && settings?.syncPreferences === chosen) setChosen(undefined);
  }, [settings, chosen]);
  const tooLarge = settings?.syncPreferences === true ? SYNCED_KEYS.map((key) => ({ key, bytes: syncItemBytes(key, { value: settings[key], at: Date.now() }) })).filter(({ bytes }) => bytes > SYNC_ITEM_QUOTA_BYTES) : [];
  return (
    <section class="card" aria-labelledby="sync-heading" data-testid="sync">
      <h2 id="sync-heading">{t('optionsSyncHeading')}</h2>
      <label class="checkbox">
        <input
          type="checkbox"
          checked={chosen ?? settings?.syncPreferences ?? true}
          onChange={(event) => {
            const syncPreferences = event.currentTarget.checked;
            setChosen(syncPreferences);
            void onSave({ syncPreferences }).then(
              () => setStatus(t(syncPreferences ? 'optionsSyncOn' : 'optionsSyncOff')),
              (error: unknown) => {
                // Not saved: the box shows the stored choice again (unless a later click is being saved).
                setChosen((current) => (current === syncPreferences ? undefined : current));
                setStatus(t('optionsSyncSaveFailed', errorText(error)));
              },
            );
          }}
        />
        {t('optionsSync')}
      </label>
      <p class="hint">{t('optionsSyncHint')}</p>
      {settings?.syncPreferences === true && settings.syncHeld?.includes('accounts') === true && (
        <p class="field-error" data-testid="sync-held">
          {t('optionsSyncAccountsHeld', MAX_ACCOUNTS)}
        </p>
      )}
      {tooLarge.map(({ key, bytes }) => (
        <p key={key} class="field-error" data-testid="sync-too-large">
          {t(key === 'accounts' ? 'optionsSyncAccountsTooLarge' : 'optionsSyncTooLarge', kilobytes(bytes), kilobytes(SYNC_ITEM_QUOTA_BYTES))}
        </p>
      ))}
      <p class="save-status" role="status" data-testid="sync-status">
        {status}
      </p>
    </section>
  );
}
