import type { ComponentType } from 'preact';
import type { Campaign } from '../storage/campaign';
import { useOnDemand } from '../ui/on-demand';
import { useWords } from '../ui/words-context';
import type { CampaignPanelProps } from './campaign-panel';

export type CampaignPanelComponent = ComponentType<CampaignPanelProps>;

/** The campaign panel, loaded (by `load`, a dynamic import) only when the user asks for it: it stays out of the first paint. */
export function LazyCampaignPanel({ load, presets, onApply }: CampaignPanelProps & { load(): Promise<CampaignPanelComponent> }) {
  const { t } = useWords();
  const loaded = useOnDemand(load, true, 'the campaign panel');
  if (loaded === undefined) return <p class="hint" role="status">{t('popupCampaignLoading')}</p>;
  if (loaded === 'failed') return <p class="field-error" role="alert">{t('popupCampaignLoadFailed')}</p>;
  return <loaded.value presets={presets} onApply={onApply} />;
}

export type { Campaign };
