import { useRef } from 'preact/hooks';
import { ConfirmStep } from '../ui/confirm-step';
import { useWords } from '../ui/words-context';
import type { HistoryActions } from './view-types';

export interface HistoryToolsProps {
  total: number;
  confirmingDeleteAll: boolean;
  /** A file is being imported: Import says so, and waits (aria-disabled, so it keeps the focus). */
  importing: boolean;
  actions: HistoryActions;
}

/** Export, import, and delete everything (after a question asked in the page). */
export function HistoryTools({ total, confirmingDeleteAll, importing, actions }: HistoryToolsProps) {
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
        <button type="button" class="secondary-button" data-focus="import" aria-disabled={importing} onClick={() => importing || fileInput.current?.click()}>
          {t(importing ? 'historyImporting' : 'historyImport')}
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
      {confirmingDeleteAll && total > 0 && (
        <ConfirmStep
          question={t('historyDeleteAllQuestion', total)}
          confirmLabel={t('historyDeleteAllConfirm')}
          cancelLabel={t('historyCancel')}
          onConfirm={actions.onConfirmDeleteAll}
          onCancel={actions.onCancelDeleteAll}
        />
      )}
    </section>
  );
}
