import type { RefObject } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { ConfirmStep } from '../ui/confirm-step';
import { useWords } from '../ui/words-context';
import type { HistoryLeft } from './options-view-props';

/** Links history still holds while it is off, and the offer to delete them. `focusAfterClear`: where focus goes once they are deleted (their button goes with them). */
export function HistoryLeftNotice({ historyLeft, onClear, focusAfterClear }: { historyLeft: HistoryLeft; onClear(): void; focusAfterClear: RefObject<HTMLElement | null> }) {
  const { t } = useWords();
  return (
    <div class="history-left">
      <p role="status" data-testid="history-left" class={historyLeft.state === 'failed' ? 'field-error' : undefined}>
        {historyLeft.state === 'kept' && t('optionsHistoryStillSaved', historyLeft.count)}
        {historyLeft.state === 'cleared' && t('optionsHistoryCleared', historyLeft.count)}
        {historyLeft.state === 'failed' && historyLeft.message}
      </p>
      {historyLeft.state === 'kept' && <ClearHistory count={historyLeft.count} onClear={onClear} focusAfterClear={focusAfterClear} />}
    </div>
  );
}

/** Deleting the links history still holds: asked first, as the history page's "Delete all" is (there is no undo here). */
function ClearHistory({ count, onClear, focusAfterClear }: { count: number; onClear(): void; focusAfterClear: RefObject<HTMLElement | null> }) {
  const { t } = useWords();
  const [asking, setAsking] = useState(false);
  const clear = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" ref={clear} class="secondary-button" aria-expanded={asking} onClick={() => setAsking(true)}>
        {t('optionsClearHistory', count)}
      </button>
      {asking && (
        <ConfirmStep
          question={t('historyDeleteAllQuestion', count)}
          confirmLabel={t('historyDeleteAllConfirm')}
          cancelLabel={t('historyCancel')}
          onConfirm={() => {
            setAsking(false);
            focusAfterClear.current?.focus();
            onClear();
          }}
          onCancel={() => {
            clear.current?.focus();
            setAsking(false);
          }}
        />
      )}
    </>
  );
}
