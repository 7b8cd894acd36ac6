import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { PopupConnector, ShortenAnswer } from './popup-connector';
import type { CopyStatus, PopupState, UrlSource } from './popup-state';
import { PopupView } from './popup-view';
import { WordsContext } from '../ui/words-context';

export interface FirstAttempt {
  url: string | undefined;
  answer: Promise<ShortenAnswer> | undefined;
}

/** Starts shortening the current tab before anything renders, to save the popup's first frames. */
export function startFirstAttempt(connector: PopupConnector): Promise<FirstAttempt> {
  return connector.currentTabUrl().then(
    (url) => ({ url, answer: url === undefined ? undefined : connector.shorten(url) }),
    () => ({ url: undefined, answer: undefined }),
  );
}

/** Copies the link and says how that went; the mark is what `npm run bench` reads. */
async function copyShortUrl(connector: PopupConnector, shortUrl: string): Promise<CopyStatus> {
  const copied = await connector.copy(shortUrl);
  if (copied) performance.mark('shrtnr:popup-copied');
  return copied ? 'copied' : 'failed';
}

export function PopupApp({ connector, firstAttempt }: { connector: PopupConnector; firstAttempt: Promise<FirstAttempt> }) {
  const [state, setState] = useState<PopupState>({ phase: 'loading', source: 'tab' });
  // Which shortening the screen belongs to: an answer (or a copy) that comes
  // back after the user started another one must not overwrite it.
  const attempt = useRef(0);

  const settle = useCallback(
    async (url: string, source: UrlSource, pending: Promise<ShortenAnswer>) => {
      const mine = attempt.current;
      const { result, autoCopy } = await pending;
      if (mine !== attempt.current) return;
      if (!result.ok) {
        setState({ phase: 'failed', error: result.error, attemptedUrl: url, source });
        return;
      }
      const { shortUrl, longUrl } = result.value;
      // Shown first, copied next: the user sees the link without waiting for the clipboard.
      setState({ phase: 'shortened', shortUrl, longUrl, copy: 'manual' });
      if (!autoCopy) return;
      const copy = await copyShortUrl(connector, shortUrl);
      setState((current) => (current.phase === 'shortened' && current.shortUrl === shortUrl ? { ...current, copy } : current));
    },
    [connector],
  );

  const shortenNow = useCallback(
    (url: string, source: UrlSource) => {
      attempt.current += 1;
      setState({ phase: 'loading', source });
      void settle(url, source, connector.shorten(url));
    },
    [connector, settle],
  );

  useEffect(() => {
    const mine = attempt.current;
    void firstAttempt.then(({ url, answer }) => {
      // The user typed a link before the tab's answer came: theirs wins.
      if (mine !== attempt.current) return;
      if (url === undefined || answer === undefined) {
        setState({ phase: 'failed', error: { kind: 'unreadable-tab' }, attemptedUrl: '', source: 'tab' });
        return;
      }
      void settle(url, 'tab', answer);
    });
  }, [firstAttempt, settle]);

  // Escape closes the popup, wherever the focus is. Browsers do so for their own
  // popups, but headless Chromium's does not, and a keyboard user needs a sure way out.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') connector.close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [connector]);

  const onCopy = useCallback(async () => {
    if (state.phase !== 'shortened') return;
    const { shortUrl } = state;
    const copy = await copyShortUrl(connector, shortUrl);
    setState((current) => (current.phase === 'shortened' && current.shortUrl === shortUrl ? { ...current, copy } : current));
  }, [connector, state]);

  return (
    <WordsContext.Provider value={connector.words}>
    <PopupView
      state={state}
      onCopy={() => void onCopy()}
      onRetry={() => state.phase === 'failed' && shortenNow(state.attemptedUrl, state.source)}
      onShortenTyped={(url) => shortenNow(url, 'typed')}
      onOpenSettings={() => connector.openSettings()}
    />
    </WordsContext.Provider>
  );
}
