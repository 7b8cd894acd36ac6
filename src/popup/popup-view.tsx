import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { isInputError, isSettingsError } from '../api/errors';
import type { PopupState } from './popup-state';

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
  // A link that cannot be shortened (the tab's or a typed one): focus the field, to type or fix one.
  const wantsTypedUrl = state.phase === 'failed' && isInputError(state.error);
  return (
    <main class="popup">
      <header class="popup-header">
        <img src="/icons/icon-32.png" alt="" width={20} height={20} />
        <h1>Shrtnr</h1>
        <button type="button" class="quiet-button" onClick={onOpenSettings}>
          Settings
        </button>
      </header>
      <section class="result" aria-busy={state.phase === 'loading'}>
        {state.phase === 'loading' && <Loading />}
        {state.phase === 'shortened' && <Shortened state={state} onCopy={onCopy} />}
        {state.phase === 'failed' && (
          <Failed state={state} onRetry={onRetry} onOpenSettings={onOpenSettings} focusUrlField={wantsTypedUrl} urlFieldRef={urlFieldRef} />
        )}
      </section>
      <UrlForm fieldRef={urlFieldRef} onSubmit={onShortenTyped} busy={state.phase === 'loading'} />
    </main>
  );
}

function Loading() {
  return (
    <div class="loading" role="status">
      <span class="spinner" aria-hidden="true" />
      Shortening…
    </div>
  );
}

function Shortened({ state, onCopy }: { state: Extract<PopupState, { phase: 'shortened' }>; onCopy(): void }) {
  const copyRef = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    performance.mark('shrtnr:popup-short-url-shown');
  }, [state.shortUrl]);
  useEffect(() => copyRef.current?.focus(), [state.shortUrl]);
  return (
    <div class="shortened">
      <label class="field-label" for="short-url">
        Short link
      </label>
      <div class="short-url-row">
        <input
          id="short-url"
          class="short-url"
          data-testid="short-url"
          readOnly
          value={state.shortUrl}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" ref={copyRef} class="primary-button" onClick={onCopy}>
          Copy
        </button>
      </div>
      <p class="copy-status" role="status" data-testid="copy-status">
        {state.copy === 'copied' && 'Copied to the clipboard'}
        {state.copy === 'failed' && 'Could not copy automatically. Press Copy, or select the link and copy it.'}
      </p>
      <p class="long-url" title={state.longUrl}>
        From <span data-testid="long-url">{state.longUrl}</span>
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
  const { error } = state;
  const needsSettings = isSettingsError(error);
  // Retrying cannot fix a bad URL or a missing token; it can fix everything else.
  const canRetry = !isInputError(error) && error.kind !== 'no-token' && error.kind !== 'malformed-token';
  useEffect(() => {
    if (focusUrlField) urlFieldRef.current?.focus();
    else actionRef.current?.focus();
  }, [state]);
  return (
    <div class="failed">
      <p class="error-message" role="alert" data-testid="error-message" data-error-kind={error.kind}>
        {error.message}
      </p>
      <div class="actions">
        {needsSettings && (
          <button type="button" ref={actionRef} class="primary-button" onClick={onOpenSettings}>
            Open settings
          </button>
        )}
        {canRetry && (
          <button type="button" ref={needsSettings ? undefined : actionRef} class={needsSettings ? 'secondary-button' : 'primary-button'} onClick={onRetry}>
            Retry
          </button>
        )}
      </div>
    </div>
  );
}

function UrlForm({ fieldRef, onSubmit, busy }: { fieldRef: { current: HTMLInputElement | null }; onSubmit(url: string): void; busy: boolean }) {
  const [value, setValue] = useState('');
  return (
    <form
      class="url-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(value);
      }}
    >
      <label class="field-label" for="typed-url">
        Shorten another link
      </label>
      <div class="short-url-row">
        <input
          id="typed-url"
          ref={fieldRef}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellcheck={false}
          placeholder="https://…"
          value={value}
          onInput={(event) => setValue(event.currentTarget.value)}
        />
        <button type="submit" class="secondary-button" disabled={busy}>
          Shorten
        </button>
      </div>
    </form>
  );
}
