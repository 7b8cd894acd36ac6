import type { ListProgress } from '../messages/list-port';
import { leastTimeMs, perMinute } from '../shortening/run-pace';
import { useSecondsLeft } from '../ui/seconds-left';
import { useWords } from '../ui/words-context';
import { duration } from './list-words';

interface ListProgressViewProps {
  progress: ListProgress;
  onPause(): void;
  onResume(): void;
  onCancel(): void;
}

/** The list while it goes: how far, how long still at the server's pace (or the wait for its window, or for the network), pause or go on, cancel. */
export function ListProgressView({ progress, onPause, onResume, onCancel }: ListProgressViewProps) {
  const words = useWords();
  const { t, seconds } = words;
  const { made, failed, toShorten, pace, paused } = progress;
  const toCome = Math.max(0, toShorten - made - failed);
  const left = useSecondsLeft(paused ? undefined : progress.untilMs);
  const summary = [t('bulkSummaryMade', made, toShorten), ...(failed > 0 ? [t('bulkSummaryFailed', failed)] : [])].join(' · ');
  const leftMs = leastTimeMs(toCome, pace);
  return (
    <section class="list-run" aria-labelledby="run-heading" aria-busy="true">
      <h2 id="run-heading" tabIndex={-1}>
        {t('listRunHeading')}
      </h2>
      <p data-testid="list-progress">
        <progress max={Math.max(toShorten, 1)} value={made + failed} aria-label={summary} /> {summary}
      </p>
      <p class="hint" data-testid="list-time">
        {paused ? t('listPaused') : progress.forNetwork === true ? t('popupWaitingForNetwork') : left !== undefined && left > 0 ? t('popupWaiting', seconds(left)) : leftMs > 0 ? t('listTimeLeft', duration(leftMs, words), perMinute(pace)) : ''}
      </p>
      <div class="actions">
        {paused ? (
          <button type="button" class="primary-button" onClick={onResume}>
            {t('listResume')}
          </button>
        ) : (
          <button type="button" class="secondary-button" onClick={onPause}>
            {t('listPause')}
          </button>
        )}
        <button type="button" class="secondary-button" onClick={onCancel}>
          {t('bulkCancel')}
        </button>
      </div>
      <p class="hint">{t('listLeaveHint')}</p>
    </section>
  );
}
