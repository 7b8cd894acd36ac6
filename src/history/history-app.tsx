import { useMemo, useState } from 'preact/hooks';
import { clipboardPayload } from '../shortening/copy-formats';
import type { HistoryEntry } from '../storage/history-entry';
import { WordsContext } from '../ui/words-context';
import { errorText } from '../platform/error-text';
import { accountLabel, madeBy, namesAccounts } from './entry-accounts';
import { exportFileName, historyCsv, historyJson } from './export-file';
import type { HistoryConnector } from './history-connector';
import { importHistory } from './history-import';
import { HistoryView, type PageState } from './history-view';
import { search, searchIndex } from '../shortening/history-search';
import { carryOutUndo, type UndoDone, type UndoOffer } from './undo';
import { useHistoryData } from './use-history-data';
import { useSettings } from './use-settings';
import type { FocusTarget, HistoryActions } from './view-types';

/** Rows rendered at once: 10,000 would cost the first paint far more than an empty page's. */
export const PAGE_SIZE = 100;
/** Rows read for the first paint: more than any window shows, far fewer than a page (rendering them all would delay that paint). */
export const FIRST_SCREEN = 25;

export interface HistoryAppProps {
  connector: HistoryConnector;
  /** The newest FIRST_SCREEN entries, read by main.tsx before the first render (to save the page's first frames). */
  firstScreen?: Promise<readonly HistoryEntry[]>;
}

export function HistoryApp({ connector, firstScreen }: HistoryAppProps) {
  const { words, store } = connector;
  const { t } = words;
  // Read once, whatever re-renders follow.
  const [firstRead] = useState(() => firstScreen ?? store.recent(FIRST_SCREEN));
  const { data, updateEntries } = useHistoryData(store, firstRead);
  const settings = useSettings(connector);
  const [query, setQuery] = useState('');
  const [accountFilter, setAccountFilter] = useState<string | undefined>(undefined);
  const [visibleCount, setVisibleCount] = useState(PAGE_SIZE);
  const [qrFor, setQrFor] = useState<string | undefined>(undefined);
  const [confirmingDeleteAll, setConfirmingDeleteAll] = useState(false);
  const [importing, setImporting] = useState(false);
  // Each sentence, and each focus request, a value of its own (view-types.ts): no id to count.
  const [status, setStatus] = useState<{ text: string; undo?: UndoOffer } | undefined>(undefined);
  const [focusRequest, setFocusRequest] = useState<FocusTarget | undefined>(undefined);

  const entries = data.phase === 'ready' ? data.entries : NO_ENTRIES;
  const { accounts } = settings;
  const accountsNamed = useMemo(() => namesAccounts(accounts, entries), [accounts, entries]);
  const labelAccount = useMemo(() => accountLabel(accounts), [accounts]);
  // Filtered by an account since removed (or no longer told apart from another): every link again.
  const filter = accountsNamed && accounts.some(({ id }) => id === accountFilter) ? accountFilter : undefined;
  // The account's name is searched where it is shown.
  const index = useMemo(() => searchIndex(entries, accountsNamed ? labelAccount : undefined), [entries, accountsNamed, labelAccount]);
  const matches = useMemo(() => madeBy(search(index, query), filter), [index, query, filter]);

  const say = (text: string, undo?: UndoOffer) => setStatus({ text, undo });
  const focus = (target: FocusTarget) => setFocusRequest({ ...target });

  const copy = async (entry: HistoryEntry) => {
    const { shortUrl, longUrl, title } = entry;
    const done = await connector.copy(clipboardPayload(settings.copyFormat, { shortUrl, longUrl, title }));
    say(done.ok ? t('historyCopied', shortUrl) : t('copyFailed', done.reason));
  };

  const open = async (entry: HistoryEntry) => {
    const done = await connector.openTab(entry.longUrl);
    if (!done.ok) say(t('historyOpenFailed', done.reason));
  };

  // One QR code open at a time: asking for another closes the first.
  const toggleQr = ({ shortUrl }: HistoryEntry) => setQrFor(qrFor === shortUrl ? undefined : shortUrl);

  const remove = async (entry: HistoryEntry, position: number) => {
    let removed: HistoryEntry | undefined;
    try {
      removed = await store.remove(entry.shortUrl);
    } catch (error) {
      say(t('historyChangeFailed', errorText(error)));
      return;
    }
    updateEntries((current) => current.filter(({ shortUrl }) => shortUrl !== entry.shortUrl));
    if (qrFor === entry.shortUrl) setQrFor(undefined);
    // Gone already (deleted in another window)? What this page showed is what Undo brings back.
    say(t('historyDeleted', entry.shortUrl), { kind: 'deleted', entries: [removed ?? entry], all: false });
    focus({ target: 'row-at', index: position });
  };

  const deleteAll = async () => {
    setConfirmingDeleteAll(false);
    let removed: HistoryEntry[];
    try {
      removed = await store.clear();
    } catch (error) {
      say(t('historyChangeFailed', errorText(error)));
      focus({ target: 'delete-all' });
      return;
    }
    updateEntries(() => NO_ENTRIES);
    setQrFor(undefined);
    say(t('historyDeletedAll', removed.length), { kind: 'deleted', entries: removed, all: true });
    // Delete all has gone with the links: Undo is where the focus can be of use.
    focus({ target: 'undo' });
  };

  const undo = async () => {
    const offer = status?.undo;
    if (offer === undefined) return;
    // Withdrawn at once: a second press must not undo twice.
    setStatus((current) => current && { text: current.text });
    let done: UndoDone;
    try {
      done = await carryOutUndo(store, offer, words);
    } catch (error) {
      say(t('historyChangeFailed', errorText(error)));
      focus({ target: 'search' });
      return;
    }
    updateEntries(done.change);
    say(done.sentence);
    focus(done.focus);
  };

  const exportAs = (kind: 'csv' | 'json') => {
    const now = new Date();
    const file = kind === 'csv' ? new Blob([historyCsv(entries, labelAccount)], { type: 'text/csv;charset=utf-8' }) : new Blob([historyJson(entries, now)], { type: 'application/json' });
    connector.saveFile(exportFileName(kind, now), file);
  };

  // One import at a time: a second one's sentence would take the first one's Undo away.
  const importFile = async (file: File) => {
    setImporting(true);
    try {
      await importHistory(store, file, words, say);
    } finally {
      setImporting(false);
    }
  };

  const actions: HistoryActions = {
    onQuery(next) {
      setQuery(next);
      setVisibleCount(PAGE_SIZE);
    },
    onAccountFilter(next) {
      setAccountFilter(next);
      setVisibleCount(PAGE_SIZE);
    },
    onShowMore() {
      focus({ target: 'link-at', index: visibleCount });
      setVisibleCount(visibleCount + PAGE_SIZE);
    },
    onCopy: (entry) => void copy(entry),
    onOpen: (entry) => void open(entry),
    share: connector,
    onToggleQr: toggleQr,
    // The connector's own function, the same for the page's life: the panel loads each time it is shown, not each render.
    onLoadQr: connector.loadQrPanel,
    onDelete: (entry, position) => void remove(entry, position),
    onSaveFile: connector.saveFile,
    onAskDeleteAll: () => setConfirmingDeleteAll(true),
    onCancelDeleteAll() {
      setConfirmingDeleteAll(false);
      focus({ target: 'delete-all' });
    },
    onConfirmDeleteAll: () => void deleteAll(),
    onUndo: () => void undo(),
    onStatusExpired: (shown) => setStatus((current) => (current === shown ? undefined : current)),
    onExportCsv: () => exportAs('csv'),
    onExportJson: () => exportAs('json'),
    onImport: (file) => void importFile(file),
    onOpenSettings: connector.openSettings,
  };

  const page: PageState =
    data.phase === 'ready'
      ? {
          phase: 'ready',
          historyOn: settings.history,
          skipped: data.skipped,
          reloadFailure: data.reloadFailure,
          complete: data.complete,
          total: entries.length,
          query,
          accounts: accountsNamed ? { choices: accounts, filter, label: labelAccount } : undefined,
          matches,
          visibleCount,
          qrFor,
          confirmingDeleteAll,
          importing,
        }
      : data.phase === 'failed'
        ? { ...data, privateWindow: connector.privateWindow }
        : data;
  return (
    <WordsContext.Provider value={words}>
      <HistoryView page={page} creditsSaved={data.phase === 'ready' ? data.creditsSaved : undefined} status={status} focusRequest={focusRequest} actions={actions} onOpenList={connector.openList} />
    </WordsContext.Provider>
  );
}

const NO_ENTRIES: readonly HistoryEntry[] = [];
