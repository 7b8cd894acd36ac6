import { useRef, useState } from 'preact/hooks';
import type { Campaign } from '../storage/campaign';
import { ConfirmStep } from '../ui/confirm-step';
import { useWords } from '../ui/words-context';

/** A saved preset: its name and tags, Edit, and Delete (asked first). */
export function PresetRow({ preset, edited, onEdit, onDelete }: { preset: Campaign; edited: boolean; onEdit(): void; onDelete(): void }) {
  const { t } = useWords();
  const [asking, setAsking] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  // Back on the Delete button: it stays until the preset is gone, and stays if it could not be deleted.
  const answered = () => {
    deleteButton.current?.focus();
    setAsking(false);
  };
  return (
    <li>
      <p>
        <strong>{preset.name}</strong>{' '}
        <span class="campaign-params" dir="ltr">
          {preset.params.map(({ key, value }) => `${key}=${value}`).join(' · ')}
        </span>
      </p>
      <button type="button" class="secondary-button" aria-pressed={edited} aria-label={t('optionsCampaignEditLabel', preset.name)} onClick={onEdit}>
        {t('optionsCampaignEdit')}
      </button>
      <button type="button" ref={deleteButton} class="secondary-button" aria-expanded={asking} aria-label={t('optionsCampaignDeleteLabel', preset.name)} onClick={() => setAsking(true)}>
        {t('optionsCampaignDelete')}
      </button>
      {asking && (
        <ConfirmStep
          question={t('optionsCampaignDeleteQuestion', preset.name)}
          confirmLabel={t('optionsCampaignDelete')}
          cancelLabel={t('historyCancel')}
          onConfirm={() => {
            answered();
            onDelete();
          }}
          onCancel={answered}
        />
      )}
    </li>
  );
}
