import { useState } from 'preact/hooks';
import type { PageLinkOffer as Offer } from '../shortening/page-short-link';
import { useWords } from '../ui/words-context';

interface PageLinkOfferProps {
  /** The page's own short link, as the worker checked it (https, shorter than the page's address), and whether to ask about its host. */
  offer: Offer;
  onCopy(shortUrl: string): Promise<boolean>;
  /** Accepts its host for the page's, and has the page shortened again with it; false when that could not be saved. */
  onUse(): Promise<boolean>;
}

/**
 * The page declares a short link of its own: offered beside the server's, at
 * no credit, named by its host (a page may name any host, a look-alike's
 * too); when the setting would use it but its host is not the page's own, a
 * button asks whether to use such links on the page's host from now on.
 */
export function PageLinkOffer({ offer, onCopy, onUse }: PageLinkOfferProps) {
  const { t } = useWords();
  const [status, setStatus] = useState<'copied' | 'copy-failed' | 'use-failed' | undefined>(undefined);
  const { shortUrl, ask } = offer;
  return (
    <p class="page-link" data-testid="page-link">
      <span>{t('popupPageLinkOffer', new URL(shortUrl).host)}</span>{' '}
      {/* Links read left to right in every language; shown without its scheme, as short as it is. */}
      <bdi class="page-link-url" dir="ltr" title={shortUrl}>
        {shortUrl.replace(/^https:\/\//, '')}
      </bdi>{' '}
      <button type="button" class="secondary-button" onClick={() => void onCopy(shortUrl).then((copied) => setStatus(copied ? 'copied' : 'copy-failed'))}>
        {t('popupCopy')}
      </button>
      {ask !== undefined && (
        <button type="button" class="secondary-button" onClick={() => void onUse().then((used) => setStatus(used ? undefined : 'use-failed'))}>
          {t('popupPageLinkUse', ask.link, ask.page)}
        </button>
      )}
      <span role="status" class={status === 'copied' ? 'page-link-status' : 'field-error'}>
        {status === 'copied' && t('popupCopied')}
        {status === 'copy-failed' && t('popupCopyFailed')}
        {status === 'use-failed' && t('popupPageLinkUseFailed')}
      </span>
    </p>
  );
}
