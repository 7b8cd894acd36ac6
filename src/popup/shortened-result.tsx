import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { LazyQrPanel, type QrPanelComponent } from '../qr/qr-on-request';
import type { ShareActions } from '../share/share-actions';
import { ShareButton } from '../share/share-button';
import { sharedLink } from '../share/shared-link';
import { COPY_FORMATS, type CopyFormat } from '../storage/copy-format-setting';
import { COPY_FORMAT_WORDS } from '../ui/copy-format-words';
import { useWords } from '../ui/words-context';
import { LazyCampaignPanel, type Campaign, type CampaignPanelComponent } from './campaign-on-request';
import type { PopupState } from './popup-state';
import { mayTakeFocus } from './focus-rule';

export interface ShortenedResultProps {
  state: Extract<PopupState, { phase: 'shortened' }>;
  /** Whether history records links (as far as the popup knows yet): a link with a secret in it is then kept there too. */
  historyOn: boolean;
  onCopy(format?: CopyFormat): void;
  onNewLink(): void;
  onSaveFile(fileName: string, data: Blob): void;
  onLoadQr(): Promise<QrPanelComponent>;
  /** Campaign tags: the panel's chunk, the presets, and the address shortened again, tagged. */
  campaign: { load(): Promise<CampaignPanelComponent>; presets(): Promise<Campaign[]>; onApply(campaign: Campaign): void };
  share: ShareActions;
}

/** The short link, its Copy button and what is worth knowing about it; "Copy as" and the QR code on request. */
export function ShortenedResult({ state, historyOn, onCopy, onNewLink, onSaveFile, onLoadQr, campaign, share }: ShortenedResultProps) {
  const copyRef = useRef<HTMLButtonElement>(null);
  const { t } = useWords();
  const [showQr, setShowQr] = useState(false);
  const [showCampaign, setShowCampaign] = useState(false);
  const { shortUrl, longUrl, fromHistory, pageOwn, used, removedParams, secretParams, title } = state.shortening;
  useLayoutEffect(() => {
    performance.mark('shrtnr:popup-short-url-shown');
  }, [shortUrl]);
  // Another link: its Copy may take the focus, and the panels of the one before close.
  useEffect(() => {
    if (mayTakeFocus()) copyRef.current?.focus();
    setShowQr(false);
    setShowCampaign(false);
  }, [shortUrl]);
  return (
    <div class="shortened">
      <label class="field-label" for="short-url">
        {t('popupShortLinkLabel')}
      </label>
      <div class="short-url-row">
        <input
          id="short-url"
          class="short-url"
          data-testid="short-url"
          // Links read left to right in every language.
          dir="ltr"
          readOnly
          value={shortUrl}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" ref={copyRef} class="primary-button" onClick={() => onCopy()}>
          {t('popupCopy')}
        </button>
      </div>
      <p class="copy-status" role="status" data-testid="copy-status">
        {state.copy === 'copied' && t('popupCopied')}
        {state.copy === 'failed' && t('popupCopyFailed')}
      </p>
      <p class="long-url" title={longUrl}>
        {t('popupFrom')}{' '}
        <span data-testid="long-url" dir="ltr">
          {longUrl}
        </span>
      </p>
      {removedParams.length > 0 && (
        <p class="hint" data-testid="removed-params">
          {t('popupTrackingRemoved', removedParams.join(', '))}
        </p>
      )}
      {secretParams.length > 0 && (
        <p class="hint secret-note" data-testid="secret-params">
          {t(historyOn && !state.request.private ? 'popupSecretKept' : 'popupSecretSent', secretParams.join(', '))}
        </p>
      )}
      {state.request.campaign !== undefined && (
        <p class="hint" data-testid="campaign-note">
          {t('popupCampaignNote', state.request.campaign.name)}
        </p>
      )}
      {fromHistory || pageOwn ? (
        <p class="hint origin" data-testid="link-origin">
          {t(fromHistory ? 'linkFromHistory' : 'linkPageOwn')}{' '}
          <button type="button" class="quiet-button" onClick={onNewLink}>
            {t('popupNewLink')}
          </button>
        </p>
      ) : (
        used !== undefined && (
          <p class="hint origin" data-testid="link-origin">
            {t('popupCreditsUsed', used)}
          </p>
        )
      )}
      <div class="more-actions">
        <ShareButton key={shortUrl} link={sharedLink(shortUrl, longUrl, title)} share={share} />
        <details class="copy-as">
          <summary>{t('popupCopyAs')}</summary>
          <div class="copy-as-formats">
            {COPY_FORMATS.map((format) => (
              <button key={format} type="button" class="secondary-button" onClick={() => onCopy(format)}>
                {t(COPY_FORMAT_WORDS[format])}
              </button>
            ))}
          </div>
        </details>
        <button type="button" class="secondary-button" aria-expanded={showQr} onClick={() => setShowQr(!showQr)}>
          {t(showQr ? 'popupHideQr' : 'popupShowQr')}
        </button>
        <button type="button" class="secondary-button" aria-expanded={showCampaign} onClick={() => setShowCampaign(!showCampaign)}>
          {t('popupCampaign')}
        </button>
      </div>
      {showQr && <LazyQrPanel shortUrl={shortUrl} onSave={onSaveFile} load={onLoadQr} />}
      {showCampaign && <LazyCampaignPanel load={campaign.load} presets={campaign.presets} onApply={campaign.onApply} />}
    </div>
  );
}
