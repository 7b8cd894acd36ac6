import { useErrorBoundary } from 'preact/hooks';
import { useWords } from '../ui/words-context';
import { errorText } from '../platform/error-text';
import { HistoryRow, type HistoryRowProps } from './history-row';

/**
 * A row that cannot be shown, for whatever reason (a record that broke an
 * assumption the row makes), shows a small row that says so and still
 * offers Delete, instead of taking the whole page down with it: before,
 * one bad date made the page fail on every load (issue 19).
 */
export function GuardedRow(props: HistoryRowProps) {
  const [error] = useErrorBoundary((caught: unknown) => console.warn('Shrtnr: a history row could not be shown.', errorText(caught)));
  return error === undefined ? <HistoryRow {...props} /> : <BrokenRow {...props} />;
}

/** Only rendered once a row has failed: the words are read here, not in every row's guard. */
function BrokenRow({ entry, index, actions }: HistoryRowProps) {
  const { t } = useWords();
  return (
    <li class="row is-broken" data-testid="history-row-broken">
      <p class="row-text">{t('historyRowBroken')}</p>
      <div class="row-actions">
        <button type="button" class="secondary-button danger-text" aria-label={t('historyDeleteLabel', String(entry.shortUrl))} data-delete-for={entry.shortUrl} onClick={() => actions.onDelete(entry, index)}>
          {t('historyDelete')}
        </button>
      </div>
    </li>
  );
}
