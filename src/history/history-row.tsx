import type { Words } from '../platform/words';
import { LazyQrPanel } from '../qr/qr-on-request';
import { IMPORTED, type HistoryEntry } from '../storage/history-entry';
import { useWords } from '../ui/words-context';
import { entryLabel } from '../shortening/entry-label';
import { ShareButton } from '../share/share-button';
import { sharedLink } from '../share/shared-link';
import { wayInLabel } from './history-words';
import type { HistoryActions } from './view-types';

export interface HistoryRowProps {
  entry: HistoryEntry;
  index: number;
  /** Formats when it was made, in the page's language (one formatter for every row). */
  dates: Intl.DateTimeFormat;
  /** Whether this row's QR code is open. */
  qrOpen: boolean;
  /** The account that made the link, by name (its server's host once removed); undefined where accounts are not named, or for a link of none. */
  account: string | undefined;
  actions: HistoryActions;
}

/** One link: what it is called, the short link, where it leads, when, how and by which account it was made, and what can be done with it. */
export function HistoryRow({ entry, index, dates, qrOpen, account, actions }: HistoryRowProps) {
  const words = useWords();
  const { t } = words;
  const { shortUrl, longUrl } = entry;
  const label = entryLabel(entry);
  const qrId = `history-qr-${index}`;
  return (
    <li class="row" data-testid="history-row">
      <div class="row-text">
        <h3 class="row-title" dir={label.isAddress ? 'ltr' : 'auto'}>
          {label.text}
        </h3>
        {/* Addresses read left to right in every language. */}
        <a class="row-short" href={shortUrl} dir="ltr" target="_blank" rel="noopener noreferrer">
          {shortUrl}
        </a>
        <p class="row-long" dir="ltr" title={longUrl}>
          {longUrl}
        </p>
        <p class="row-meta">
          {entryTime(entry.createdAt, dates, words)}
          <span aria-hidden="true"> · </span>
          <span class="row-via">{wayInLabel(entry.via, words)}</span>
          {/* From a file, not made here: listed, never given by the cache. A word, so it is read out too. */}
          {entry.origin === IMPORTED && <RowMark testId="history-imported" words={t('historyImported')} />}
          {/* The page's own link, used instead of asking the server: named with its host, which the page chose. */}
          {entry.pageOwn === true && <RowMark testId="history-page-own" words={t('historyPageOwn', new URL(shortUrl).host)} />}
          {/* A name the user gave: in an Arabic page the words isolate it (words.ts), so it keeps its own direction. */}
          {account !== undefined && <RowMark testId="history-account" words={t('historyAccount', account)} />}
          {entry.campaign !== undefined && <RowMark testId="history-campaign" words={t('historyCampaign', entry.campaign)} />}
        </p>
      </div>
      {/* Visibly one word each; named with the link, so a list of "Copy" buttons is told apart when read out. */}
      <div class="row-actions">
        <button type="button" class="secondary-button" aria-label={t('historyCopyLabel', shortUrl)} onClick={() => actions.onCopy(entry)}>
          {t('historyCopy')}
        </button>
        <ShareButton link={sharedLink(shortUrl, longUrl, entry.title)} share={actions.share} label={t('historyShareLabel', shortUrl)} />
        <button type="button" class="secondary-button" aria-label={t('historyOpenLabel', shortUrl)} onClick={() => actions.onOpen(entry)}>
          {t('historyOpen')}
        </button>
        <button
          type="button"
          class="secondary-button"
          aria-label={t('historyQrLabel', shortUrl)}
          aria-expanded={qrOpen}
          aria-controls={qrOpen ? qrId : undefined}
          onClick={() => actions.onToggleQr(entry)}
        >
          {t('historyQr')}
        </button>
        <button type="button" class="secondary-button danger-text" aria-label={t('historyDeleteLabel', shortUrl)} data-delete-for={shortUrl} onClick={() => actions.onDelete(entry, index)}>
          {t('historyDelete')}
        </button>
      </div>
      {qrOpen && (
        <div class="row-qr" id={qrId}>
          <LazyQrPanel shortUrl={shortUrl} onSave={actions.onSaveFile} load={actions.onLoadQr} />
        </div>
      )}
    </li>
  );
}

/**
 * When a link was made. Stored entries are validated to times a Date can
 * print, but `format` and `toISOString` throw on any other (issue 19), so a
 * record that slipped past says "date unknown" rather than throwing.
 */
function entryTime(createdAt: number, dates: Intl.DateTimeFormat, { t }: Words) {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return <span>{t('historyDateUnknown')}</span>;
  return <time dateTime={date.toISOString()}>{dates.format(date)}</time>;
}

function RowMark({ testId, words }: { testId: string; words: string }) {
  return (
    <>
      <span aria-hidden="true"> · </span>
      <span class="row-imported" data-testid={testId}>
        {words}
      </span>
    </>
  );
}
