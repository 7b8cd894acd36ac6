import type { AcceptedPageLinkHost } from '../storage/page-link-hosts';
import { useWords } from '../ui/words-context';

interface PageLinkHostsListProps {
  /** What the user accepted in the popup, oldest first. */
  accepted: readonly AcceptedPageLinkHost[];
  /** Forgotten at once: its card's status line says what it came to. */
  onForget(pair: AcceptedPageLinkHost): void;
}

/** The short link hosts the popup's offer accepted, each for its page's host, and a way to forget each. */
export function PageLinkHostsList({ accepted, onForget }: PageLinkHostsListProps) {
  const { t } = useWords();
  if (accepted.length === 0) return null;
  return (
    <div class="page-link-hosts" data-testid="page-link-hosts">
      <p class="hint">{t('optionsPageLinkHosts')}</p>
      <ul>
        {accepted.map((pair) => (
          <li key={`${pair.page} ${pair.link}`}>
            <span>{t('optionsPageLinkHost', pair.link, pair.page)}</span>{' '}
            <button type="button" class="secondary-button" aria-label={t('optionsPageLinkHostForgetLabel', pair.link, pair.page)} onClick={() => onForget(pair)}>
              {t('optionsPageLinkHostForget')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
