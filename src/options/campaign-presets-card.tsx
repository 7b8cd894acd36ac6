import { useState } from 'preact/hooks';
import type { Campaign } from '../storage/campaign';
import { useWords } from '../ui/words-context';
import { describe } from './describe-error';
import { draftOf, EMPTY_DRAFT, presetFromDraft, type CampaignDraft } from './campaign-draft';

interface CampaignPresetsCardProps {
  /** The saved presets; undefined until read. */
  presets: Campaign[] | undefined;
  /** Saves the whole list; rejects with the browser's reason. */
  onSave(presets: Campaign[]): Promise<void>;
}

const FIELDS: { field: keyof Omit<CampaignDraft, 'others'>; label: 'optionsCampaignName' | 'optionsCampaignSource' | 'optionsCampaignMedium' | 'optionsCampaignCampaign' | 'optionsCampaignTerm' | 'optionsCampaignContent' }[] = [
  { field: 'name', label: 'optionsCampaignName' },
  { field: 'source', label: 'optionsCampaignSource' },
  { field: 'medium', label: 'optionsCampaignMedium' },
  { field: 'campaign', label: 'optionsCampaignCampaign' },
  { field: 'term', label: 'optionsCampaignTerm' },
  { field: 'content', label: 'optionsCampaignContent' },
];

/** Campaign presets: each a name and its tags, used from the popup and the menu's "Shorten with campaign". Saved as soon as added or deleted. */
export function CampaignPresetsCard({ presets, onSave }: CampaignPresetsCardProps) {
  const { t } = useWords();
  const [draft, setDraft] = useState<CampaignDraft>(EMPTY_DRAFT);
  const [problem, setProblem] = useState('');
  const [status, setStatus] = useState('');
  const saved = presets ?? [];

  /** Saves the whole list; resolves to whether it was saved (the status line says either). */
  const save = (next: Campaign[], done: string) =>
    onSave(next).then(
      () => {
        setStatus(done);
        return true;
      },
      (error: unknown) => {
        setStatus(t('optionsCampaignSaveFailed', describe(error)));
        return false;
      },
    );

  const submit = (event: Event) => {
    event.preventDefault();
    const made = presetFromDraft(draft, saved);
    if (!made.ok) {
      setProblem(t(made.problem.key, ...made.problem.params));
      return;
    }
    setProblem('');
    const others = saved.filter((preset) => preset.name.toLowerCase() !== made.preset.name.toLowerCase());
    // Not saved: the form keeps the preset, to try again.
    void save([...others, made.preset], t('optionsCampaignSaved', made.preset.name)).then((ok) => ok && setDraft(EMPTY_DRAFT));
  };

  return (
    <section class="card" aria-labelledby="campaigns-heading" data-testid="campaigns">
      <h2 id="campaigns-heading">{t('optionsCampaignsHeading')}</h2>
      <p class="hint">{t('optionsCampaignsHint')}</p>
      {saved.length > 0 && (
        <ul class="campaign-list">
          {saved.map((preset) => (
            <li key={preset.name}>
              <p>
                <strong>{preset.name}</strong>{' '}
                <span class="campaign-params" dir="ltr">
                  {preset.params.map(({ key, value }) => `${key}=${value}`).join(' · ')}
                </span>
              </p>
              <button type="button" class="secondary-button" aria-label={t('optionsCampaignEditLabel', preset.name)} onClick={() => setDraft(draftOf(preset))}>
                {t('optionsCampaignEdit')}
              </button>
              <button
                type="button"
                class="secondary-button"
                aria-label={t('optionsCampaignDeleteLabel', preset.name)}
                onClick={() => void save(saved.filter((kept) => kept !== preset), t('optionsCampaignDeleted', preset.name))}
              >
                {t('optionsCampaignDelete')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form class="campaign-form" onSubmit={submit} noValidate>
        {FIELDS.map(({ field, label }) => (
          <label key={field} class="field-label">
            {t(label)}
            <input type="text" dir="auto" value={draft[field]} onInput={(event) => setDraft({ ...draft, [field]: event.currentTarget.value })} />
          </label>
        ))}
        <label class="field-label">
          {t('optionsCampaignOthers')}
          <textarea rows={2} dir="ltr" value={draft.others} onInput={(event) => setDraft({ ...draft, others: event.currentTarget.value })} />
        </label>
        <p class="field-error" role="alert" data-testid="campaign-problem">
          {problem}
        </p>
        <button type="submit" class="secondary-button">
          {t('optionsCampaignSave')}
        </button>
      </form>
      <p class="save-status" role="status" data-testid="campaign-status">
        {status}
      </p>
    </section>
  );
}
