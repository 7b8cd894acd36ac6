import { useEffect, useState } from 'preact/hooks';
import type { MessageKey } from '../platform/words';
import { asCampaign, MAX_CAMPAIGN_NAME, MAX_CAMPAIGN_VALUE, type Campaign } from '../storage/campaign';
import { useWords } from '../ui/words-context';

export interface CampaignPanelProps {
  /** The saved presets (read from the worker, which checked them). */
  presets(): Promise<Campaign[]>;
  /** Shortens the shown link's address again, tagged with this campaign. */
  onApply(campaign: Campaign): void;
}

type Typed = { source: string; medium: string; campaign: string };
const FIELDS = [
  { field: 'source', label: 'optionsCampaignSource' },
  { field: 'medium', label: 'optionsCampaignMedium' },
  { field: 'campaign', label: 'optionsCampaignCampaign' },
] as const;

/**
 * The popup's campaign tags (a chunk loaded when asked for): a preset in one
 * click, or the three values typed once. Either shortens the address again,
 * tagged: its own short link.
 */
export function CampaignPanel({ presets, onApply }: CampaignPanelProps) {
  const { t } = useWords();
  const [saved, setSaved] = useState<Campaign[] | undefined>(undefined);
  const [typed, setTyped] = useState<Typed>({ source: '', medium: '', campaign: '' });
  const [problem, setProblem] = useState('');
  useEffect(() => {
    void presets().then(setSaved);
  }, [presets]);

  const applyTyped = (event: Event) => {
    event.preventDefault();
    const made = typedCampaign(typed);
    if (made.ok) onApply(made.campaign);
    else setProblem(t(made.problem, ...made.params));
  };

  return (
    <div class="campaign-panel" data-testid="campaign-panel">
      {saved === undefined && (
        <p class="hint" role="status">
          {t('popupCampaignLoading')}
        </p>
      )}
      {saved?.length === 0 && <p class="hint">{t('popupCampaignNone')}</p>}
      {saved !== undefined && saved.length > 0 && (
        <ul class="campaign-presets" aria-label={t('popupCampaignPresets')}>
          {saved.map((preset) => (
            <li key={preset.name}>
              <button type="button" class="secondary-button" onClick={() => onApply(preset)}>
                {preset.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form class="campaign-typed" onSubmit={applyTyped} noValidate>
        <p class="hint">{t('popupCampaignTyped')}</p>
        {FIELDS.map(({ field, label }) => (
          <label key={field} class="field-label">
            {t(label)}
            <input type="text" dir="auto" value={typed[field]} onInput={(event) => setTyped({ ...typed, [field]: event.currentTarget.value })} />
          </label>
        ))}
        <p class="field-error" role="alert">
          {problem}
        </p>
        <button type="submit" class="secondary-button">
          {t('popupCampaignApply')}
        </button>
      </form>
    </div>
  );
}

/** The three values typed once as a campaign (named by its campaign value), or what is wrong with them: one missing, too long, or broken. */
function typedCampaign({ source, medium, campaign }: Typed): { ok: true; campaign: Campaign } | { ok: false; problem: MessageKey; params: (string | number)[] } {
  const params = [
    { key: 'utm_source', value: source.trim() },
    { key: 'utm_medium', value: medium.trim() },
    { key: 'utm_campaign', value: campaign.trim() },
  ];
  if (params.some(({ value }) => value === '')) return { ok: false, problem: 'optionsCampaignRequired', params: [] };
  const tooLong = params.find(({ value }) => value.length > MAX_CAMPAIGN_VALUE);
  if (tooLong !== undefined) return { ok: false, problem: 'optionsCampaignValueTooLong', params: [tooLong.key, MAX_CAMPAIGN_VALUE] };
  const broken = params.find(({ value }) => !value.isWellFormed());
  if (broken !== undefined) return { ok: false, problem: 'optionsCampaignValueBroken', params: [broken.key] };
  const made = { name: campaign.trim().slice(0, MAX_CAMPAIGN_NAME), params };
  // Checked as a stored campaign is, whatever the checks above: never sent otherwise.
  return asCampaign(made) !== undefined ? { ok: true, campaign: made } : { ok: false, problem: 'optionsCampaignRequired', params: [] };
}

export type CampaignPanelComponent = typeof CampaignPanel;
