import { ConfirmStep } from '../ui/confirm-step';
import { FileButton } from '../ui/file-button';
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
        <FileButton accept=".json,application/json" testId="history-import-file" busy={importing} focusName="import" onFile={actions.onImport}>
          {t(importing ? 'historyImporting' : 'historyImport')}
        </FileButton>
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
