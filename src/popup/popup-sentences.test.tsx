// @vitest-environment happy-dom
// The popup's key states in five languages, each sentence expected as a
// person reads it (test/support/sentences.ts, written by hand): a wrong number
// format, plural or right-to-left isolation in the product fails here, where
// a test building its expectation with the product's own words would pass.
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wordsIn } from '../../test/support/locale-catalogue';
import { MORE_SENTENCES, NETWORK_HOST, SENTENCES, SERVER_REASON, type SentenceKey } from '../../test/support/sentences';
import type { JobFailure } from '../storage/session/job-failure';
import { failedAnswer, fakePopupConnector, shortenedAnswer } from './fake-popup-connector';
import { startFirstAttempt } from './first-attempt';
import { PopupApp } from './popup-app';

const TAB_URL = 'https://example.com/article';

// The clock stands still: a wait set 12 s ahead reads 12 seconds however long a busy machine takes to render it.
beforeEach(() => {
  vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderPopup(language: string) {
  const connector = fakePopupConnector(wordsIn(language), TAB_URL);
  render(<PopupApp connector={connector} firstAttempt={startFirstAttempt(connector)} />);
  return connector;
}

const FAILURES: [SentenceKey, JobFailure][] = [
  ['networkShortExample', { kind: 'network', host: NETWORK_HOST }],
  ['networkWaited2', { kind: 'network', host: NETWORK_HOST, waitedSeconds: 120 }],
  ['unauthorized', { kind: 'unauthorized' }],
  ['forbidden', { kind: 'forbidden' }],
  ['rejectedWithReason', { kind: 'rejected-url', reason: SERVER_REASON }],
  ['rateLimited60Retry30', { kind: 'rate-limited', limit: 60, retryAfterSeconds: 30 }],
  ['timeout10', { kind: 'timeout', timeoutMs: 10_000 }],
  ['noToken', { kind: 'no-token', blank: false }],
  ['tokenForMirror', { kind: 'token-for-other-server', tokenHost: 'shrtnr.co', serverHost: 'mirror.example' }],
  ['browserPageChrome', { kind: 'unsupported-scheme', scheme: 'chrome:' }],
  ['browserPageAbout', { kind: 'unsupported-scheme', scheme: 'about:' }],
  ['tooLong2100', { kind: 'url-too-long', length: 2100, limit: 2048 }],
  ['gaveUp8', { kind: 'gave-up', attempts: 8 }],
];

describe.each(['en', 'de', 'ar'] as const)('the popup says, in %s', (language) => {
  const sentence = SENTENCES[language];

  it('that the link was copied, and where it came from and what it cost', async () => {
    const connector = renderPopup(language);
    connector.shorten.mockResolvedValueOnce(shortenedAnswer(TAB_URL, true, { used: 2 }));
    expect(await screen.findByText(sentence.copied)).toBe(screen.getByTestId('copy-status'));
    expect(screen.getByTestId('link-origin').textContent).toBe(sentence.creditsUsed2);
  });

  it('that a link came from history', async () => {
    const connector = renderPopup(language);
    connector.shorten.mockResolvedValueOnce(shortenedAnswer(TAB_URL, true, { fromHistory: true, used: 1 }));
    await screen.findByText(sentence.copied);
    // The sentence, then the button that makes a new link.
    expect(screen.getByTestId('link-origin').firstChild?.textContent).toBe(sentence.fromHistory);
  });

  it('how long a link waits for the limit, counting down, and how many are ahead', async () => {
    const connector = renderPopup(language);
    const held = connector.holdShortening();
    await held.started();
    await held.report({ state: 'waiting', ahead: 0, untilMs: Date.now() + 12_000 });
    expect((await screen.findByRole('timer')).textContent).toBe(sentence.waiting12);
    await held.report({ state: 'waiting', ahead: 0, untilMs: Date.now() + 1_000 });
    expect(screen.getByRole('timer').textContent).toBe(sentence.waiting1);
    await held.report({ state: 'waiting', ahead: 3 });
    expect(screen.getByRole('timer').textContent).toBe(sentence.behind3);
    // The network down (the browser offline, or the server not answering): no countdown.
    await held.report({ state: 'waiting', ahead: 0, forNetwork: true });
    expect(screen.getByRole('timer').textContent).toBe(sentence.waitingForNetwork);
  });

  it.each(FAILURES)('what went wrong: %s', async (key, error) => {
    const connector = renderPopup(language);
    connector.shorten.mockResolvedValueOnce(failedAnswer(error));
    expect((await screen.findByRole('alert')).textContent).toBe(sentence[key]);
  });
});

describe.each(['fr', 'es'] as const)('the popup says, in %s too', (language) => {
  const sentence = MORE_SENTENCES[language];

  it('that the link was copied, how long it waits, and a number in its own format', async () => {
    const waiting = renderPopup(language);
    const held = waiting.holdShortening();
    await held.started();
    await held.report({ state: 'waiting', ahead: 0, untilMs: Date.now() + 12_000 });
    expect((await screen.findByRole('timer')).textContent).toBe(sentence.waiting12);
    held.answer.resolve(shortenedAnswer(TAB_URL, true));
    expect(await screen.findByText(sentence.copied)).toBe(screen.getByTestId('copy-status'));
    cleanup();

    const tooLong = renderPopup(language);
    tooLong.shorten.mockResolvedValueOnce(failedAnswer({ kind: 'url-too-long', length: 2100, limit: 2048 }));
    expect((await screen.findByRole('alert')).textContent).toBe(sentence.tooLong2100);
  });
});
