import { useEffect, useState } from 'preact/hooks';
import { FileButton } from '../ui/file-button';
import { useWords } from '../ui/words-context';
import { readListFile } from './list-file';
import { check, columnChosen, fileRead, fileRemoved, typed, type ListPage } from './list-machine';
import { MAX_LIST_ADDRESSES } from './list-source';
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
        </>
      ) : (
        <div class="list-file">
          <p data-testid="list-file-name">{t('listFileName', file.name)}</p>
          {file.source.columns.length > 1 && (
            <>
              <label class="field-label" for="list-column">
                {t('listColumnLabel')}
              </label>
              <select id="list-column" value={String(file.column)} onChange={(event) => act(columnChosen, Number(event.currentTarget.value))}>
                {file.source.columns.map((column) => (
                  <option key={column.index} value={String(column.index)}>
                    {column.name ?? t('listColumnUnnamed', column.index + 1)}
                  </option>
                ))}
              </select>
            </>
          )}
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
