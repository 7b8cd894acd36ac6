import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Result, ShortenedUrl, ShrtnrError } from '../api';
import type { PopupConnector } from './popup-connector';
import { unreadableTabError, type PopupState, type UrlSource } from './popup-state';
import { PopupView } from './popup-view';

export interface FirstAttempt {
  url: string | undefined;
  result: Promise<Result<ShortenedUrl, ShrtnrError>> | undefined;
  autoCopy: Promise<boolean>;
}

/** Starts shortening the current tab before anything renders, to save the popup's first frames. */
export function startFirstAttempt(connector: PopupConnector): Promise<FirstAttempt> {
  const autoCopy = connector.autoCopyEnabled();
  return connector.currentTabUrl().then((url) => ({ url, result: url === undefined ? undefined : connector.shorten(url), autoCopy }));
}

export function PopupApp({ connector, firstAttempt }: { connector: PopupConnector; firstAttempt: Promise<FirstAttempt> }) {
  const [state, setState] = useState<PopupState>({ phase: 'loading', source: 'tab' });

  const settle = useCallback(
    async (url: string, source: UrlSource, pending: Promise<Result<ShortenedUrl, ShrtnrError>>, autoCopy: Promise<boolean>) => {
      const result = await pending;
      if (!result.ok) {
        setState({ phase: 'failed', error: result.error, attemptedUrl: url, source });
        return;
      }
      const { shortUrl, longUrl } = result.value;
      const copy = (await autoCopy) ? ((await connector.copy(shortUrl)) ? 'copied' : 'failed') : 'manual';
      setState({ phase: 'shortened', shortUrl, longUrl, copy });
    },
    [connector],
  );

  const shortenNow = useCallback(
    (url: string, source: UrlSource) => {
      setState({ phase: 'loading', source });
      void settle(url, source, connector.shorten(url), connector.autoCopyEnabled());
    },
    [connector, settle],
  );

  useEffect(() => {
    void firstAttempt.then(({ url, result, autoCopy }) => {
      if (url === undefined || result === undefined) {
        setState({ phase: 'failed', error: unreadableTabError, attemptedUrl: '', source: 'tab' });
        return;
      }
      void settle(url, 'tab', result, autoCopy);
    });
  }, [firstAttempt, settle]);

  const onCopy = useCallback(async () => {
    if (state.phase !== 'shortened') return;
    const copied = await connector.copy(state.shortUrl);
    setState({ ...state, copy: copied ? 'copied' : 'failed' });
  }, [connector, state]);

  return (
    <PopupView
      state={state}
      onCopy={() => void onCopy()}
      onRetry={() => state.phase === 'failed' && shortenNow(state.attemptedUrl, state.source)}
      onShortenTyped={(url) => shortenNow(url, 'typed')}
      onOpenSettings={() => connector.openSettings()}
    />
  );
}
