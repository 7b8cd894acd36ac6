import { useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import type { Words } from '../platform/words';
import { useWords } from '../ui/words-context';
import { AccountFilter } from './account-filter';
import { GuardedRow } from './guarded-row';
import { HistoryTools } from './history-tools';
import type { AccountsShown, HistoryActions, ReadyState } from './view-types';

/** Everything below the header once history is read: notices, tools, search and the links. */
export function HistoryList({ state, actions }: { state: ReadyState; actions: HistoryActions }) {
  const words = useWords();
  const { t, language } = words;
  const { total, query, matches, visibleCount, accounts } = state;
  const dates = useMemo(() => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }), [language]);

  // What `npm run bench` measures: the first render with links, and each search's.
  useLayoutEffect(() => {
    performance.mark('shrtnr:history-list-shown');
  }, []);
  const searched = useRef(false);
  useLayoutEffect(() => {
    if (searched.current) performance.mark('shrtnr:history-search-done');
    searched.current = true;
  }, [query]);

  const shown = matches.slice(0, visibleCount);
  return (
    <>
      {!state.historyOn && (
        <div class="notice" role="note" data-testid="history-off">
          <p>{t('historyOff')}</p>
          <button type="button" class="secondary-button" onClick={actions.onOpenSettings}>
            {t('historyOpenSettings')}
          </button>
        </div>
      )}
      {state.skipped > 0 && (
        <p class="notice is-warning" data-testid="history-skipped">
          {t('historySkipped', state.skipped)}
        </p>
      )}
      {state.reloadFailure !== undefined && (
        <p class="field-error" role="alert">
          {t('historyLoadFailed', state.reloadFailure)}
        </p>
      )}
      {/* Exporting or deleting everything waits for everything to be read. */}
      <HistoryTools total={state.complete ? total : 0} confirmingDeleteAll={state.confirmingDeleteAll} importing={state.importing} actions={actions} />
      {total === 0 ? (
        <p class="empty" data-testid="history-empty">
          {t('historyEmpty')}
        </p>
      ) : (
        <section class="links" aria-labelledby="history-list-heading">
          <h2 id="history-list-heading">{t('historyListHeading')}</h2>
          <div class="history-search" role="search">
            <div class="search-field">
              <label class="field-label" for="history-search">
                {t('historySearchLabel')}
              </label>
              <input
                id="history-search"
                type="search"
                // What is searched for may be an address or words in any script.
                dir="auto"
                autoComplete="off"
                spellcheck={false}
                aria-describedby="history-count"
                value={query}
                onInput={(event) => actions.onQuery(event.currentTarget.value)}
              />
            </div>
            {accounts !== undefined && <AccountFilter choices={accounts.choices} filter={accounts.filter} onFilter={actions.onAccountFilter} />}
          </div>
          <p id="history-count" class="count" role="status" data-testid="history-count">
            {!state.complete ? t('historyLoading') : query.trim() === '' && accounts?.filter === undefined ? t('historyCount', total) : t('historyMatching', matches.length, total)}
          </p>
          {matches.length === 0 && <p class="empty">{noMatchesSentence(query.trim(), accounts, words)}</p>}
          <ol class="rows" aria-labelledby="history-list-heading">
            {shown.map((entry, index) => (
              <GuardedRow key={entry.shortUrl} entry={entry} index={index} dates={dates} qrOpen={state.qrFor === entry.shortUrl} account={accounts?.label(entry)} actions={actions} />
            ))}
          </ol>
          {shown.length < matches.length && (
            <div class="show-more">
              <p>{t('historyShowing', shown.length, matches.length)}</p>
              <button type="button" class="secondary-button" onClick={actions.onShowMore}>
                {t('historyShowMore')}
              </button>
            </div>
          )}
        </section>
      )}
    </>
  );
}

/** Nothing listed: nothing matches the search, or the account filtered by made no link (that matches it). */
function noMatchesSentence(query: string, accounts: AccountsShown | undefined, { t }: Words): string {
  const filter = accounts?.filter;
  const filtered = filter === undefined ? undefined : accounts?.choices.find(({ id }) => id === filter);
  if (filtered === undefined) return t('historyNoMatches', query);
  return query === '' ? t('historyAccountEmpty', filtered.name) : t('historyAccountNoMatches', filtered.name, query);
}
