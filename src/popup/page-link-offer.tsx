import { useState } from 'preact/hooks';
import { useWords } from '../ui/words-context';

interface PageLinkOfferProps {
  /** The page's own short link, as the worker checked it (https, shorter than the page's address). */
  shortUrl: string;
  onCopy(): Promise<boolean>;
}

/** The page declares a short link of its own: offered beside the server's, at no credit. */
export function PageLinkOffer({ shortUrl, onCopy }: PageLinkOfferProps) {
  const { t } = useWords();
  const [copied, setCopied] = useState<boolean | undefined>(undefined);
  return (
    <p class="page-link" data-testid="page-link">
      <span>{t('popupPageLinkOffer')}</span>{' '}
      {/* Links read left to right in every language; shown without its scheme, as short as it is. */}
      <bdi class="page-link-url" dir="ltr" title={shortUrl}>
        {shortUrl.replace(/^https:\/\//, '')}
      </bdi>{' '}
      <button type="button" class="secondary-button" onClick={() => void onCopy().then(setCopied)}>
        {t('popupCopy')}
      </button>
      <span role="status" class={copied === false ? 'field-error' : 'page-link-status'}>
        {copied === true && t('popupCopied')}
        {copied === false && t('popupCopyFailed')}
      </span>
    </p>
  );
}
