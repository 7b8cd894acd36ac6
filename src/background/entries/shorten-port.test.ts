import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShortenAnswer } from '../../shortening/shortening';

vi.mock('../../platform/browser', () => ({ browser: { runtime: { id: 'own-id', getURL: (path: string) => `chrome-extension://own-id/${path}` } } }));
const answers: { resolve(answer: ShortenAnswer): void }[] = [];
vi.mock('../service/shortening-service', () => ({
  shorten: (_request: unknown, asker: { onQueued?(id: string): void }) => {
    asker.onQueued?.('job:1');
    return new Promise<ShortenAnswer>((resolve) => answers.push({ resolve }));
  },
  cancelJob: vi.fn(() => false),
  unwatchJob: vi.fn(),
}));
vi.mock('../delivery/deliver', () => ({ finishedForNobody: vi.fn(async () => undefined) }));
vi.mock('../delivery/clipboard-rule', () => ({ clickNow: () => ({ queuedAt: Date.now(), clickOrder: 1 }), pageCopies: vi.fn() }));

/** A runtime port as the popup's end of it would drive it. */
function fakePort() {
  const onMessage: ((message: unknown) => void)[] = [];
  const onDisconnect: (() => void)[] = [];
  const posted: unknown[] = [];
  return {
    port: {
      name: 'shorten',
      sender: { id: 'own-id', url: 'chrome-extension://own-id/src/popup/index.html' },
      postMessage: (message: unknown) => posted.push(message),
      onMessage: { addListener: (listener: (message: unknown) => void) => onMessage.push(listener) },
      onDisconnect: { addListener: (listener: () => void) => onDisconnect.push(listener) },
    },
    send: (message: unknown) => onMessage.forEach((listener) => listener(message)),
    disconnect: () => onDisconnect.forEach((listener) => listener()),
    posted,
  };
}

const request = { url: 'https://example.com/', via: 'popup-tab', private: false, fresh: false };
const link: ShortenAnswer = { result: { ok: true, value: { shortUrl: 'https://s.test/a', longUrl: 'https://example.com/', used: 1, fromHistory: false, removedParams: [], secretParams: [] } }, autoCopy: true, copyFormat: 'plain' };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  answers.length = 0;
  vi.clearAllMocks();
});

describe("the popup's shortening port", () => {
  it('a link that comes after Cancel (its request was under way) is given to the popup, but not counted as copied by it', async () => {
    const { onShortenPort } = await import('./shorten-port');
    const { pageCopies } = await import('../delivery/clipboard-rule');
    const popup = fakePort();
    onShortenPort(popup.port as never);
    popup.send({ type: 'shorten', request });
    await settle();
    popup.send({ type: 'cancel' });
    answers[0]?.resolve(link);
    await settle();
    expect(popup.posted).toEqual([{ type: 'answer', answer: link }]);
    expect(pageCopies).not.toHaveBeenCalled();
  });

  it('without Cancel, the popup copies it: the worker counts that copy', async () => {
    const { onShortenPort } = await import('./shorten-port');
    const { pageCopies } = await import('../delivery/clipboard-rule');
    const popup = fakePort();
    onShortenPort(popup.port as never);
    popup.send({ type: 'shorten', request });
    answers[0]?.resolve(link);
    await settle();
    expect(pageCopies).toHaveBeenCalledTimes(1);
  });

  it('a popup closed after Cancel gets no offer of the link by notification; one closed without Cancel does', async () => {
    const { onShortenPort } = await import('./shorten-port');
    const { finishedForNobody } = await import('../delivery/deliver');
    const cancelled = fakePort();
    onShortenPort(cancelled.port as never);
    cancelled.send({ type: 'shorten', request });
    await settle();
    cancelled.send({ type: 'cancel' });
    cancelled.disconnect();
    answers[0]?.resolve(link);
    await settle();
    expect(finishedForNobody).not.toHaveBeenCalled();

    const closed = fakePort();
    onShortenPort(closed.port as never);
    closed.send({ type: 'shorten', request });
    await settle();
    closed.disconnect();
    answers[1]?.resolve(link);
    await settle();
    expect(finishedForNobody).toHaveBeenCalledWith(link);
  });
});
