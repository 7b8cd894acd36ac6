import { useEffect, useMemo, useState } from 'preact/hooks';
import { FileButton } from '../ui/file-button';
import { useWords } from '../ui/words-context';
import { readListFile } from './list-file';
import { check, columnChosen, columnOf, fileRead, fileRemoved, typed, type ListPage } from './list-machine';
import { listSource, MAX_LIST_ADDRESSES, type ListSource } from './list-source';
import { ListProblem } from './list-problem';
import type { Act } from './use-list-page';

interface ListInputProps {
  page: ListPage;
  act: Act;
  onOpenSettings(): void;
}

/** The list as the user gives it: pasted in the field, or a .txt or .csv file chosen or dropped (and the column that holds its addresses). */
export function ListInput({ page, act, onOpenSettings }: ListInputProps) {
  const { t } = useWords();
  const [dragging, setDragging] = useState(false);
  const { file } = page;
  // Pasted cells of a spreadsheet are a table: its columns offered as a file's are (read again only when the text changes).
  const pasted = useMemo(() => (file === undefined ? listSource(page.pasted, false) : undefined), [file, page.pasted]);
  const read = (chosen: File | undefined) => {
    if (chosen !== undefined) void readListFile(chosen).then((text) => act(fileRead, chosen.name, text));
  };
  // A file dropped anywhere on the page is read, not opened by the browser in this tab.
  useEffect(() => {
    const over = (event: DragEvent) => {
      if (!event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault();
      setDragging(true);
    };
    const left = (event: DragEvent) => event.relatedTarget === null && setDragging(false);
    const dropped = (event: DragEvent) => {
      if (!event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault();
      setDragging(false);
      read(event.dataTransfer.files[0]);
    };
    document.addEventListener('dragover', over);
    document.addEventListener('dragleave', left);
    document.addEventListener('drop', dropped);
    return () => {
      document.removeEventListener('dragover', over);
      document.removeEventListener('dragleave', left);
      document.removeEventListener('drop', dropped);
    };
  }, []);

  return (
    <form
      class={dragging ? 'list-input dragging' : 'list-input'}
      aria-labelledby="list-heading"
      onSubmit={(event) => {
        event.preventDefault();
        if (!page.checking) act(check);
      }}
    >
      <p class="hint">{t('listIntro', MAX_LIST_ADDRESSES)}</p>
      {dragging && (
        <p class="drop-hint" role="status">
          {t('listDropHere')}
        </p>
      )}
      {file === undefined ? (
        <>
          <label class="field-label" for="list-addresses">
            {t('listPasteLabel')}
          </label>
          <textarea
            id="list-addresses"
            rows={12}
            dir="ltr"
            spellcheck={false}
            autoComplete="off"
            value={page.pasted}
            aria-invalid={page.problem?.kind === 'list'}
            aria-describedby={page.problem === undefined ? undefined : 'list-problem'}
            onInput={(event) => act(typed, event.currentTarget.value)}
          />
          {pasted !== undefined && <ColumnChoice source={pasted} column={columnOf(pasted, page.pastedColumn)} act={act} />}
        </>
      ) : (
        <div class="list-file">
          <p data-testid="list-file-name">{t('listFileName', file.name)}</p>
          <ColumnChoice source={file.source} column={file.column} act={act} />
          <button type="button" class="quiet-button" onClick={() => act(fileRemoved)}>
            {t('listFileRemove')}
          </button>
        </div>
      )}
      <div class="actions">
        <button type="submit" class="primary-button" aria-disabled={page.checking}>
          {t(page.checking ? 'listChecking' : 'listCheck')}
        </button>
        <FileButton accept=".txt,.csv,.tsv,text/plain,text/csv" testId="list-file" onFile={read}>
          {t('listChooseFile')}
        </FileButton>
      </div>
      <ListProblem problem={page.problem} onOpenSettings={onOpenSettings} />
    </form>
  );
}

/** Which of a table's columns holds the addresses, when it has more than one (a file's, or pasted cells'). */
function ColumnChoice({ source, column, act }: { source: ListSource; column: number; act: Act }) {
  const { t } = useWords();
  if (source.columns.length < 2) return null;
  return (
    <>
      <label class="field-label" for="list-column">
        {t('listColumnLabel')}
      </label>
      <select id="list-column" value={String(column)} onChange={(event) => act(columnChosen, Number(event.currentTarget.value))}>
        {source.columns.map(({ index, name }) => (
          <option key={index} value={String(index)}>
            {name ?? t('listColumnUnnamed', index + 1)}
          </option>
        ))}
      </select>
    </>
  );
}
