import { useOnDemand } from '../ui/on-demand';
import { useWords } from '../ui/words-context';
import type { BulkPanelComponent } from './bulk-panel';
import { bulkStartSentence } from '../ui/error-words';
import { needsSettings, type BulkState } from './popup-state';

export interface BulkSectionProps {
  /** "Shorten all tabs in this window": its run, if the window has one, and how it is asked for. */
  bulk: BulkState;
  onShortenAllTabs(): void;
  onCancelBulk(): void;
  onDismissBulk(): void;
  /** Copies what the user chose by hand: a run's list, a recent link, the page's own. */
  onCopyText(text: string): Promise<boolean>;
  onLoadBulkPanel(): Promise<BulkPanelComponent>;
  onOpenSettings(): void;
  /** Opens the list page ("Shorten a list"): a page of its own, loaded only then. */
  onOpenList(): void;
}

/** The button, why a run could not start, or the window's run (its panel loaded on demand). */
export function BulkSection({ bulk, onShortenAllTabs, onCancelBulk, onDismissBulk, onCopyText, onLoadBulkPanel, onOpenSettings, onOpenList }: BulkSectionProps) {
  const words = useWords();
  const { t } = words;
  const Panel = useOnDemand(onLoadBulkPanel, bulk.run !== undefined, 'the tabs panel');
  if (bulk.run !== undefined) {
    if (Panel === 'failed') return <p class="field-error" role="alert">{t('bulkLoadFailed')}</p>;
    if (Panel === undefined) return <p class="hint">{t('popupShortening')}</p>;
    return <Panel.value run={bulk.run} onCancel={onCancelBulk} onDismiss={onDismissBulk} onCopy={onCopyText} />;
  }
  const { error } = bulk;
  return (
    <div class="bulk-start">
      <button type="button" class="secondary-button" disabled={bulk.asking} onClick={onShortenAllTabs}>
        {t('popupBulkButton')}
      </button>
      <button type="button" class="quiet-button" onClick={onOpenList}>
        {t('listOpen')}
      </button>
      {error !== undefined && (
        <p class="error-message" role="alert" data-testid="bulk-error" data-error-kind={error.kind}>
          {bulkStartSentence(error, words)}
        </p>
      )}
      {error !== undefined && error.kind !== 'tabs-permission' && error.kind !== 'run-too-large' && needsSettings(error) && (
        <button type="button" class="quiet-button" onClick={onOpenSettings}>
          {t('popupOpenSettings')}
        </button>
      )}
    </div>
  );
}
