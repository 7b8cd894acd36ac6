import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { LazyQrPanel, type QrPanelComponent } from '../qr/qr-on-request';
import { COPY_FORMATS, type CopyFormat } from '../storage/copy-format-setting';
import type { HistoryEntry, RecentHistory } from '../storage/history-entry';
import { COPY_FORMAT_WORDS } from '../ui/copy-format-words';
import { useOnDemand } from '../ui/on-demand';
import { useWords } from '../ui/words-context';
import type { BulkPanelComponent } from './bulk-panel';
import { canRetry, needsSettings, popupErrorSentence, wantsTypedUrl, type BulkState, type PopupState } from './popup-state';
import { useSecondsLeft } from './seconds-left';

export interface PopupViewProps {
  state: PopupState;
  /** The latest links from history (not the one shown above them); undefined until read. */
  recent: RecentHistory | undefined;
  /** Copies the shown link, in the given format or else the one chosen in the settings. */
  onCopy(format?: CopyFormat): void;
  onCopyRecent(entry: HistoryEntry): Promise<boolean>;
  onNewLink(): void;
  /** Drops the link waiting for the server's limit. */
  onCancel(): void;
  onRetry(): void;
  onShortenTyped(url: string): void;
  onSaveFile(fileName: string, data: Blob): void;
  onLoadQr(): Promise<QrPanelComponent>;
  onOpenSettings(): void;
  onOpenHistory(): void;
  /** "Shorten all tabs in this window": its run, if the window has one, and how it is asked for. */
  bulk: BulkState;
  onShortenAllTabs(): void;
  onCancelBulk(): void;
  onDismissBulk(): void;
  onCopyText(text: string): Promise<boolean>;
  onLoadBulkPanel(): Promise<BulkPanelComponent>;
}

/** The popup's whole UI; plain Preact with no browser calls, wired up by popup-app.tsx. */
export function PopupView(props: PopupViewProps) {
  const { state, recent, onCopy, onCopyRecent, onNewLink, onCancel, onRetry, onShortenTyped, onSaveFile, onLoadQr, onOpenSettings, onOpenHistory } = props;
  const urlFieldRef = useRef<HTMLInputElement>(null);
  const { t } = useWords();
  // A link that cannot be shortened (the tab's or a typed one): focus the field, to type or fix one.
  const focusUrlField = state.phase === 'failed' && wantsTypedUrl(state.error);
  return (
    <main class="popup">
      <header class="popup-header">
        <img src="/icons/icon-32.png" alt="" width={20} height={20} />
        <h1>Shrtnr</h1>
        <button type="button" class="quiet-button" onClick={onOpenSettings}>
          {t('popupSettings')}
        </button>
      </header>
      <section class="result" aria-busy={state.phase === 'loading' || state.phase === 'waiting'}>
        {state.phase === 'loading' && <Loading />}
        {state.phase === 'waiting' && <Waiting state={state} onCancel={onCancel} />}
        {state.phase === 'shortened' && (
          <Shortened state={state} historyOn={recent?.enabled !== false} onCopy={onCopy} onNewLink={onNewLink} onSaveFile={onSaveFile} onLoadQr={onLoadQr} />
        )}
        {state.phase === 'failed' && (
          <Failed state={state} onRetry={onRetry} onOpenSettings={onOpenSettings} focusUrlField={focusUrlField} urlFieldRef={urlFieldRef} />
        )}
      </section>
      <UrlForm fieldRef={urlFieldRef} onSubmit={onShortenTyped} busy={state.phase === 'loading' || state.phase === 'waiting'} />
      <BulkSection {...props} />
      <Recent recent={recent} onCopy={onCopyRecent} onOpenHistory={onOpenHistory} />
    </main>
  );
}

function Loading() {
  const { t } = useWords();
  return (
    <div class="loading" role="status">
      <span class="spinner" aria-hidden="true" />
      {t('popupShortening')}
    </div>
  );
}

function Waiting({ state, onCancel }: { state: Extract<PopupState, { phase: 'waiting' }>; onCancel(): void }) {
  const { t, seconds } = useWords();
  const left = useSecondsLeft(state.untilMs);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);
  const sentence = left !== undefined ? t('popupWaiting', seconds(left)) : state.ahead > 0 ? t('popupWaitingBehind', state.ahead) : t('popupWaitingNoTime');
  return (
    <div class="waiting">
      {/* A timer, not a live region: a sentence read out every second would drown everything else. */}
      <p class="loading" role="timer" data-testid="waiting">
        <span class="spinner" aria-hidden="true" />
        {sentence}
      </p>
      <div class="actions">
        <button type="button" ref={cancelRef} class="secondary-button" onClick={onCancel}>
          {t('popupCancel')}
        </button>
      </div>
    </div>
  );
}

interface ShortenedProps {
  state: Extract<PopupState, { phase: 'shortened' }>;
  /** Whether history records links (as far as the popup knows yet): a link with a secret in it is then kept there too. */
  historyOn: boolean;
  onCopy(format?: CopyFormat): void;
  onNewLink(): void;
  onSaveFile(fileName: string, data: Blob): void;
  onLoadQr(): Promise<QrPanelComponent>;
}

function Shortened({ state, historyOn, onCopy, onNewLink, onSaveFile, onLoadQr }: ShortenedProps) {
  const copyRef = useRef<HTMLButtonElement>(null);
  const { t } = useWords();
  const [showQr, setShowQr] = useState(false);
  const { shortUrl, longUrl, fromHistory, used, removedParams, secretParams } = state.shortening;
  useLayoutEffect(() => {
    performance.mark('shrtnr:popup-short-url-shown');
  }, [shortUrl]);
  useEffect(() => copyRef.current?.focus(), [shortUrl]);
  useEffect(() => setShowQr(false), [shortUrl]);
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
      {fromHistory ? (
        <p class="hint origin" data-testid="link-origin">
          {t('linkFromHistory')}{' '}
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
      </div>
      {showQr && <LazyQrPanel shortUrl={shortUrl} onSave={onSaveFile} load={onLoadQr} />}
    </div>
  );
}

function Recent({ recent, onCopy, onOpenHistory }: { recent: RecentHistory | undefined; onCopy(entry: HistoryEntry): Promise<boolean>; onOpenHistory(): void }) {
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
                onClick={() => void onCopy(entry).then((ok) => setCopied({ shortUrl: entry.shortUrl, ok }))}
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

interface FailedProps {
  state: Extract<PopupState, { phase: 'failed' }>;
  onRetry(): void;
  onOpenSettings(): void;
  focusUrlField: boolean;
  urlFieldRef: { current: HTMLInputElement | null };
}

function Failed({ state, onRetry, onOpenSettings, focusUrlField, urlFieldRef }: FailedProps) {
  const actionRef = useRef<HTMLButtonElement>(null);
  const words = useWords();
  const { error } = state;
  const offerSettings = needsSettings(error);
  const offerRetry = canRetry(error);
  useEffect(() => {
    if (focusUrlField) urlFieldRef.current?.focus();
    else actionRef.current?.focus();
  }, [state]);
  return (
    <div class="failed">
      <p class="error-message" role="alert" data-testid="error-message" data-error-kind={error.kind}>
        {popupErrorSentence(error, words)}
      </p>
      <div class="actions">
        {offerSettings && (
          <button type="button" ref={actionRef} class="primary-button" onClick={onOpenSettings}>
            {words.t('popupOpenSettings')}
          </button>
        )}
        {offerRetry && (
          <button type="button" ref={offerSettings ? undefined : actionRef} class={offerSettings ? 'secondary-button' : 'primary-button'} onClick={onRetry}>
            {words.t('popupRetry')}
          </button>
        )}
      </div>
    </div>
  );
}

/** The button, why a run could not start, or the window's run (its panel loaded on demand). */
function BulkSection({ bulk, onShortenAllTabs, onCancelBulk, onDismissBulk, onCopyText, onLoadBulkPanel, onOpenSettings }: PopupViewProps) {
  const words = useWords();
  const { t } = words;
  const Panel = useOnDemand(onLoadBulkPanel, bulk.run !== undefined, 'the tabs panel');
  if (bulk.run !== undefined) {
    if (Panel === 'failed') return <p class="field-error" role="alert">{t('bulkLoadFailed')}</p>;
    if (Panel === undefined) return <p class="hint">{t('popupShortening')}</p>;
    return <Panel.value run={bulk.run} onCancel={onCancelBulk} onDismiss={onDismissBulk} onCopy={onCopyText} />;
  }
  const { error } = bulk;
  return (
    <div class="bulk-start">
      <button type="button" class="secondary-button" disabled={bulk.asking} onClick={onShortenAllTabs}>
        {t('popupBulkButton')}
      </button>
      {error !== undefined && (
        <p class="error-message" role="alert" data-testid="bulk-error" data-error-kind={error.kind}>
          {error.kind === 'tabs-permission' ? t('bulkNeedsPermission') : popupErrorSentence(error, words)}
        </p>
      )}
      {error !== undefined && error.kind !== 'tabs-permission' && needsSettings(error) && (
        <button type="button" class="quiet-button" onClick={onOpenSettings}>
          {t('popupOpenSettings')}
        </button>
      )}
    </div>
  );
}

function UrlForm({ fieldRef, onSubmit, busy }: { fieldRef: { current: HTMLInputElement | null }; onSubmit(url: string): void; busy: boolean }) {
  const [value, setValue] = useState('');
  const { t } = useWords();
  return (
    <form
      class="url-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(value);
      }}
    >
      <label class="field-label" for="typed-url">
        {t('popupShortenAnother')}
      </label>
      <div class="short-url-row">
        <input
          id="typed-url"
          ref={fieldRef}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellcheck={false}
          dir="ltr"
          placeholder="https://…"
          value={value}
          onInput={(event) => setValue(event.currentTarget.value)}
        />
        <button type="submit" class="secondary-button" disabled={busy}>
          {t('popupShorten')}
        </button>
      </div>
    </form>
  );
}
