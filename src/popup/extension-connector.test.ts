// @vitest-environment happy-dom
// The popup's real connector against a fake browser, the test playing the worker: each port's
// messages both ways (a worker's message the port does not know is dropped), what the popup makes
// of a worker that goes away or cannot be reached, and the fallbacks of its messages. The views
// meet a fake connector (fake-popup-connector.ts); the built popup is the e2e tests' (test/e2e/popup.test.ts).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EXTENSION_ID, EXTENSION_ORIGIN, messageBus } from '../../test/support/message-bus';
import type { ShortenAnswer, ShortenRequest } from './popup-connector';

/** The worker's end of a port the popup opened. */
interface WorkerEnd {
  name: string;
  /** What the popup posted. */
  received: unknown[];
  disconnected: boolean;
  send(message: unknown): void;
  /** The worker goes away, the browser giving this reason (runtime.lastError) or none. */
  goAway(reason?: string): void;
}

const bus = messageBus();
const ports: WorkerEnd[] = [];
const runtime = {
  ...bus.runtime,
  lastError: undefined as { message: string } | undefined,
  connect: vi.fn(({ name }: { name: string }) => {
    const heard: ((message: unknown) => void)[] = [];
    const gone: (() => void)[] = [];
    const end: WorkerEnd = {
      name,
      received: [],
      disconnected: false,
      send: (message) => heard.forEach((listener) => listener(structuredClone(message))),
      goAway(reason) {
        runtime.lastError = reason === undefined ? undefined : { message: reason };
        gone.forEach((listener) => listener());
        runtime.lastError = undefined;
      },
    };
    ports.push(end);
    return {
      name,
      postMessage: (message: unknown) => end.received.push(structuredClone(message)),
      onMessage: { addListener: (listener: (message: unknown) => void) => heard.push(listener) },
      onDisconnect: { addListener: (listener: () => void) => gone.push(listener) },
      disconnect: () => void (end.disconnected = true),
    };
  }),
};
const permissionGiven = vi.fn(async () => true);
const tabCreated = vi.fn(async (properties: { url: string }) => ({ id: 9, ...properties }));
const WINDOWS = { getCurrent: async () => ({ id: 12, incognito: true }) };
/** The popup's browser: Chrome's and Firefox's on the desktop; a test takes out what Firefox for Android lacks. */
const fakeBrowser: Record<string, unknown> = {
  runtime,
  tabs: { query: async () => [{ id: 5, url: 'https://example.com/a', title: 'A page', windowId: 3, incognito: false }], create: tabCreated },
  windows: WINDOWS,
  contextMenus: {},
  permissions: { request: permissionGiven },
};
vi.mock('../platform/browser', () => ({ browser: fakeBrowser }));
vi.mock('../platform/i18n', () => ({ browserWords: () => ({ t: (key: string) => key }) }));
vi.mock('../platform/clipboard', () => ({ writeClipboard: vi.fn(async () => undefined) }));

const { listenForMessages } = await import('../messages/messaging');
const { writeClipboard } = await import('../platform/clipboard');

const REQUEST: ShortenRequest = { url: 'https://example.com/a', via: 'popup-tab', private: false, fresh: false };
const ANSWER: ShortenAnswer = {
  result: { ok: true, value: { shortUrl: 'https://shrtnr.co/abc', longUrl: 'https://example.com/a', fromHistory: false, removedParams: [], secretParams: [], used: 1 } },
  autoCopy: true,
  copyFormat: 'plain',
};
/** The worker's answers to the popup's messages, as a test sets them. */
const worker = { recent: vi.fn(), presets: vi.fn(), useAccount: vi.fn(), selection: vi.fn() };
listenForMessages('background', {
  'recent-history': async () => worker.recent(),
  'campaign-presets': async () => worker.presets(),
  'use-account': async ({ account }) => worker.useAccount(account),
  'selection-links': async ({ tab, private: inPrivate }) => worker.selection(tab, inPrivate),
});

/** A new popup: the connector's module loaded afresh, as each popup loads it. */
const openPopup = async () => {
  vi.resetModules();
  return (await import('./extension-connector')).extensionConnector;
};
const lastPort = () => ports.at(-1) as WorkerEnd;
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  Object.assign(fakeBrowser, { windows: WINDOWS, contextMenus: {}, commands: {}, omnibox: {}, notifications: {} });
  ports.splice(0);
  vi.clearAllMocks();
  bus.sendFrom({ id: EXTENSION_ID, url: `${EXTENSION_ORIGIN}src/popup/index.html` });
});

describe("the popup's shortening, over its port", () => {
  it('asks for the link, hears where it stands, and takes the answer', async () => {
    const connector = await openPopup();
    const progress = vi.fn();
    const answer = connector.shorten(REQUEST, progress);
    expect(lastPort().received).toEqual([{ type: 'shorten', request: REQUEST }]);
    lastPort().send({ type: 'progress', progress: { state: 'waiting', ahead: 2 } });
    // A message the port does not know (a hostile or newer worker) is dropped, not passed on.
    lastPort().send({ type: 'progress', progress: { state: 'exploding' } });
    lastPort().send({ type: 'answer', answer: { ...ANSWER, copyFormat: 'carrier-pigeon' } });
    lastPort().send({ type: 'answer', answer: ANSWER });
    await expect(answer).resolves.toEqual(ANSWER);
    expect(progress.mock.calls).toEqual([[{ state: 'waiting', ahead: 2 }]]);
    expect(lastPort().disconnected).toBe(true);
  });

  it("for its own tab, keeps the port open after the answer for the page's own short link", async () => {
    const connector = await openPopup();
    const onShortLink = vi.fn();
    const answer = connector.shorten(REQUEST, undefined, { tab: 5, onShortLink });
    expect(lastPort().received).toEqual([{ type: 'shorten', request: REQUEST, pageTab: 5 }]);
    lastPort().send({ type: 'answer', answer: ANSWER });
    await answer;
    lastPort().send({ type: 'page-link', shortUrl: 'https://youtu.be/abc' });
    // And one on another host than the page's, with the question whether to use such links.
    const ask = { page: 'www.youtube.com', link: 'youtu.be' };
    lastPort().send({ type: 'page-link', shortUrl: 'https://youtu.be/def', ask });
    expect(onShortLink.mock.calls).toEqual([[{ shortUrl: 'https://youtu.be/abc' }], [{ shortUrl: 'https://youtu.be/def', ask }]]);
    expect(lastPort().disconnected).toBe(false);
  });

  it('says what went wrong when the worker goes away before answering, or cannot be reached', async () => {
    const connector = await openPopup();
    const stopped = connector.shorten(REQUEST);
    lastPort().goAway();
    await expect(stopped).resolves.toEqual({ result: { ok: false, error: { kind: 'internal', detail: 'the background worker closed the connection' } }, autoCopy: false, copyFormat: 'plain' });
    const crashed = connector.shorten(REQUEST);
    lastPort().goAway('Could not establish connection.');
    await expect(crashed).resolves.toMatchObject({ result: { ok: false, error: { kind: 'internal', detail: 'Could not establish connection.' } } });
    runtime.connect.mockImplementationOnce(() => {
      throw new Error('Extension context invalidated.');
    });
    await expect(connector.shorten(REQUEST)).resolves.toMatchObject({ result: { ok: false, error: { kind: 'internal', detail: 'Extension context invalidated.' } } });
  });

  it('cancels the newest shortening only', async () => {
    const connector = await openPopup();
    void connector.shorten(REQUEST);
    void connector.shorten({ ...REQUEST, url: 'https://example.com/b' });
    connector.cancelShortening();
    expect(ports.map(({ received }) => received.at(-1))).toEqual([expect.objectContaining({ type: 'shorten' }), { type: 'cancel' }]);
  });
});

describe("the popup's questions to the worker", () => {
  it("are the worker's answers", async () => {
    const connector = await openPopup();
    worker.recent.mockResolvedValue({ enabled: false, entries: [] });
    worker.presets.mockResolvedValue([{ name: 'Newsletter', params: [] }]);
    worker.useAccount.mockResolvedValue(true);
    await expect(connector.recent(3)).resolves.toEqual({ enabled: false, entries: [] });
    await expect(connector.campaignPresets()).resolves.toEqual([{ name: 'Newsletter', params: [] }]);
    await expect(connector.useAccount('account-2')).resolves.toBe(true);
    expect(worker.useAccount).toHaveBeenCalledWith('account-2');
  });

  it('fall back to nothing when the worker fails: no recent links, no presets, no switch, each said in the console', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const connector = await openPopup();
    for (const question of [worker.recent, worker.presets, worker.useAccount]) question.mockRejectedValue(new Error('storage is gone'));
    await expect(connector.recent(3)).resolves.toEqual({ enabled: true, entries: [] });
    await expect(connector.campaignPresets()).resolves.toEqual([]);
    await expect(connector.useAccount('account-2')).resolves.toBe(false);
    expect(warned.mock.calls.map(([said]) => said)).toEqual(['Shrtnr: history could not be read.', 'Shrtnr: the campaign presets could not be read.', 'Shrtnr: the account could not be switched.']);
    warned.mockRestore();
  });

  it('tell the tab the popup opened on, private as its window is', async () => {
    const connector = await openPopup();
    await expect(connector.currentTab()).resolves.toEqual({ url: 'https://example.com/a', title: 'A page', id: 5, private: true });
  });

  it('without windows (Firefox for Android): tell the tab, private as the tab says, and watch the run of its window', async () => {
    delete fakeBrowser['windows'];
    const connector = await openPopup();
    await expect(connector.currentTab()).resolves.toEqual({ url: 'https://example.com/a', title: 'A page', id: 5, private: false });
    connector.watchBulk(() => undefined);
    await settled();
    expect(lastPort().received).toEqual([{ type: 'watch', windowId: 3 }]);
  });

  it.each(['contextMenus', 'commands', 'omnibox', 'notifications', 'windows'])('in a browser without %s: tell the tab and shorten it', async (missing) => {
    delete fakeBrowser[missing];
    const connector = await openPopup();
    await expect(connector.currentTab()).resolves.toMatchObject({ url: 'https://example.com/a', id: 5 });
    const answer = connector.shorten(REQUEST);
    lastPort().send({ type: 'answer', answer: ANSWER });
    await expect(answer).resolves.toEqual(ANSWER);
  });

  it("ask the worker for the links of the tab's selection, and say when it could not be reached", async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const connector = await openPopup();
    worker.selection.mockResolvedValueOnce({ status: 'copied', made: 2, found: 3 }).mockRejectedValueOnce(new Error('gone'));
    await expect(connector.shortenSelectionLinks(5, false)).resolves.toEqual({ status: 'copied', made: 2, found: 3 });
    expect(worker.selection.mock.calls).toEqual([[5, false]]);
    await expect(connector.shortenSelectionLinks(5, false)).resolves.toBeUndefined();
    expect(warned.mock.calls.map(([said]) => said)).toEqual(['Shrtnr: the links of the selection could not be shortened.']);
    warned.mockRestore();
  });

  it('say whether the browser has a context menu: Firefox for Android has none', async () => {
    expect((await openPopup()).hasContextMenu).toBe(true);
    delete fakeBrowser['contextMenus'];
    expect((await openPopup()).hasContextMenu).toBe(false);
  });

  it('copy, and say when the clipboard refused', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const connector = await openPopup();
    await expect(connector.copy({ text: 'https://shrtnr.co/abc' })).resolves.toBe(true);
    vi.mocked(writeClipboard).mockRejectedValueOnce(new Error('Document is not focused.'));
    await expect(connector.copy({ text: 'https://shrtnr.co/abc' })).resolves.toBe(false);
    expect(warned.mock.calls).toEqual([['Shrtnr: copying from the popup failed.', 'Document is not focused.']]);
    warned.mockRestore();
  });
});

describe('a share destination', () => {
  it('opens in a new tab (tabs.create), then the popup closes; a tab refused says why and the popup stays', async () => {
    const connector = await openPopup();
    const closed = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    await expect(connector.openShareTab('https://t.me/share/url?url=https%3A%2F%2Fshrtnr.co%2Fabc')).resolves.toEqual({ ok: true });
    expect(tabCreated.mock.calls).toEqual([[{ url: 'https://t.me/share/url?url=https%3A%2F%2Fshrtnr.co%2Fabc' }]]);
    expect(closed).toHaveBeenCalledTimes(1);
    tabCreated.mockRejectedValueOnce(new Error('No current window'));
    await expect(connector.openShareTab('mailto:?body=x')).resolves.toEqual({ ok: false, reason: 'No current window' });
    expect(closed).toHaveBeenCalledTimes(1);
    closed.mockRestore();
  });
});

describe('"Shorten all tabs", over the window\'s port', () => {
  it('watches its own window, wishes for a run before the prompt, and says when the permission was refused', async () => {
    const connector = await openPopup();
    const heard = vi.fn();
    connector.watchBulk(heard);
    permissionGiven.mockResolvedValueOnce(false);
    await expect(connector.shortenAllTabs()).resolves.toBe(false);
    await settled();
    expect(lastPort().name).toBe('bulk');
    expect(lastPort().received).toEqual([{ type: 'watch', windowId: 12 }, { type: 'start', windowId: 12 }, { type: 'refused' }]);
    lastPort().send({ type: 'run', run: undefined });
    lastPort().send({ type: 'run', run: { id: 'r', windowId: 'twelve', items: [] } });
    expect(heard.mock.calls).toEqual([[{ type: 'run', run: undefined }]]);
  });

  it('follows the run into the next worker when one stops', async () => {
    vi.useFakeTimers();
    try {
      const connector = await openPopup();
      connector.watchBulk(() => undefined);
      await vi.advanceTimersByTimeAsync(0);
      ports[0]?.goAway();
      await vi.advanceTimersByTimeAsync(200);
      expect(ports.map(({ received }) => received)).toEqual([[{ type: 'watch', windowId: 12 }], [{ type: 'watch', windowId: 12 }]]);
    } finally {
      vi.useRealTimers();
    }
  });
});
