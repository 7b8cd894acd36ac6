import { useEffect, useRef } from 'preact/hooks';
import { useWords } from '../ui/words-context';
import { HistoryList } from './history-list';
import { StatusBar } from './status-bar';
import type { FocusTarget, HistoryActions, ReadyState, StatusLine } from './view-types';

/** `privateWindow` on a failure: the page is in a private window, where Firefox keeps no extension's data (the reason is its refusal). */
export type PageState = { phase: 'loading' } | { phase: 'failed'; reason: string; privateWindow?: boolean } | ({ phase: 'ready' } & ReadyState);

export interface HistoryViewProps {
  page: PageState;
  creditsSaved: number | undefined;
  status: StatusLine | undefined;
  /** Where the focus goes, each request a value of its own: the same target asked for twice is focused twice. */
  focusRequest: FocusTarget | undefined;
  actions: HistoryActions;
  /** Opens the list page ("Shorten a list"), from the header. */
  onOpenList(): void;
}

/** The history page; plain Preact with no browser calls, wired up by history-app.tsx. */
export function HistoryView({ page, creditsSaved, status, focusRequest, actions, onOpenList }: HistoryViewProps) {
  const { t } = useWords();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusRequest !== undefined && root.current !== null) focusTarget(root.current, focusRequest)?.focus();
  }, [focusRequest]);
  return (
    <div class="history-page" ref={root}>
      <header class="history-header">
        <img src="/icons/icon-48.png" alt="" width={32} height={32} />
        <h1>{t('historyTitle')}</h1>
        <button type="button" class="quiet-button" onClick={onOpenList}>
          {t('listOpen')}
        </button>
        {creditsSaved !== undefined && (
          <p class="credits" data-testid="credits-saved">
            {t('historyCreditsSaved', creditsSaved)}
          </p>
        )}
      </header>
      <main class="history" aria-busy={page.phase === 'loading'}>
        {page.phase === 'loading' && (
          <p class="hint" role="status">
            {t('historyLoading')}
          </p>
        )}
        {page.phase === 'failed' && (
          <p class="field-error" role="alert">
            {page.privateWindow ? t('historyPrivateWindow') : t('historyLoadFailed', page.reason)}
          </p>
        )}
        {page.phase === 'ready' && <HistoryList state={page} actions={actions} />}
        <StatusBar status={status} onUndo={actions.onUndo} onExpired={actions.onStatusExpired} />
      </main>
    </div>
  );
}

function focusTarget(root: HTMLElement, request: FocusTarget): HTMLElement | null {
  // Where focus goes when its target is gone: the search field, or (no links left) the import button.
  const fallback = () => root.querySelector<HTMLElement>('#history-search') ?? root.querySelector<HTMLElement>('[data-focus="import"]');
  const deleteButtons = () => [...root.querySelectorAll<HTMLElement>('[data-delete-for]')];
  switch (request.target) {
    case 'search':
      return fallback();
    case 'undo':
    case 'delete-all':
      return root.querySelector<HTMLElement>(`[data-focus="${request.target}"]`) ?? fallback();
    case 'row':
      return deleteButtons().find((button) => button.getAttribute('data-delete-for') === request.shortUrl) ?? fallback();
    case 'row-at': {
      const buttons = deleteButtons();
      return buttons[request.index] ?? buttons[request.index - 1] ?? fallback();
    }
    case 'link-at':
      return root.querySelectorAll<HTMLElement>('.row-short')[request.index] ?? fallback();
  }
}
