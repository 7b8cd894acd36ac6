import type { ComponentType } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { BulkItem, BulkRun } from '../messages/bulk-port';
import { hasEnded, runWait } from '../shortening/bulk-run-state';
import type { Words } from '../platform/words';
import { LINK_LIST_FORMATS, linkList, type LinkListFormat } from '../shortening/link-lists';
import { leastTimeMs, perMinute } from '../shortening/run-pace';
import { errorSentence } from '../ui/error-words';
import { useWords } from '../ui/words-context';
import './bulk-panel.css';
import { BulkList } from './bulk-list';
import { useSecondsLeft } from '../ui/seconds-left';

export interface BulkPanelProps {
  run: BulkRun;
  onCancel(): void;
  onDismiss(): void;
  /** Puts the text on the clipboard; false when the browser refused. */
  onCopy(text: string): Promise<boolean>;
}

export type BulkPanelComponent = ComponentType<BulkPanelProps>;

const LIST_FORMAT_WORDS = { lines: 'bulkCopyLines', markdown: 'bulkCopyMarkdown', csv: 'bulkCopyCsv' } as const;

/**
 * "Shorten all tabs in this window": each tab with where it stands, a Cancel
 * while any waits, and at the end the links to copy as lines, a Markdown list
 * or CSV. A chunk of its own, loaded only when a run is shown.
 */
export function BulkPanel({ run, onCancel, onDismiss, onCopy }: BulkPanelProps) {
  const words = useWords();
  const { t, seconds } = words;
  const ended = hasEnded(run);
  const links = run.items.flatMap((item) =>
    item.status.state === 'done' ? [{ shortUrl: item.status.shortUrl, longUrl: item.status.longUrl, ...(item.title === undefined ? {} : { title: item.title }) }] : [],
  );
  const count = (state: BulkItem['status']['state']) => run.items.filter((item) => item.status.state === state).length;
  const skipped = count('skipped');
  const failed = count('failed');
  const toShorten = run.items.length - skipped;
  // Up front and as it goes: the links still to come at the server's pace, and the least time that takes.
  const toCome = toShorten - links.length - failed;
  const paceMs = run.pace === undefined ? 0 : leastTimeMs(toCome, run.pace);
  // The head of the line knows when the server's window ends; the tabs behind it wait with it. A link waiting for
  // the network (offline, or the server gave no answer) waits for no window: the network is what to say.
  const { untilMs, forNetwork } = runWait(run);
  const left = useSecondsLeft(ended ? undefined : untilMs);
  const [copied, setCopied] = useState<{ count: number; ok: boolean } | undefined>(undefined);
  const firstAction = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  // The panel's first action takes the focus only from nowhere (the button that started the run is gone) or from
  // inside the panel (Cancel, gone at the end): never from the link's Copy button or a field being typed in.
  useEffect(() => {
    const focused = document.activeElement;
    if (focused === null || focused === document.body || panel.current?.contains(focused)) firstAction.current?.focus();
  }, [ended]);
  const summary = [t('bulkSummaryMade', links.length, toShorten), ...(skipped > 0 ? [t('bulkSummarySkipped', skipped)] : []), ...(failed > 0 ? [t('bulkSummaryFailed', failed)] : [])].join(' · ');
  const copy = (format: LinkListFormat) => void onCopy(linkList(format, links)).then((ok) => setCopied({ count: links.length, ok }));
  return (
    <section class="bulk" ref={panel} aria-labelledby="bulk-heading" aria-busy={!ended}>
      <h2 id="bulk-heading">{t('bulkHeading')}</h2>
      {!ended && (
        <p class="hint" data-testid="bulk-progress">
          <progress max={Math.max(toShorten, 1)} value={links.length + failed} aria-label={summary} />{' '}
          {forNetwork ? t('popupWaitingForNetwork') : left !== undefined && left > 0 ? t('popupWaiting', seconds(left)) : summary}
        </p>
      )}
      {!ended && run.pace !== undefined && paceMs > 0 && (
        <p class="hint" data-testid="bulk-pace">
          {t('bulkPace', toCome, perMinute(run.pace), paceMs < 60_000 ? seconds(Math.ceil(paceMs / 1000)) : words.minutes(Math.ceil(paceMs / 60_000)))}
        </p>
      )}
      {/* Rendered from the start, filled at the end: the summary is read out once, not at every tab. */}
      <p class="bulk-summary" role="status" data-testid="bulk-summary">
        {ended && summary}
      </p>
      <BulkList items={run.items} labelledBy="bulk-heading" status={(item) => itemStatus(item, words)} statusText={(item) => itemStatusText(item, words)} />
      {ended ? (
        <div class="actions bulk-actions">
          {links.length > 0 && (
            <>
              <span id="bulk-copy-label">{t('bulkCopyLabel')}</span>
              {LINK_LIST_FORMATS.map((format, index) => (
                <button key={format} type="button" ref={index === 0 ? firstAction : undefined} class="secondary-button" aria-describedby="bulk-copy-label" onClick={() => copy(format)}>
                  {t(LIST_FORMAT_WORDS[format])}
                </button>
              ))}
            </>
          )}
          <button type="button" ref={links.length === 0 ? firstAction : undefined} class="quiet-button" onClick={onDismiss}>
            {t('bulkDone')}
          </button>
        </div>
      ) : (
        <div class="actions">
          <button type="button" ref={firstAction} class="secondary-button" onClick={onCancel}>
            {t('bulkCancel')}
          </button>
        </div>
      )}
      {ended && (
        <p class="hint copy-status" role="status" data-testid="bulk-copy-status">
          {copied !== undefined && (copied.ok ? t('bulkCopied', copied.count) : t('popupCopyFailed'))}
        </p>
      )}
    </section>
  );
}

function itemStatus(item: BulkItem, words: Words) {
  const { status } = item;
  if (status.state !== 'done') return itemStatusText(item, words);
  return (
    <>
      <span dir="ltr" data-testid="bulk-short-url">
        {status.shortUrl}
      </span>
      {status.fromHistory && ` ${words.t('bulkFromHistory')}`}
    </>
  );
}

function itemStatusText({ status }: BulkItem, words: Words): string {
  const { t } = words;
  switch (status.state) {
    case 'queued':
    case 'waiting':
      return t('bulkItemWaiting');
    case 'sending':
      return t('popupShortening');
    case 'done':
      return status.fromHistory ? `${status.shortUrl} ${t('bulkFromHistory')}` : status.shortUrl;
    case 'failed':
      return status.error.kind === 'cancelled' ? t('bulkItemCancelled') : t('bulkFailed', errorSentence(status.error, words));
    case 'skipped': {
      const { skip } = status;
      if (skip.reason === 'browser-page') return t('bulkSkipBrowserPage');
      if (skip.reason === 'own-page') return t('bulkSkipOwnPage');
      if (skip.reason === 'duplicate') return t('bulkSkipDuplicate', skip.of);
      return t('bulkSkipped', errorSentence(skip.error, words));
    }
  }
}
