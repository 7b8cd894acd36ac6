import { useEffect, useRef } from 'preact/hooks';
import { useWords } from '../ui/words-context';
import type { PopupState } from './popup-state';
import { useSecondsLeft } from '../ui/seconds-left';
import { mayTakeFocus } from './focus-rule';

/** While the link is being shortened. */
export function LoadingResult() {
  const { t } = useWords();
  return (
    <div class="loading" role="status">
      <span class="spinner" aria-hidden="true" />
      {t('popupShortening')}
    </div>
  );
}

/** While the link waits for the server's limit (how long, or how many are ahead of it) or for the network, and a way out. */
export function WaitingResult({ state, onCancel }: { state: Extract<PopupState, { phase: 'waiting' }>; onCancel(): void }) {
  const { t, seconds } = useWords();
  const left = useSecondsLeft(state.untilMs);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (mayTakeFocus()) cancelRef.current?.focus();
  }, []);
  const sentence = state.forNetwork
    ? t('popupWaitingForNetwork')
    : left !== undefined
      ? t('popupWaiting', seconds(left))
      : state.ahead > 0
        ? t('popupWaitingBehind', state.ahead)
        : t('popupWaitingNoTime');
  return (
    <div class="waiting">
      {/* A timer, not a live region: a sentence read out every second would drown everything else. */}
      <p class="loading" role="timer" id="waiting-why" data-testid="waiting">
        <span class="spinner" aria-hidden="true" />
        {sentence}
      </p>
      <div class="actions">
        {/* Cancel takes the focus: it is read with why the link waits (the timer itself is not announced). */}
        <button type="button" ref={cancelRef} class="secondary-button" aria-describedby="waiting-why" onClick={onCancel}>
          {t('popupCancel')}
        </button>
      </div>
    </div>
  );
}
