import { useMemo, useState } from 'preact/hooks';
import type { ListRun } from '../messages/list-port';
import { useWords } from '../ui/words-context';
import { LIST_TEXT_FORMATS, listCsvFile, listFileName, listRows, listText, type ListRow, type ListTextFormat } from './list-table';

/** Rows rendered at once: the rest a click away (10,000 rows would take the page seconds to lay out). */
export const ROWS_SHOWN = 500;

const FORMAT_WORDS = { lines: 'bulkCopyLines', markdown: 'listCopyMarkdown', csv: 'listCopyCsv' } as const;

interface ListTableViewProps {
  run: ListRun;
  /** Puts the text on the clipboard; false when the browser refused. */
  onCopy(text: string): Promise<boolean>;
  onSave(fileName: string, data: Blob): void;
  onNewList(): void;
}

/** The list's end: what came of each address, to copy as lines, a Markdown table or CSV, or to download as CSV. */
export function ListTableView({ run, onCopy, onSave, onNewList }: ListTableViewProps) {
  const words = useWords();
  const { t } = words;
  const rows = useMemo(() => listRows(run, words), [run, words]);
  const [shown, setShown] = useState(ROWS_SHOWN);
  const [copied, setCopied] = useState<{ rows: number; ok: boolean } | undefined>(undefined);
  const count = (...statuses: ListRow['status'][]) => rows.filter((row) => statuses.includes(row.status)).length;
  const skipped = count('repeated', 'invalid');
  const failed = count('failed', 'cancelled');
  const summary = [t('bulkSummaryMade', count('new', 'history'), rows.length - skipped), ...(skipped > 0 ? [t('bulkSummarySkipped', skipped)] : []), ...(failed > 0 ? [t('bulkSummaryFailed', failed)] : [])].join(' · ');
  // The same element while the rows and their number shown stay: Preact leaves it as it is (a copy's status re-renders the rest only).
  const table = useMemo(() => <RowsTable rows={rows} shown={shown} />, [rows, shown]);
  const copy = (format: ListTextFormat) => void onCopy(listText(format, rows, words)).then((ok) => setCopied({ rows: rows.length, ok }));
  return (
    // Not a landmark of its own: the table's region below is the one named by the heading.
    <section class="list-done">
      <h2 id="done-heading" tabIndex={-1}>
        {t('listDoneHeading')}
      </h2>
      <p data-testid="list-summary">{summary}</p>
      <div class="actions">
        <span id="list-copy-label">{t('bulkCopyLabel')}</span>
        {LIST_TEXT_FORMATS.map((format) => (
          <button key={format} type="button" class="secondary-button" aria-describedby="list-copy-label" onClick={() => copy(format)}>
            {t(FORMAT_WORDS[format])}
          </button>
        ))}
        <button type="button" class="secondary-button" onClick={() => onSave(listFileName(new Date()), listCsvFile(rows, words))}>
          {t('listDownloadCsv')}
        </button>
      </div>
      <p class="hint" role="status" data-testid="list-copy-status">
        {copied !== undefined && (copied.ok ? t('listCopied', copied.rows) : t('popupCopyFailed'))}
      </p>
      {table}
      {rows.length > shown && (
        <p class="hint">
          {t('historyShowing', shown, rows.length)}{' '}
          <button type="button" class="quiet-button" onClick={() => setShown(shown + ROWS_SHOWN)}>
            {t('historyShowMore')}
          </button>
        </p>
      )}
      <div class="actions">
        <button type="button" class="secondary-button" onClick={onNewList}>
          {t('listNew')}
        </button>
      </div>
    </section>
  );
}

/** The rows, each with its place, its address, its short link and what came of it. */
function RowsTable({ rows, shown }: { rows: readonly ListRow[]; shown: number }) {
  const { t } = useWords();
  return (
    // A region of its own that scrolls sideways on a narrow screen: focusable, so a keyboard can scroll it too.
    <div class="table-scroll" role="region" tabIndex={0} aria-labelledby="done-heading">
      <table class="list-table" aria-labelledby="done-heading">
        <thead>
          <tr>
            <th scope="col">{t('listColumnRow')}</th>
            <th scope="col">{t('listColumnLong')}</th>
            <th scope="col">{t('listColumnShort')}</th>
            <th scope="col">{t('listColumnStatus')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, shown).map((row) => (
            <tr key={row.place} data-testid="list-row" data-status={row.status}>
              <td>{row.place}</td>
              <td dir="ltr" class="long">
                {row.longUrl}
              </td>
              <td dir="ltr" class="short">
                {row.shortUrl ?? ''}
              </td>
              <td>{row.said}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
