// @vitest-environment happy-dom
// The popup as a person sees it, in three languages, against a fake connector:
// each state's words (the real ones, from public/_locales) and each control's
// call. The real connector (extension-connector.ts) is left to the e2e tests.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { deferred } from '../../test/support/deferred';
import { wordsIn } from '../../test/support/locale-catalogue';
import { untranslatedWords, wordsInAnotherScript } from '../../test/support/untranslated-text';
import type { BulkItem, BulkRun, BulkToPopup } from '../messages/bulk-port';
import type { MessageKey, Words } from '../platform/words';
import type { JobFailure } from '../storage/session/job-failure';
import { errorSentence } from '../ui/error-words';
import { FAKE_SHORT_URL, failedAnswer, fakePopupConnector, shortenedAnswer, type FakePopupConnector } from './fake-popup-connector';
import { firstWord, startFirstAttempt, type FirstAttempt } from './first-attempt';
import { PopupApp } from './popup-app';
import type { ShortenAnswer, ShortenRequest } from './popup-connector';

const TAB_URL = 'https://example.com/articles/2024/a-rather-long-title?ref=home';
const TYPED_URL = 'https://typed.example/Some-Page?Q=1';

/** A first attempt the test holds, on the tab at TAB_URL. */
function heldAttempt(answer: Promise<ShortenAnswer>): Promise<FirstAttempt> {
  const tab = { url: TAB_URL, private: false };
  return Promise.resolve({ tab, request: { url: TAB_URL, via: 'popup-tab', private: false, fresh: false }, answer });
}

/** The popup as main.tsx starts it, or with a first attempt the test holds. */
function renderPopup(connector: FakePopupConnector, firstAttempt: Promise<FirstAttempt> = startFirstAttempt(connector)) {
  return render(<PopupApp connector={connector} firstAttempt={firstAttempt} />);
}

/** Focus moves in an effect, which runs after the next frame: looked for often, as no DOM change announces it. */
function expectFocusOn(element: () => HTMLElement) {
  return waitFor(() => expect(document.activeElement).toBe(element()), { interval: 5 });
}

/** Preact has rendered what is pending and run its effects, which come after the next frame, then a task: that frame, then two tasks. */
function rendersSettled(): Promise<void> {
  return new Promise((done) => requestAnimationFrame(() => setTimeout(() => setTimeout(done))));
}

/** The error sentence, once the attempt has failed. */
function alert() {
  return screen.findByRole('alert');
}

afterEach(cleanup);

describe.each(['en', 'de', 'ar'])('the popup in %s', (language) => {
  const words = wordsIn(language);
  const { t } = words;

  /** In Arabic every word on screen is Arabic, but for addresses and the names given. */
  const expectNothingUntranslated = (names: string[] = []) => {
    expect(wordsInAnotherScript(document.body, language, [...names, 'HTML', 'QR'])).toEqual([]);
  };
  const button = (key: MessageKey) => screen.getByRole('button', { name: t(key) });
  const noButton = (key: MessageKey) => screen.queryByRole('button', { name: t(key) });
  const typedUrlField = () => screen.getByRole('textbox', { name: t('popupShortenAnother') });
  const typeAndSubmit = (url: string) => {
    fireEvent.input(typedUrlField(), { target: { value: url } });
    fireEvent.click(button('popupShorten'));
  };

  it('says it is shortening while the first attempt is under way, and shows the link once it is back', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    const answer = deferred<ShortenAnswer>();
    renderPopup(connector, heldAttempt(answer.promise));

    expect(screen.getByRole('status').textContent).toBe(t('popupShortening'));
    expect(button('popupShorten').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    expectNothingUntranslated();

    answer.resolve(shortenedAnswer(TAB_URL, false));
    expect(await screen.findByRole('textbox', { name: t('popupShortLinkLabel') })).toHaveProperty('value', FAKE_SHORT_URL);
    expect(screen.queryByText(t('popupShortening'))).toBeNull();
    expect(button('popupShorten').hasAttribute('disabled')).toBe(false);
  });

  it('an answer that comes while a link is being typed leaves the focus in the field; once a typed link is sent, its answer takes it', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    const answer = deferred<ShortenAnswer>();
    renderPopup(connector, heldAttempt(answer.promise));
    typedUrlField().focus();
    fireEvent.input(typedUrlField(), { target: { value: 'https://typed.exa' } });

    answer.resolve(shortenedAnswer(TAB_URL, false));
    await screen.findByRole('textbox', { name: t('popupShortLinkLabel') });
    // The result's focus is an effect.
    await rendersSettled();
    // Enter goes on to the field's own link, not to the tab's Copy.
    expect(document.activeElement).toBe(typedUrlField());

    typeAndSubmit(TYPED_URL);
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('textbox', { name: t('popupShortLinkLabel') }).value).not.toBe(''));
    await waitFor(() => expect(document.activeElement).toBe(button('popupCopy')));
  });

  it('while the link waits for the server\'s limit, counts down the seconds, then shows the link with no click', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    const { answer, started, report } = connector.holdShortening();
    renderPopup(connector);
    await started();
    // Only the clock and the countdown's tick are faked (testing-library's own waiting needs real timers).
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      report({ state: 'waiting', untilMs: Date.now() + 12_000, ahead: 0 });
      expect(screen.getByRole('timer').textContent).toBe(t('popupWaiting', words.seconds(12)));
      expect(document.activeElement).toBe(button('popupCancel'));
      // Read with why it waits: the timer itself is not announced.
      expect(button('popupCancel').getAttribute('aria-describedby')).toBe(screen.getByRole('timer').id);
      expect(button('popupShorten').hasAttribute('disabled')).toBe(true);
      expectNothingUntranslated();
      act(() => {
        vi.advanceTimersByTime(3_000);
      });
      expect(screen.getByRole('timer').textContent).toBe(t('popupWaiting', words.seconds(9)));
    } finally {
      vi.useRealTimers();
    }

    report({ state: 'sending' });
    expect(screen.getByRole('status').textContent).toBe(t('popupShortening'));
    answer.resolve(shortenedAnswer(TAB_URL, true));
    expect(await screen.findByRole('textbox', { name: t('popupShortLinkLabel') })).toHaveProperty('value', FAKE_SHORT_URL);
    await waitFor(() => expect(connector.copiedTexts()).toEqual([FAKE_SHORT_URL]));
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('a link behind others says how many are ahead; Cancel drops it and Retry offers it again', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    const { answer, started, report } = connector.holdShortening();
    connector.cancelShortening.mockImplementation(() => answer.resolve(failedAnswer({ kind: 'cancelled' })));
    renderPopup(connector);
    await started();
    report({ state: 'waiting', ahead: 3 });
    expect((await screen.findByRole('timer')).textContent).toBe(t('popupWaitingBehind', 3));
    expectNothingUntranslated();

    fireEvent.click(button('popupCancel'));
    expect(connector.cancelShortening).toHaveBeenCalledTimes(1);
    expect((await alert()).textContent).toBe(t('errorCancelled'));
    expect(connector.copiedTexts()).toEqual([]);
    fireEvent.click(button('popupRetry'));
    expect(await screen.findByRole('textbox', { name: t('popupShortLinkLabel') })).toHaveProperty('value', FAKE_SHORT_URL);
    expect(connector.shortenedUrls()).toEqual([TAB_URL, TAB_URL]);
  });

  it('Cancel pressed as its request went out: the link that still comes is shown, and not copied', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    const { answer, started, report } = connector.holdShortening();
    renderPopup(connector);
    await started();
    report({ state: 'waiting', ahead: 0, untilMs: Date.now() + 5_000 });
    fireEvent.click(await screen.findByRole('button', { name: t('popupCancel') }));
    // The worker could not call the request back: its link comes, auto-copy on.
    answer.resolve(shortenedAnswer(TAB_URL, true));
    expect(await screen.findByRole('textbox', { name: t('popupShortLinkLabel') })).toHaveProperty('value', FAKE_SHORT_URL);
    // A copy is asked for in the same turn as the link is set, before it is on screen (see the
    // auto-copy test below, which finds it copied as soon as it is shown): none now is none at all.
    expect(connector.copiedTexts()).toEqual([]);
  });

  it('shows the short link and copies it at once when auto-copy is on', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    renderPopup(connector);

    const shortUrl = await screen.findByRole('textbox', { name: t('popupShortLinkLabel') });
    expect(shortUrl).toHaveProperty('value', FAKE_SHORT_URL);
    expect(connector.shortenedUrls()).toEqual([TAB_URL]);
    expect(connector.copiedTexts()).toEqual([FAKE_SHORT_URL]);
    expect(screen.getByTestId('copy-status').textContent).toBe(t('popupCopied'));
    expect(screen.getByTestId('long-url').textContent).toBe(TAB_URL);
    screen.getByText(t('popupFrom'), { exact: false });
    // Copying again is one key press away.
    await expectFocusOn(() => button('popupCopy'));
    expectNothingUntranslated();
  });

  it('writes links left to right, whatever the language', async () => {
    renderPopup(fakePopupConnector(words, TAB_URL));

    expect((await screen.findByRole('textbox', { name: t('popupShortLinkLabel') })).getAttribute('dir')).toBe('ltr');
    expect(screen.getByTestId('long-url').getAttribute('dir')).toBe('ltr');
    expect(typedUrlField().getAttribute('dir')).toBe('ltr');
  });

  it('copies nothing until Copy is pressed when auto-copy is off', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    connector.shorten.mockResolvedValueOnce(shortenedAnswer(TAB_URL, false));
    renderPopup(connector);

    await screen.findByRole('textbox', { name: t('popupShortLinkLabel') });
    expect(connector.copy).not.toHaveBeenCalled();
    expect(screen.getByTestId('copy-status').textContent).toBe('');

    fireEvent.click(button('popupCopy'));
    expect(connector.copiedTexts()).toEqual([FAKE_SHORT_URL]);
    expect(await screen.findByText(t('popupCopied'))).toBe(screen.getByTestId('copy-status'));
    expectNothingUntranslated();
  });

  it('says when copying failed, and Copy tries again', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    connector.copy.mockResolvedValueOnce(false);
    renderPopup(connector);

    expect(await screen.findByText(t('popupCopyFailed'))).toBe(screen.getByTestId('copy-status'));
    expectNothingUntranslated();

    fireEvent.click(button('popupCopy'));
    expect(await screen.findByText(t('popupCopied'))).toBe(screen.getByTestId('copy-status'));
    expect(connector.copiedTexts()).toEqual([FAKE_SHORT_URL, FAKE_SHORT_URL]);
  });

  it('opens the settings from the header', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    renderPopup(connector);
    await screen.findByRole('textbox', { name: t('popupShortLinkLabel') });

    fireEvent.click(button('popupSettings'));
    expect(connector.openSettings).toHaveBeenCalledTimes(1);
  });

  it('Shorten on an empty field says so at the field, and the link on screen stays', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    renderPopup(connector);
    await screen.findByRole('textbox', { name: t('popupShortLinkLabel') });

    fireEvent.input(typedUrlField(), { target: { value: '   ' } });
    fireEvent.click(button('popupShorten'));
    expect(screen.getByRole('alert').textContent).toBe(t('errorEmptyUrl'));
    expect(typedUrlField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: t('popupShortLinkLabel') }).value).toBe(FAKE_SHORT_URL);
    expect(connector.shorten).toHaveBeenCalledTimes(1);
    expectNothingUntranslated();

    fireEvent.input(typedUrlField(), { target: { value: 'h' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes on Escape, wherever the focus is', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    renderPopup(connector);
    await screen.findByRole('textbox', { name: t('popupShortLinkLabel') });

    fireEvent.keyDown(typedUrlField(), { key: 'Enter' });
    expect(connector.close).not.toHaveBeenCalled();
    // An input method's Escape cancels what it composes, not the popup (and what is typed stays).
    fireEvent.keyDown(typedUrlField(), { key: 'Escape', isComposing: true });
    fireEvent.keyDown(typedUrlField(), { key: 'Escape', keyCode: 229 });
    expect(connector.close).not.toHaveBeenCalled();
    fireEvent.keyDown(typedUrlField(), { key: 'Escape' });
    expect(connector.close).toHaveBeenCalledTimes(1);
  });

  it('says why a link cannot be shortened, and offers the typed-URL field instead of Retry', async () => {
    const connector = fakePopupConnector(words, 'ftp://files.example/report.pdf');
    connector.shorten.mockResolvedValueOnce(failedAnswer({ kind: 'unsupported-scheme', scheme: 'ftp:' }));
    renderPopup(connector);

    const message = await alert();
    expect(message.textContent).toBe(t('errorOtherScheme', 'ftp:'));
    expect(message.dataset.errorKind).toBe('unsupported-scheme');
    await expectFocusOn(() => typedUrlField());
    expect(noButton('popupRetry')).toBeNull();
    expect(noButton('popupOpenSettings')).toBeNull();
    expectNothingUntranslated(['ftp:']);
  });

  it('says the tab cannot be read when the browser does not reveal its address, without asking the worker', async () => {
    const connector = fakePopupConnector(words, undefined);
    renderPopup(connector);

    const message = await alert();
    expect(message.textContent).toBe(t('popupUnreadableTab'));
    expect(message.dataset.errorKind).toBe('unreadable-tab');
    expect(connector.shorten).not.toHaveBeenCalled();
    await expectFocusOn(() => typedUrlField());
    expect(noButton('popupRetry')).toBeNull();
    expect(noButton('popupOpenSettings')).toBeNull();
    expectNothingUntranslated();
  });

  it('treats a failure to read the tab like an unreadable tab', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    connector.currentTab.mockRejectedValueOnce(new Error('No tab with id 7.'));
    renderPopup(connector);

    expect((await alert()).textContent).toBe(t('popupUnreadableTab'));
    expect(connector.shorten).not.toHaveBeenCalled();
  });

  it('shortens a typed link, with exactly the text typed', async () => {
    const connector = fakePopupConnector(words, undefined);
    renderPopup(connector);
    await alert();

    typeAndSubmit(TYPED_URL);
    await waitFor(() => expect(connector.shortenedUrls()).toEqual([TYPED_URL]));
    expect(await screen.findByRole('textbox', { name: t('popupShortLinkLabel') })).toHaveProperty('value', FAKE_SHORT_URL);
    expect(screen.getByTestId('long-url').textContent).toBe(TYPED_URL);
    expect(screen.queryByRole('alert')).toBeNull();
    expectNothingUntranslated();
  });

  it('retries a typed link, not the tab', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    renderPopup(connector);
    await screen.findByRole('textbox', { name: t('popupShortLinkLabel') });
    connector.shorten.mockResolvedValueOnce(failedAnswer({ kind: 'network', host: 'shrtnr.co' }));

    typeAndSubmit(TYPED_URL);
    expect((await alert()).textContent).toBe(t('errorNetwork', 'shrtnr.co'));
    fireEvent.click(button('popupRetry'));
    await waitFor(() => expect(connector.shortenedUrls()).toEqual([TAB_URL, TYPED_URL, TYPED_URL]));
    expect(await screen.findByRole('textbox', { name: t('popupShortLinkLabel') })).toHaveProperty('value', FAKE_SHORT_URL);
  });

  describe.each<{ error: JobFailure; sentence: () => string; names: string[]; retry: boolean }>([
    { error: { kind: 'no-token', blank: false }, sentence: () => t('errorNoToken'), names: [], retry: false },
    { error: { kind: 'unauthorized' }, sentence: () => t('errorUnauthorized'), names: [], retry: true },
    {
      error: { kind: 'token-for-other-server', tokenHost: 'shrtnr.co', serverHost: 'mirror.example' },
      sentence: () => t('errorTokenForOtherServer', 'shrtnr.co', 'mirror.example'),
      names: ['shrtnr.co', 'mirror.example'],
      retry: false,
    },
  ])('on a settings error ($error.kind)', ({ error, sentence, names, retry }) => {
    it('says what is wrong and offers the settings first', async () => {
      const connector = fakePopupConnector(words, TAB_URL);
      connector.shorten.mockResolvedValueOnce(failedAnswer(error));
      renderPopup(connector);

      const message = await alert();
      expect(message.textContent).toBe(sentence());
      expect(message.dataset.errorKind).toBe(error.kind);
      await expectFocusOn(() => button('popupOpenSettings'));
      expect(noButton('popupRetry') !== null).toBe(retry);
      expectNothingUntranslated(names);

      fireEvent.click(button('popupOpenSettings'));
      expect(connector.openSettings).toHaveBeenCalledTimes(1);
      expect(connector.shorten).toHaveBeenCalledTimes(1);
    });
  });

  describe.each<{ error: JobFailure; sentence: () => string; names: string[] }>([
    { error: { kind: 'network', host: 'shrtnr.co' }, sentence: () => t('errorNetwork', 'shrtnr.co'), names: ['shrtnr.co'] },
    {
      error: { kind: 'rate-limited', retryAfterSeconds: 30 },
      // The wait in the language's own words for seconds ("30 Sekunden", "30 ثانية").
      sentence: () => `${t('errorRateLimited')} ${t('rateLimitTryAgainIn', words.seconds(30))}`,
      names: [],
    },
    { error: { kind: 'timeout', timeoutMs: 10_000 }, sentence: () => t('errorTimeout', words.seconds(10)), names: [] },
    // Reached, its answer cut off: said as such, not as a network that is down.
    { error: { kind: 'network', host: 'shrtnr.co', answered: true }, sentence: () => t('errorAnswerCutOff', 'shrtnr.co'), names: ['shrtnr.co'] },
  ])('on a passing failure ($error.kind)', ({ error, sentence, names }) => {
    it('says what happened, and Retry shortens the same link again', async () => {
      const connector = fakePopupConnector(words, TAB_URL);
      connector.shorten.mockResolvedValueOnce(failedAnswer(error));
      renderPopup(connector);

      const message = await alert();
      expect(message.textContent).toBe(sentence());
      await expectFocusOn(() => button('popupRetry'));
      expect(noButton('popupOpenSettings')).toBeNull();
      expectNothingUntranslated(names);

      fireEvent.click(button('popupRetry'));
      expect(screen.getByRole('status').textContent).toBe(t('popupShortening'));
      await waitFor(() => expect(connector.shortenedUrls()).toEqual([TAB_URL, TAB_URL]));
      expect(await screen.findByRole('textbox', { name: t('popupShortLinkLabel') })).toHaveProperty('value', FAKE_SHORT_URL);
      expect(connector.copiedTexts()).toEqual([FAKE_SHORT_URL]);
    });
  });

  it.each(['unsafe-short-url', 'key-mismatch', 'wrong-shape', 'duplicate-keys'] as const)('on a successful answer the server would give again (%s): says so, and offers no Retry that would spend a credit on it', async (problem) => {
    const connector = fakePopupConnector(words, TAB_URL);
    connector.shorten.mockResolvedValueOnce(failedAnswer({ kind: 'bad-response', problem }));
    renderPopup(connector);
    expect((await alert()).dataset.errorKind).toBe('bad-response');
    expect(noButton('popupRetry')).toBeNull();
    expect(connector.shorten).toHaveBeenCalledTimes(1);
  });
});

it('the Arabic check finds an English message left in', async () => {
  const arabic = wordsIn('ar');
  const english = wordsIn('en');
  // As if `popupRetry` were missing from the Arabic catalogue: the browser would fall back to English.
  const leaky: Words = { ...arabic, t: (key, ...substitutions) => (key === 'popupRetry' ? english : arabic).t(key, ...substitutions) };
  const connector = fakePopupConnector(leaky, TAB_URL);
  connector.shorten.mockResolvedValueOnce(failedAnswer({ kind: 'network', host: 'shrtnr.co' }));
  renderPopup(connector);

  await alert();
  expect(untranslatedWords(document.body, ['shrtnr.co'])).toEqual(['Retry']);
});

it('the check of an English page finds an Arabic message left in', async () => {
  const arabic = wordsIn('ar');
  const english = wordsIn('en');
  // As if the English catalogue's `popupRetry` had been filled in from the Arabic one.
  const leaky: Words = { ...english, t: (key, ...substitutions) => (key === 'popupRetry' ? arabic : english).t(key, ...substitutions) };
  const connector = fakePopupConnector(leaky, TAB_URL);
  connector.shorten.mockResolvedValueOnce(failedAnswer({ kind: 'network', host: 'shrtnr.co' }));
  renderPopup(connector);

  await alert();
  expect(wordsInAnotherScript(document.body, 'en', ['shrtnr.co'])).toEqual(arabic.t('popupRetry').split(' '));
});

it('puts durations into each language’s own words', () => {
  // Guards the rate-limit and timeout cases above against a Words that ignores its language.
  expect(new Set(['en', 'de', 'ar'].map((language) => wordsIn(language).seconds(30))).size).toBe(3);
});

describe('answers that come back late', () => {
  const words = wordsIn('en');
  const { t } = words;
  const shortLink = () => screen.findByRole('textbox', { name: t('popupShortLinkLabel') });

  it('a copy that finishes after a new shortening began does not touch the new state', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    const copied = deferred<boolean>();
    connector.copy.mockReturnValueOnce(copied.promise);
    renderPopup(connector);
    await shortLink();
    const typedAnswer = deferred<ShortenAnswer>();
    connector.shorten.mockReturnValueOnce(typedAnswer.promise);
    fireEvent.input(screen.getByRole('textbox', { name: t('popupShortenAnother') }), { target: { value: TYPED_URL } });
    fireEvent.click(screen.getByRole('button', { name: t('popupShorten') }));
    expect(screen.getByRole('status').textContent).toBe(t('popupShortening'));

    copied.resolve(true);
    await copied.promise;
    await rendersSettled();
    // Still waiting for the typed link: the first link's copy did not bring it back.
    expect(screen.getByRole('status').textContent).toBe(t('popupShortening'));
    expect(screen.queryByRole('textbox', { name: t('popupShortLinkLabel') })).toBeNull();
  });
});

/** A history entry for the short code. */
function entry(code: string) {
  return { shortUrl: `https://shrtnr.co/${code}`, longUrl: `https://example.com/${code}`, server: 'https://shrtnr.co', createdAt: 1, via: 'menu-link' as const };
}

describe('history, formats and QR codes in the popup', () => {
  const words = wordsIn('en');
  const { t } = words;
  const shortLink = () => screen.findByRole('textbox', { name: t('popupShortLinkLabel') });
  const button = (key: MessageKey, ...substitutions: (string | number)[]) => screen.getByRole('button', { name: t(key, ...substitutions) });
  const fromHistoryAnswer = shortenedAnswer(TAB_URL, true, { fromHistory: true, used: 1 });

  it('shows an answer that came before the first render in that render, and says it came from history', () => {
    const connector = fakePopupConnector(words, TAB_URL);
    const request: ShortenRequest = { url: TAB_URL, via: 'popup-tab', private: false, fresh: false };
    const firstAttempt = Promise.resolve({ tab: { url: TAB_URL, private: false }, request, answer: Promise.resolve(fromHistoryAnswer) });
    render(<PopupApp connector={connector} firstAttempt={firstAttempt} ready={{ request, answer: fromHistoryAnswer }} />);

    // Synchronously, before any promise has settled: the first paint has it.
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: t('popupShortLinkLabel') }).value).toBe(FAKE_SHORT_URL);
    expect(screen.getByTestId('link-origin').textContent).toContain(t('linkFromHistory'));
  });

  it('renders at the worker’s first word: its answer, its first progress, or its silence for too long', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    const request: ShortenRequest = { url: TAB_URL, via: 'popup-tab', private: false, fresh: false };
    expect(await firstWord(startFirstAttempt(connector), 60_000)).toEqual({ request, answer: shortenedAnswer(TAB_URL, true) });
    // The link goes to the server: the first progress renders the spinner, long before any answer.
    connector.shorten.mockImplementationOnce((_request, report) => {
      report?.({ state: 'sending' });
      return new Promise(() => {});
    });
    expect(await firstWord(startFirstAttempt(connector), 60_000)).toBeUndefined();
    connector.shorten.mockReturnValueOnce(new Promise(() => {}));
    expect(await firstWord(startFirstAttempt(connector), 10)).toBeUndefined();
    expect(await firstWord(startFirstAttempt(fakePopupConnector(words, undefined)), 60_000)).toBeUndefined();
  });

  it('sends the tab’s title along, for history and the link formats', async () => {
    const connector = fakePopupConnector(words, TAB_URL, { title: 'An article' });
    renderPopup(connector);
    await shortLink();
    expect(connector.shorten.mock.calls.map(([request]) => request)).toEqual([{ url: TAB_URL, via: 'popup-tab', title: 'An article', private: false, fresh: false }]);
  });

  it('makes a new short link on request, skipping history', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    connector.shorten.mockResolvedValueOnce(fromHistoryAnswer);
    renderPopup(connector);
    await shortLink();
    connector.shorten.mockResolvedValueOnce(shortenedAnswer(TAB_URL, false, { shortUrl: 'https://shrtnr.co/New1', used: 1 }));

    fireEvent.click(button('popupNewLink'));

    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('textbox', { name: t('popupShortLinkLabel') }).value).toBe('https://shrtnr.co/New1'));
    expect(connector.shorten.mock.calls.map(([request]) => request.fresh)).toEqual([false, true]);
    expect(screen.getByTestId('link-origin').textContent).toBe(t('popupCreditsUsed', 1));
  });

  it('says nothing of credits when the server did not report them', async () => {
    renderPopup(fakePopupConnector(words, TAB_URL));
    await shortLink();
    expect(screen.queryByTestId('link-origin')).toBeNull();
  });

  it('names the tracking parameters taken off', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    connector.shorten.mockResolvedValueOnce(shortenedAnswer('https://example.com/a', true, { removedParams: ['utm_source', 'fbclid'] }));
    renderPopup(connector);
    await shortLink();
    expect(screen.getByTestId('removed-params').textContent).toBe(t('popupTrackingRemoved', 'utm_source, fbclid'));
  });

  it('says plainly when the address holds what looks like a secret, and who has it now', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    connector.shorten.mockResolvedValueOnce(shortenedAnswer('https://bank.example/reset?token=x&sig=y', true, { secretParams: ['token', 'sig'] }));
    renderPopup(connector);
    await shortLink();
    // Written out here, not built with the product's own words: the sentence a person reads.
    expect(screen.getByTestId('secret-params').textContent).toBe(
      'This address holds what looks like a secret (token, sig). It was sent to the Shrtnr server and your history keeps it, and anyone with the short link can open it.',
    );
    expect(connector.copy).toHaveBeenCalledTimes(1);
  });

  it('leaves history out of the secret\'s sentence when history keeps nothing (off, or a private window)', async () => {
    const connector = fakePopupConnector(words, TAB_URL, { private: true });
    connector.shorten.mockResolvedValueOnce(shortenedAnswer('https://bank.example/reset?token=x', true, { secretParams: ['token'] }));
    renderPopup(connector);
    await shortLink();
    expect(screen.getByTestId('secret-params').textContent).toBe(
      'This address holds what looks like a secret (token). It was sent to the Shrtnr server, and anyone with the short link can open it.',
    );
  });

  it('says nothing of secrets for an ordinary address', async () => {
    renderPopup(fakePopupConnector(words, TAB_URL));
    await shortLink();
    expect(screen.queryByTestId('secret-params')).toBeNull();
  });

  it('auto-copies in the chosen format, and copies in any format on demand', async () => {
    const connector = fakePopupConnector(words, TAB_URL, { title: 'A [great] page' });
    connector.shorten.mockImplementationOnce(async (request) => shortenedAnswer(request.url, true, { title: request.title }, 'rich'));
    renderPopup(connector);
    await shortLink();
    await waitFor(() => expect(connector.copy).toHaveBeenCalledTimes(1));
    expect(connector.copy.mock.calls[0]?.[0]).toEqual({ text: FAKE_SHORT_URL, html: `<a href="${FAKE_SHORT_URL}">A [great] page</a>` });

    fireEvent.click(screen.getByText(t('popupCopyAs')));
    fireEvent.click(button('copyFormatMarkdown'));
    await waitFor(() => expect(connector.copy).toHaveBeenCalledTimes(2));
    expect(connector.copy.mock.calls[1]?.[0]).toEqual({ text: `[A \\[great\\] page](${FAKE_SHORT_URL})` });

    fireEvent.click(button('popupCopy'));
    await waitFor(() => expect(connector.copy).toHaveBeenCalledTimes(3));
    expect(connector.copy.mock.calls[2]?.[0]).toHaveProperty('html');
  });

  it('lists the latest links but the one shown, each copyable, and opens the whole history', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    connector.recent.mockResolvedValue({ enabled: true, entries: [entry('Ab3d'), entry('one'), entry('two'), entry('three')] });
    renderPopup(connector);
    await shortLink();

    const copyOne = await screen.findByRole('button', { name: t('popupCopyRecent', 'https://shrtnr.co/one') });
    expect(screen.queryByRole('button', { name: t('popupCopyRecent', FAKE_SHORT_URL) })).toBeNull();
    screen.getByRole('button', { name: t('popupCopyRecent', 'https://shrtnr.co/three') });
    fireEvent.click(copyOne);
    await waitFor(() => expect(connector.copiedTexts()).toEqual([FAKE_SHORT_URL, 'https://shrtnr.co/one']));
    await waitFor(() => expect(screen.getByTestId('recent-status').textContent).toBe(t('historyCopied', 'https://shrtnr.co/one')));
    // The button keeps saying what it does.
    expect(copyOne.textContent).toBe(t('popupCopy'));

    fireEvent.click(button('popupAllHistory'));
    expect(connector.openHistory).toHaveBeenCalledTimes(1);
  });

  /** The tab's link shown, a recent link to copy by hand, and a typed link sent whose answer the test gives. */
  async function typedLinkOnItsWay() {
    const connector = fakePopupConnector(words, TAB_URL);
    connector.recent.mockResolvedValue({ enabled: true, entries: [entry('one')] });
    renderPopup(connector);
    await shortLink();
    const recentCopy = await screen.findByRole('button', { name: t('popupCopyRecent', 'https://shrtnr.co/one') });
    const typed = deferred<ShortenAnswer>();
    connector.shorten.mockReturnValueOnce(typed.promise);
    fireEvent.input(screen.getByRole('textbox', { name: t('popupShortenAnother') }), { target: { value: TYPED_URL } });
    fireEvent.click(button('popupShorten'));
    await screen.findByText(t('popupShortening'));
    return { connector, recentCopy, typed };
  }

  it('a link copied by hand while another was on its way stays on the clipboard: the other, when it comes, waits for Copy', async () => {
    const { connector, recentCopy, typed } = await typedLinkOnItsWay();

    fireEvent.click(recentCopy);
    await waitFor(() => expect(connector.copiedTexts()).toEqual([FAKE_SHORT_URL, 'https://shrtnr.co/one']));
    typed.resolve(shortenedAnswer(TYPED_URL, true, { shortUrl: 'https://shrtnr.co/Typed1' }));
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('textbox', { name: t('popupShortLinkLabel') }).value).toBe('https://shrtnr.co/Typed1'));
    fireEvent.click(button('popupCopy'));
    await waitFor(() => expect(connector.copiedTexts()).toEqual([FAKE_SHORT_URL, 'https://shrtnr.co/one', 'https://shrtnr.co/Typed1']));
  });

  it('a hand copy that failed does not stop the link on its way from being copied when it comes', async () => {
    const { connector, recentCopy, typed } = await typedLinkOnItsWay();

    connector.copy.mockResolvedValueOnce(false);
    fireEvent.click(recentCopy);
    await waitFor(() => expect(connector.copy).toHaveBeenCalledTimes(2));
    typed.resolve(shortenedAnswer(TYPED_URL, true, { shortUrl: 'https://shrtnr.co/Typed1' }));
    await waitFor(() => expect(connector.copy).toHaveBeenCalledTimes(3));
    expect(connector.copy.mock.calls[2]?.[0]).toMatchObject({ text: 'https://shrtnr.co/Typed1' });
  });

  it('says where the latest links will appear while history is empty, and that it is off when it is', async () => {
    renderPopup(fakePopupConnector(words, TAB_URL));
    await screen.findByText(t('popupRecentEmpty'));
    cleanup();
    const connector = fakePopupConnector(words, TAB_URL);
    connector.recent.mockResolvedValue({ enabled: false, entries: [] });
    renderPopup(connector);
    await screen.findByText(t('popupHistoryOff'));
  });

  it('records nothing from a private window: the request says so, for the tab and a typed link', async () => {
    const connector = fakePopupConnector(words, TAB_URL, { private: true });
    renderPopup(connector);
    await shortLink();
    fireEvent.input(screen.getByRole('textbox', { name: t('popupShortenAnother') }), { target: { value: TYPED_URL } });
    fireEvent.click(button('popupShorten'));

    await waitFor(() => expect(connector.shorten).toHaveBeenCalledTimes(2));
    expect(connector.shorten.mock.calls.map(([request]) => [request.via, request.private])).toEqual([
      ['popup-tab', true],
      ['popup-typed', true],
    ]);
  });

  it('records nothing typed in a private window whose tab hides its address: the window says it is private', async () => {
    const connector = fakePopupConnector(words, undefined, { private: true });
    renderPopup(connector);
    await alert();

    fireEvent.input(screen.getByRole('textbox', { name: t('popupShortenAnother') }), { target: { value: TYPED_URL } });
    fireEvent.click(button('popupShorten'));
    await waitFor(() => expect(connector.shorten).toHaveBeenCalledTimes(1));
    expect(connector.shorten.mock.calls[0]?.[0]).toMatchObject({ via: 'popup-typed', private: true });
  });

  it('records nothing typed when the window could not be read at all (it fails closed)', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    connector.currentTab.mockRejectedValueOnce(new Error('No window with id 7.'));
    renderPopup(connector);
    await alert();

    fireEvent.input(screen.getByRole('textbox', { name: t('popupShortenAnother') }), { target: { value: TYPED_URL } });
    fireEvent.click(button('popupShorten'));
    await waitFor(() => expect(connector.shorten).toHaveBeenCalledTimes(1));
    expect(connector.shorten.mock.calls[0]?.[0]).toMatchObject({ via: 'popup-typed', private: true });
  });

  it('shows and hides the QR code on request', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    renderPopup(connector);
    await shortLink();

    fireEvent.click(button('popupShowQr'));
    await screen.findByRole('img', { name: t('qrCodeLabel', FAKE_SHORT_URL) });
    fireEvent.click(button('popupHideQr'));
    expect(screen.queryByRole('img', { name: t('qrCodeLabel', FAKE_SHORT_URL) })).toBeNull();
  });
});

const run = (items: BulkItem[]): BulkRun => ({ id: 'run-1', windowId: 7, startedAt: 0, private: false, items });
// null: a tab with no title.
const item = (n: number, status: BulkItem['status'], title: string | null = `Page ${n}`): BulkItem => ({ url: `https://example.com/${n}`, ...(title === null ? {} : { title }), status });
const done = (n: number, fromHistory = false): BulkItem['status'] => ({ state: 'done', shortUrl: `https://s.test/${n}`, longUrl: `https://example.com/${n}`, fromHistory });
const queuedTabs = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => item(from + index, { state: 'queued' }));
const statuses = () => screen.getAllByTestId('bulk-item').map((row) => row.querySelector('.bulk-status')?.textContent);

describe.each(['en', 'ar'])('"Shorten all tabs" in the popup, in %s', (language) => {
  const words = wordsIn(language);
  const { t } = words;
  const button = (key: MessageKey) => screen.getByRole('button', { name: t(key) });

  /** The popup, with the worker's side of the run in the test's hands. */
  async function popupWithRun() {
    const connector = fakePopupConnector(words, TAB_URL);
    renderPopup(connector);
    await screen.findByRole('textbox', { name: t('popupShortLinkLabel') });
    await waitFor(() => expect(connector.watchBulk).toHaveBeenCalledTimes(1));
    const tell = (update: BulkToPopup) => connector.tellBulk(update);
    return { connector, tell };
  }

  it('asks for the permission from the click; refused, it says so and shortens nothing', async () => {
    const { connector } = await popupWithRun();
    connector.shortenAllTabs.mockResolvedValueOnce(false);
    fireEvent.click(button('popupBulkButton'));
    expect(connector.shortenAllTabs).toHaveBeenCalledTimes(1);
    expect((await screen.findByTestId('bulk-error')).textContent).toBe(t('bulkNeedsPermission'));
    expect(button('popupBulkButton').hasAttribute('disabled')).toBe(false);
    expect(screen.queryByTestId('bulk-item')).toBeNull();
  });

  it('beside it, "Shorten a list…" opens the list page (a page of its own)', async () => {
    const { connector } = await popupWithRun();
    fireEvent.click(button('listOpen'));
    expect(connector.openList).toHaveBeenCalledTimes(1);
    expect(connector.shortenAllTabs).not.toHaveBeenCalled();
  });

  it('shows each tab where it stands, with the wait for the server counted down, and cancels the rest', async () => {
    // The clock stands still: the countdown reads 4 seconds however long the machine takes to render.
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { connector, tell } = await popupWithRun();
    fireEvent.click(button('popupBulkButton'));
    tell({
      type: 'run',
      run: run([
        item(1, done(1)),
        item(2, done(2, true)),
        item(3, { state: 'sending' }),
        item(4, { state: 'waiting', ahead: 0, untilMs: Date.now() + 4_000 }),
        item(5, { state: 'queued' }),
        item(6, { state: 'skipped', skip: { reason: 'browser-page' } }, null),
        item(7, { state: 'skipped', skip: { reason: 'own-page' } }),
        item(8, { state: 'skipped', skip: { reason: 'duplicate', of: 1 } }),
        item(9, { state: 'skipped', skip: { reason: 'not-shortenable', error: { kind: 'credentials-in-url' } } }),
      ]),
    });
    await screen.findAllByTestId('bulk-item');
    expect(statuses()).toEqual([
      'https://s.test/1',
      `https://s.test/2 ${t('bulkFromHistory')}`,
      t('popupShortening'),
      t('bulkItemWaiting'),
      t('bulkItemWaiting'),
      t('bulkSkipBrowserPage'),
      t('bulkSkipOwnPage'),
      t('bulkSkipDuplicate', 1),
      t('bulkSkipped', errorSentence({ kind: 'credentials-in-url' }, words)),
    ]);
    // A tab with no title is named by its address.
    expect(screen.getAllByTestId('bulk-item')[5]?.querySelector('.bulk-title')?.textContent).toBe('https://example.com/6');
    expect(screen.getByTestId('bulk-progress').textContent).toContain(t('popupWaiting', words.seconds(4)));
    // A tab's link waiting for the network instead (offline, or the server gave no answer): that is what is said.
    tell({ type: 'run', run: run([item(1, done(1)), item(4, { state: 'waiting', ahead: 0, untilMs: Date.now() + 4_000 }), item(5, { state: 'waiting', ahead: 1, forNetwork: true })]) });
    await waitFor(() => expect(screen.getByTestId('bulk-progress').textContent).toContain(t('popupWaitingForNetwork')));
    expect(screen.getByTestId('bulk-progress').textContent).not.toContain(t('popupWaiting', words.seconds(4)));
    // The summary is read out at the end only.
    expect(screen.getByTestId('bulk-summary').textContent).toBe('');
    expect(screen.queryByRole('button', { name: t('bulkCopyLines') })).toBeNull();
    expect(wordsInAnotherScript(document.body, language, ['Shrtnr', 'Page', 'HTML', 'QR'])).toEqual([]);

    fireEvent.click(button('bulkCancel'));
    expect(connector.cancelBulk).toHaveBeenCalledTimes(1);
  });

  it('at the end, says what came of it and copies the links as lines, a Markdown list or CSV; Done forgets the run', async () => {
    const { connector, tell } = await popupWithRun();
    // The panel shown while the run goes on, so that its end is rendered inside `tell` (act), effects and all.
    tell({ type: 'run', run: run([item(1, { state: 'queued' })]) });
    await screen.findAllByTestId('bulk-item');
    tell({
      type: 'run',
      run: run([
        item(1, done(1)),
        item(2, { state: 'failed', error: { kind: 'cancelled' } }),
        item(3, { state: 'failed', error: { kind: 'server-error', status: 503 } }),
        item(4, done(4, true), 'Four, "quoted"'),
        item(5, { state: 'skipped', skip: { reason: 'browser-page' } }),
      ]),
    });
    await waitFor(() => expect(screen.getByTestId('bulk-summary').textContent).toBe(`${t('bulkSummaryMade', 2, 4)} · ${t('bulkSummarySkipped', 1)} · ${t('bulkSummaryFailed', 2)}`));
    expect(statuses().slice(1, 3)).toEqual([t('bulkItemCancelled'), t('bulkFailed', errorSentence({ kind: 'server-error', status: 503 }, words))]);
    expect(screen.queryByRole('button', { name: t('bulkCancel') })).toBeNull();
    // The link's Copy button keeps the focus the popup gave it: the run's end (its effects run within `tell`) does not take it.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: t('popupCopy'), exact: true }));

    fireEvent.click(button('bulkCopyLines'));
    fireEvent.click(button('bulkCopyMarkdown'));
    fireEvent.click(button('bulkCopyCsv'));
    await waitFor(() => expect(connector.copiedTexts().slice(-3)).toEqual([
      'https://s.test/1\nhttps://s.test/4\n',
      '- [Page 1](https://s.test/1)\n- [Four, "quoted"](https://s.test/4)\n',
      'title,long_url,short_url\r\nPage 1,https://example.com/1,https://s.test/1\r\n"Four, ""quoted""",https://example.com/4,https://s.test/4\r\n',
    ]));
    await screen.findByText(t('bulkCopied', 2));

    connector.copy.mockResolvedValueOnce(false);
    fireEvent.click(button('bulkCopyCsv'));
    await screen.findByText(t('popupCopyFailed'));

    fireEvent.click(button('bulkDone'));
    expect(connector.dismissBulk).toHaveBeenCalledTimes(1);
    tell({ type: 'run', run: undefined });
    button('popupBulkButton');
    expect(screen.queryByTestId('bulk-item')).toBeNull();
  });

  it('with no link made, offers no copy, only Done', async () => {
    const { tell } = await popupWithRun();
    tell({ type: 'run', run: run([item(1, { state: 'skipped', skip: { reason: 'own-page' } })]) });
    await screen.findByRole('button', { name: t('bulkDone') });
    expect(screen.queryByRole('button', { name: t('bulkCopyLines') })).toBeNull();
  });

  it('started from its button, the run takes the focus: Cancel while it runs, then the first way to copy', async () => {
    const { tell } = await popupWithRun();
    // As from the keyboard: the button has the focus, and goes when the run comes.
    button('popupBulkButton').focus();
    fireEvent.click(button('popupBulkButton'));
    tell({ type: 'run', run: run([item(1, { state: 'queued' }), item(2, done(2))]) });
    await expectFocusOn(() => button('bulkCancel'));
    tell({ type: 'run', run: run([item(1, done(1)), item(2, done(2))]) });
    await expectFocusOn(() => button('bulkCopyLines'));
  });

  it('a run that ends with no link made puts the focus on Done, when the focus was in the run', async () => {
    const { tell } = await popupWithRun();
    // As from the keyboard: the button has the focus, and goes when the run comes.
    button('popupBulkButton').focus();
    fireEvent.click(button('popupBulkButton'));
    tell({ type: 'run', run: run([item(1, { state: 'queued' })]) });
    await expectFocusOn(() => button('bulkCancel'));
    tell({ type: 'run', run: run([item(1, { state: 'failed', error: { kind: 'cancelled' } })]) });
    await expectFocusOn(() => button('bulkDone'));
  });

  it("says up front how long the run takes at the server's pace, and how long is left as links come", async () => {
    const { tell } = await popupWithRun();
    const pace = { limit: 60, windowMs: 60_000 };
    tell({ type: 'run', run: { ...run(queuedTabs(1, 312)), pace } });
    expect((await screen.findByTestId('bulk-pace')).textContent).toBe(t('bulkPace', 312, 60, words.minutes(5)));
    tell({ type: 'run', run: { ...run([...Array.from({ length: 250 }, (_, index) => item(index + 1, done(index + 1))), ...queuedTabs(251, 312)]), pace } });
    await waitFor(() => expect(screen.getByTestId('bulk-pace').textContent).toBe(t('bulkPace', 62, 60, words.minutes(1))));
    // What is left fits in the window under way: nothing to say beyond the progress.
    tell({ type: 'run', run: { ...run([...Array.from({ length: 300 }, (_, index) => item(index + 1, done(index + 1))), ...queuedTabs(301, 312)]), pace } });
    await waitFor(() => expect(screen.queryByTestId('bulk-pace')).toBeNull());
  });

  it('says a window has more tabs than one run can keep track of, and how many would fit', async () => {
    const { tell } = await popupWithRun();
    fireEvent.click(button('popupBulkButton'));
    tell({ type: 'not-started', error: { kind: 'run-too-large', tabs: 12_000, most: 5_200 } });
    expect((await screen.findByTestId('bulk-error')).textContent).toBe(t('bulkTooLarge', 12_000, 5_200));
    expect(screen.queryAllByRole('button', { name: t('popupOpenSettings') }).filter((candidate) => candidate.closest('.bulk-start'))).toEqual([]);
  });

  it('says why a run could not start, and offers the settings when they are the cause', async () => {
    const { connector, tell } = await popupWithRun();
    fireEvent.click(button('popupBulkButton'));
    tell({ type: 'not-started', error: { kind: 'no-token', blank: false } });
    expect((await screen.findByTestId('bulk-error')).textContent).toBe(errorSentence({ kind: 'no-token', blank: false }, words));
    const settingsButtons = screen.getAllByRole('button', { name: t('popupOpenSettings') });
    const fromBulk = settingsButtons.at(-1);
    if (fromBulk === undefined) throw new Error('No settings button.');
    fireEvent.click(fromBulk);
    expect(connector.openSettings).toHaveBeenCalled();
  });
});
