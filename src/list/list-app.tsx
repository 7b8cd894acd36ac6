import { useEffect, useRef } from 'preact/hooks';
import { WordsContext } from '../ui/words-context';
import type { ListConnector } from './list-connector';
import { ListInput } from './list-input';
import type { ListPage } from './list-machine';
import { ListPlanView } from './list-plan-view';
import { ListProblem } from './list-problem';
import { ListProgressView } from './list-progress';
import { ListTableView } from './list-table-view';
import { useListPage } from './use-list-page';

/** Where the focus goes when a screen comes: the field to paste in, else the new screen's heading (a screen reader reads on from there). */
const FOCUS_ON: Record<ListPage['screen'], string | undefined> = { connecting: undefined, input: '#list-addresses', plan: '#plan-heading', running: '#run-heading', ended: '#done-heading', unreachable: undefined };

/** "Shorten a list": its screens, over the connector. */
export function ListApp({ connector }: { connector: ListConnector }) {
  const [page, act] = useListPage(connector);
  const { t } = connector.words;
  const main = useRef<HTMLElement>(null);
  // Another page's run on screen: this page's own list waits for its end, and says so.
  const keptList = page.own === false && (page.pasted.trim() !== '' || page.file !== undefined);
  // A file dropped on a screen that takes none (the plan, the run, the table) would be opened by the browser in
  // this tab instead of the page: refused, with the cursor saying so. The input screen reads one (list-input.tsx).
  useEffect(() => {
    if (page.screen === 'input') return undefined;
    const refuse = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes('Files') !== true) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'none';
    };
    document.addEventListener('dragover', refuse);
    document.addEventListener('drop', refuse);
    return () => {
      document.removeEventListener('dragover', refuse);
      document.removeEventListener('drop', refuse);
    };
  }, [page.screen]);
  useEffect(() => {
    const target = FOCUS_ON[page.screen];
    if (target !== undefined) main.current?.querySelector<HTMLElement>(target)?.focus();
  }, [page.screen]);
  return (
    <WordsContext.Provider value={connector.words}>
      <div class="list-page">
        <header class="list-header">
          <img src="/icons/icon-48.png" alt="" width={32} height={32} />
          <h1 id="list-heading">{t('listTitle')}</h1>
        </header>
        <main class="list" ref={main} aria-busy={page.screen === 'connecting'}>
          {page.screen === 'input' && <ListInput page={page} act={act} onOpenSettings={connector.openSettings} />}
          {page.screen === 'plan' && page.plan !== undefined && <ListPlanView page={page} plan={page.plan} act={act} onOpenSettings={connector.openSettings} />}
          {(page.screen === 'running' || page.screen === 'ended') && keptList && (
            <>
              <p class="hint" data-testid="list-kept">
                {t('listOwnKept')}
              </p>
              {/* A send this page raced with the other's start: refused, said here. */}
              <ListProblem problem={page.problem?.kind === 'refused' ? page.problem : undefined} onOpenSettings={connector.openSettings} />
            </>
          )}
          {page.screen === 'running' && page.progress !== undefined && (
            <ListProgressView progress={page.progress} onPause={connector.pause} onResume={connector.resume} onCancel={connector.cancel} />
          )}
          {page.screen === 'running' && !keptList && (
            <ListProblem problem={page.resumeRefused === undefined ? undefined : { kind: 'refused', error: page.resumeRefused }} onOpenSettings={connector.openSettings} />
          )}
          {page.screen === 'ended' && page.run !== undefined && <ListTableView run={page.run} onCopy={connector.copy} onSave={connector.saveFile} onNewList={connector.dismiss} />}
          {page.screen === 'unreachable' && (
            <p class="error-message" role="alert">
              {t('listUnreachable')}
            </p>
          )}
        </main>
      </div>
    </WordsContext.Provider>
  );
}
