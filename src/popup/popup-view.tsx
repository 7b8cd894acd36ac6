import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { useWords } from '../ui/words-context';
import { canRetry, needsSettings, popupErrorSentence, wantsTypedUrl, type PopupState } from './popup-state';

export interface PopupViewProps {
  state: PopupState;
  onCopy(): void;
  onRetry(): void;
  onShortenTyped(url: string): void;
  onOpenSettings(): void;
}

/** The popup's whole UI; plain Preact with no browser calls, wired up by popup-app.tsx. */
export function PopupView({ state, onCopy, onRetry, onShortenTyped, onOpenSettings }: PopupViewProps) {
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
      <section class="result" aria-busy={state.phase === 'loading'}>
        {state.phase === 'loading' && <Loading />}
        {state.phase === 'shortened' && <Shortened state={state} onCopy={onCopy} />}
        {state.phase === 'failed' && (
          <Failed state={state} onRetry={onRetry} onOpenSettings={onOpenSettings} focusUrlField={focusUrlField} urlFieldRef={urlFieldRef} />
        )}
      </section>
      <UrlForm fieldRef={urlFieldRef} onSubmit={onShortenTyped} busy={state.phase === 'loading'} />
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

function Shortened({ state, onCopy }: { state: Extract<PopupState, { phase: 'shortened' }>; onCopy(): void }) {
  const copyRef = useRef<HTMLButtonElement>(null);
  const { t } = useWords();
  useLayoutEffect(() => {
    performance.mark('shrtnr:popup-short-url-shown');
  }, [state.shortUrl]);
  useEffect(() => copyRef.current?.focus(), [state.shortUrl]);
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
          value={state.shortUrl}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" ref={copyRef} class="primary-button" onClick={onCopy}>
          {t('popupCopy')}
        </button>
      </div>
      <p class="copy-status" role="status" data-testid="copy-status">
        {state.copy === 'copied' && t('popupCopied')}
        {state.copy === 'failed' && t('popupCopyFailed')}
      </p>
      <p class="long-url" title={state.longUrl}>
        {t('popupFrom')}{' '}
        <span data-testid="long-url" dir="ltr">
          {state.longUrl}
        </span>
      </p>
    </div>
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
