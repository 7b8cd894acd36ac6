import { useRef } from 'preact/hooks';
import type { QrPanelComponent } from '../qr/qr-on-request';
import type { PageLinkOffer as PageLinkOfferShape } from '../shortening/page-short-link';
import type { CopyFormat } from '../storage/copy-format-setting';
import type { RecentHistory } from '../storage/history-entry';
import { useWords } from '../ui/words-context';
import { AccountSwitcher, type AccountSwitcherProps } from './account-switcher';
import { BulkSection, type BulkSectionProps } from './bulk-section';
import { FailedResult } from './failed-result';
import { PageLinkOffer } from './page-link-offer';
import { LoadingResult, WaitingResult } from './pending-result';
import type { PopupState } from './popup-state';
import { RecentLinks } from './recent-links';
import { ShortenedResult, type ShortenedResultProps } from './shortened-result';
import { UrlForm } from './url-form';
import { useOnDemand } from '../ui/on-demand';
import type { MenulessToolsComponent, MenulessToolsProps } from './menuless-tools';

export interface PopupViewProps extends BulkSectionProps {
  state: PopupState;
  /** The latest links from history (not the one shown above them); undefined until read. */
  recent: RecentHistory | undefined;
  /** Copies the shown link, in the given format or else the one chosen in the settings. */
  onCopy(format?: CopyFormat): void;
  onNewLink(): void;
  /** Drops the link waiting for the server's limit. */
  onCancel(): void;
  onRetry(): void;
  onShortenTyped(url: string): void;
  onSaveFile(fileName: string, data: Blob): void;
  onLoadQr(): Promise<QrPanelComponent>;
  campaign: ShortenedResultProps['campaign'];
  share: ShortenedResultProps['share'];
  onOpenSettings(): void;
  onOpenHistory(): void;
  /** The tab's page's own short link, when it declares one; undefined otherwise. */
  pageLink?: PageLinkOfferShape | undefined;
  onUsePageLink(): Promise<boolean>;
  /** The accounts, as the latest answer named them (the switcher shows only when there are several). */
  accounts: Omit<AccountSwitcherProps, 'busy'>;
  /** Where the browser has no context menu (Firefox for Android): its tools' chunk, and the selection's links of the popup's tab when it is known. */
  menuless?: (MenulessToolsProps & { load(): Promise<MenulessToolsComponent> }) | undefined;
}

/** The popup's whole UI; plain Preact with no browser calls, wired up by popup-app.tsx. */
export function PopupView(props: PopupViewProps) {
  const { state, recent, onCopy, onCopyText, onNewLink, onCancel, onRetry, onShortenTyped, onSaveFile, onLoadQr, onOpenSettings, onOpenHistory } = props;
  const urlFieldRef = useRef<HTMLInputElement>(null);
  const { t } = useWords();
  // A link on its way: nothing to shorten again yet (another account, another address).
  const busy = state.phase === 'loading' || state.phase === 'waiting';
  const { menuless } = props;
  const Tools = useOnDemand(menuless?.load ?? noTools, menuless !== undefined, 'the tools of a browser with no menu');
  return (
    <main class="popup">
      <header class="popup-header">
        <img src="/icons/icon-32.png" alt="" width={20} height={20} />
        <h1>Shrtnr</h1>
        <AccountSwitcher {...props.accounts} busy={busy} />
        <button type="button" class="quiet-button" onClick={onOpenSettings}>
          {t('popupSettings')}
        </button>
      </header>
      <section class="result" aria-busy={busy}>
        {state.phase === 'loading' && <LoadingResult />}
        {state.phase === 'waiting' && <WaitingResult state={state} onCancel={onCancel} />}
        {state.phase === 'shortened' && (
          <ShortenedResult
            state={state}
            historyOn={recent?.enabled !== false}
            onCopy={onCopy}
            onNewLink={onNewLink}
            onSaveFile={onSaveFile}
            onLoadQr={onLoadQr}
            campaign={props.campaign}
            share={props.share}
          />
        )}
        {state.phase === 'failed' && (
          <FailedResult state={state} onRetry={onRetry} onOpenSettings={onOpenSettings} urlFieldRef={urlFieldRef} accounts={props.accounts} />
        )}
      </section>
      {/* Not once it is the link shown above (its host just accepted). */}
      {props.pageLink !== undefined && !(state.phase === 'shortened' && state.shortening.shortUrl === props.pageLink.shortUrl) && (
        <PageLinkOffer offer={props.pageLink} onCopy={onCopyText} onUse={props.onUsePageLink} />
      )}
      <UrlForm fieldRef={urlFieldRef} onSubmit={onShortenTyped} busy={busy} />
      {typeof Tools === 'object' && <Tools.value onShortenSelection={menuless?.onShortenSelection} />}
      <BulkSection {...props} />
      <RecentLinks recent={recent} onCopy={onCopyText} onOpenHistory={onOpenHistory} />
    </main>
  );
}

const noTools = () => Promise.reject(new Error('not wanted'));
