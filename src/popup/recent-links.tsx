import { useState } from 'preact/hooks';
import type { RecentHistory } from '../storage/history-entry';
import { useWords } from '../ui/words-context';

interface RecentLinksProps {
  recent: RecentHistory | undefined;
  onCopy(shortUrl: string): Promise<boolean>;
  onOpenHistory(): void;
}

/** The latest links from history, each with its Copy button, and the way to the whole history. */
export function RecentLinks({ recent, onCopy, onOpenHistory }: RecentLinksProps) {
  const { t } = useWords();
  const [copied, setCopied] = useState<{ shortUrl: string; ok: boolean } | undefined>(undefined);
  return (
    <section class="recent" aria-labelledby="recent-heading">
      <div class="recent-header">
        <h2 id="recent-heading">{t('popupRecentHeading')}</h2>
        <button type="button" class="quiet-button" onClick={onOpenHistory}>
          {t('popupAllHistory')}
        </button>
      </div>
      {recent !== undefined && recent.entries.length === 0 && <p class="hint">{t(recent.enabled ? 'popupRecentEmpty' : 'popupHistoryOff')}</p>}
      {recent !== undefined && recent.entries.length > 0 && (
        <ul class="recent-list">
          {recent.entries.map((entry) => (
            <li key={entry.shortUrl}>
              <span class="recent-link" dir="ltr" title={entry.longUrl}>
                {entry.shortUrl}
              </span>
              <button
                type="button"
                class="secondary-button"
                aria-label={t('popupCopyRecent', entry.shortUrl)}
                onClick={() => void onCopy(entry.shortUrl).then((ok) => setCopied({ shortUrl: entry.shortUrl, ok }))}
              >
                {t('popupCopy')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {/* Said in a live region, not on the button: a button's name is what it does. */}
      {recent !== undefined && recent.entries.length > 0 && (
        <p class="hint recent-status" role="status" data-testid="recent-status">
          {copied !== undefined && (copied.ok ? t('historyCopied', copied.shortUrl) : t('popupCopyFailed'))}
        </p>
      )}
    </section>
  );
}
