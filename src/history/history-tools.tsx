import { useEffect, useRef } from 'preact/hooks';
import { useWords } from '../ui/words-context';
import type { HistoryActions } from './view-types';

export interface HistoryToolsProps {
  total: number;
  confirmingDeleteAll: boolean;
  actions: HistoryActions;
}

/** Export, import, and delete everything (after a question asked in the page). */
export function HistoryTools({ total, confirmingDeleteAll, actions }: HistoryToolsProps) {
  const { t } = useWords();
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <section class="history-tools" aria-label={t('historyToolsLabel')}>
      <div class="tool-row">
        {total > 0 && (
          <>
            <button type="button" class="secondary-button" onClick={actions.onExportCsv}>
              {t('historyExportCsv')}
            </button>
            <button type="button" class="secondary-button" onClick={actions.onExportJson}>
              {t('historyExportJson')}
            </button>
          </>
        )}
        <button type="button" class="secondary-button" data-focus="import" onClick={() => fileInput.current?.click()}>
          {t('historyImport')}
        </button>
        {/* Hidden: the button above is the control, named in the page's language (a file input's own words are the browser's). */}
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          hidden
          data-testid="history-import-file"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            // Emptied, so that choosing the same file again (after fixing it) imports again.
            event.currentTarget.value = '';
            if (file !== undefined) actions.onImport(file);
          }}
        />
        {total > 0 && (
          <button type="button" class="secondary-button danger-text push-end" data-focus="delete-all" aria-expanded={confirmingDeleteAll} onClick={actions.onAskDeleteAll}>
            {t('historyDeleteAll')}
          </button>
        )}
      </div>
      {confirmingDeleteAll && total > 0 && <ConfirmDeleteAll total={total} onConfirm={actions.onConfirmDeleteAll} onCancel={actions.onCancelDeleteAll} />}
    </section>
  );
}

function ConfirmDeleteAll({ total, onConfirm, onCancel }: { total: number; onConfirm(): void; onCancel(): void }) {
  const { t } = useWords();
  const cancel = useRef<HTMLButtonElement>(null);
  // Focus on the answer that loses nothing.
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div
      class="confirm"
      role="group"
      aria-labelledby="delete-all-question"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <p id="delete-all-question">{t('historyDeleteAllQuestion', total)}</p>
      <button type="button" class="danger-button" onClick={onConfirm}>
        {t('historyDeleteAllConfirm')}
      </button>
      <button type="button" ref={cancel} class="secondary-button" onClick={onCancel}>
        {t('historyCancel')}
      </button>
    </div>
  );
}
