import { useEffect, useRef, useState } from 'preact/hooks';
import type { Campaign } from '../storage/campaign';
import { ConfirmStep } from '../ui/confirm-step';
import { useWords } from '../ui/words-context';
import { afterSave, draftOf, EMPTY_FORM, presetFromDraft, sameName, withPreset, type CampaignDraft } from './campaign-draft';
import { PresetRow } from './campaign-preset-row';
import { errorText } from '../platform/error-text';

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

/**
 * Campaign presets: each a name and its tags, used from the popup and the
 * menu's "Shorten with campaign". Saved as soon as added or deleted; deleting
 * one, or saving over another's name, asks first.
 */
export function CampaignPresetsCard({ presets, onSave }: CampaignPresetsCardProps) {
  const { t } = useWords();
  // What the form holds, and the saved preset it edits (its name as saved): saved under another name, it is renamed.
  const [form, setForm] = useState(EMPTY_FORM);
  const { draft, editing } = form;
  // A preset made under the name another one has: saved only once the user says to replace that one.
  const [replacing, setReplacing] = useState<{ preset: Campaign; other: string } | undefined>(undefined);
  // A preset deleted: once it is off the list, focus goes to the list's first button (or the form).
  const [deleted, setDeleted] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState('');
  const [status, setStatus] = useState('');
  const list = useRef<HTMLUListElement>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const saved = presets ?? [];
  const edited = saved.find(({ name }) => editing !== undefined && sameName(name, editing));

  useEffect(() => {
    if (deleted === undefined || saved.some(({ name }) => sameName(name, deleted))) return;
    setDeleted(undefined);
    (list.current?.querySelector('button') ?? nameField.current)?.focus();
  }, [presets, deleted]);

  /** Saves the whole list; resolves to whether it was saved (the status line says either). */
  const save = (next: Campaign[], done: string) =>
    onSave(next).then(
      () => {
        setStatus(done);
        return true;
      },
      (error: unknown) => {
        setStatus(t('optionsCampaignSaveFailed', errorText(error)));
        return false;
      },
    );

  const savePreset = (preset: Campaign) => {
    setReplacing(undefined);
    const typed = draft;
    // Not saved: the form keeps the preset, to try again.
    void save(withPreset(saved, preset, edited?.name), t('optionsCampaignSaved', preset.name)).then((ok) => ok && setForm((current) => afterSave(current, typed)));
  };

  const submit = (event: Event) => {
    event.preventDefault();
    const made = presetFromDraft(draft, saved.filter((preset) => preset !== edited));
    if (!made.ok) {
      setProblem(t(made.problem.key, ...made.problem.params));
      return;
    }
    setProblem('');
    const other = saved.find((preset) => preset !== edited && sameName(preset.name, made.preset.name));
    if (other === undefined) savePreset(made.preset);
    else setReplacing({ preset: made.preset, other: other.name });
  };

  const type = (change: Partial<CampaignDraft>) => {
    setForm({ ...form, draft: { ...draft, ...change } });
    // The question was about the preset as it was typed.
    setReplacing(undefined);
  };

  const stopEditing = () => {
    setForm(EMPTY_FORM);
    setReplacing(undefined);
    setProblem('');
  };

  return (
    <section class="card" aria-labelledby="campaigns-heading" data-testid="campaigns">
      <h2 id="campaigns-heading">{t('optionsCampaignsHeading')}</h2>
      <p class="hint">{t('optionsCampaignsHint')}</p>
      {saved.length > 0 && (
        <ul class="campaign-list" ref={list}>
          {saved.map((preset) => (
            <PresetRow
              key={preset.name}
              preset={preset}
              edited={preset === edited}
              onEdit={() => {
                setForm({ draft: draftOf(preset), editing: preset.name });
                setReplacing(undefined);
                setProblem('');
              }}
              onDelete={() =>
                void save(
                  saved.filter((kept) => kept !== preset),
                  t('optionsCampaignDeleted', preset.name),
                ).then((ok) => {
                  if (!ok) return;
                  setDeleted(preset.name);
                  if (preset === edited) setForm((current) => ({ ...current, editing: undefined }));
                })
              }
            />
          ))}
        </ul>
      )}
      <form class="campaign-form" onSubmit={submit} noValidate>
        {edited !== undefined && (
          <p class="campaign-editing" data-testid="campaign-editing">
            {t('optionsCampaignEditing', edited.name)}{' '}
            <button type="button" class="quiet-button" onClick={stopEditing}>
              {t('historyCancel')}
            </button>
          </p>
        )}
        {FIELDS.map(({ field, label }) => (
          <label key={field} class="field-label">
            {t(label)}
            <input type="text" dir="auto" ref={field === 'name' ? nameField : undefined} value={draft[field]} onInput={(event) => type({ [field]: event.currentTarget.value })} />
          </label>
        ))}
        <label class="field-label">
          {t('optionsCampaignOthers')}
          <textarea rows={2} dir="ltr" value={draft.others} onInput={(event) => type({ others: event.currentTarget.value })} />
        </label>
        <p class="field-error" role="alert" data-testid="campaign-problem">
          {problem}
        </p>
        <button type="submit" class="secondary-button">
          {t('optionsCampaignSave')}
        </button>
        {replacing !== undefined && (
          <ConfirmStep
            question={t('optionsCampaignReplaceQuestion', replacing.other)}
            confirmLabel={t('optionsCampaignReplace')}
            cancelLabel={t('historyCancel')}
            onConfirm={() => {
              nameField.current?.focus();
              savePreset(replacing.preset);
            }}
            onCancel={() => {
              // The name is what to change instead.
              nameField.current?.focus();
              setReplacing(undefined);
            }}
          />
        )}
      </form>
      <p class="save-status" role="status" data-testid="campaign-status">
        {status}
      </p>
    </section>
  );
}
