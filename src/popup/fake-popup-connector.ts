// Test code: the popup's connector as its component tests (popup-app.test.tsx)
// drive it. The extension never imports it (test/unit/fakes-stay-in-tests.test.ts).
import { act, waitFor } from '@testing-library/preact';
import { expect, vi, type Mock } from 'vitest';
import { deferred } from '../../test/support/deferred';
import type { BulkToPopup } from '../messages/bulk-port';
import type { Words } from '../platform/words';
import type { Shortening } from '../shortening/shortening';
import type { CopyFormat } from '../storage/copy-format-setting';
import type { JobFailure } from '../storage/session/job-failure';
import { fakeShareActions, type FakeShareActions } from '../share/fake-share-actions';
import type { PopupConnector, PopupTab, ShortenAnswer, ShortenProgress, ShortenRequest } from './popup-connector';

/** The short link the fake worker makes of any address, unless a test answers otherwise. */
export const FAKE_SHORT_URL = 'https://shrtnr.co/Ab3d';

/** The worker's answer: `longUrl` made into FAKE_SHORT_URL (`more` over it), with the settings that go with it. */
export function shortenedAnswer(longUrl: string, autoCopy: boolean, more: Partial<Shortening> = {}, copyFormat: CopyFormat = 'plain'): ShortenAnswer {
  return { result: { ok: true, value: { shortUrl: FAKE_SHORT_URL, longUrl, used: undefined, fromHistory: false, removedParams: [], secretParams: [], ...more } }, autoCopy, copyFormat };
}

export function failedAnswer(error: JobFailure): ShortenAnswer {
  return { result: { ok: false, error }, autoCopy: true, copyFormat: 'plain' };
}

/** The worker's side of one shortening, held by the test. */
export interface HeldShortening {
  /** Settles the shortening. */
  answer: { resolve(answer: ShortenAnswer): void };
  /** Resolves once the popup has asked. */
  started(): Promise<void>;
  /** Tells the popup where the shortening stands while it waits. */
  report(progress: ShortenProgress): Promise<void>;
}

/** A connector that records every call; its answers are set per test. */
export interface FakePopupConnector extends Omit<PopupConnector, keyof FakeShareActions>, FakeShareActions {
  currentTab: Mock<PopupConnector['currentTab']>;
  shorten: Mock<PopupConnector['shorten']>;
  cancelShortening: Mock<PopupConnector['cancelShortening']>;
  recent: Mock<PopupConnector['recent']>;
  copy: Mock<PopupConnector['copy']>;
  saveFile: Mock<PopupConnector['saveFile']>;
  loadQrPanel: Mock<PopupConnector['loadQrPanel']>;
  loadCampaignPanel: Mock<PopupConnector['loadCampaignPanel']>;
  campaignPresets: Mock<PopupConnector['campaignPresets']>;
  useAccount: Mock<PopupConnector['useAccount']>;
  usePageLinkHost: Mock<PopupConnector['usePageLinkHost']>;
  openSettings: Mock<PopupConnector['openSettings']>;
  openHistory: Mock<PopupConnector['openHistory']>;
  openList: Mock<PopupConnector['openList']>;
  close: Mock<PopupConnector['close']>;
  watchBulk: Mock<PopupConnector['watchBulk']>;
  shortenAllTabs: Mock<PopupConnector['shortenAllTabs']>;
  cancelBulk: Mock<PopupConnector['cancelBulk']>;
  dismissBulk: Mock<PopupConnector['dismissBulk']>;
  loadBulkPanel: Mock<PopupConnector['loadBulkPanel']>;
  loadMenulessTools: Mock<PopupConnector['loadMenulessTools']>;
  shortenSelectionLinks: Mock<PopupConnector['shortenSelectionLinks']>;
  /** The URLs the worker was asked to shorten, in order. */
  shortenedUrls(): string[];
  /** What went onto the clipboard, call by call. */
  copiedTexts(): string[];
  /** Holds the next shortening: the test answers it, and reports its progress meanwhile. */
  holdShortening(): HeldShortening;
  /** The worker telling the popup of this window's run, as its port does; the popup must be watching. */
  tellBulk(update: BulkToPopup): Promise<void>;
}

/**
 * The popup's connector on a tab at `tabUrl` (undefined: one whose address
 * the browser hides), `tab` over it. By default every shortening answers
 * FAKE_SHORT_URL with auto-copy on, every copy succeeds, history is on and
 * empty, and the `tabs` permission is granted; the panels are the real ones,
 * and sharing is fakeShareActions()'s (no share sheet, every tab opens).
 */
export function fakePopupConnector(words: Words, tabUrl: string | undefined, tab: Partial<PopupTab> = {}): FakePopupConnector {
  const connector: FakePopupConnector = {
    words,
    currentTab: vi.fn(async () => ({ ...(tabUrl === undefined ? {} : { url: tabUrl }), private: false, ...tab })),
    shorten: vi.fn(async (request: ShortenRequest) => shortenedAnswer(request.url, true)),
    cancelShortening: vi.fn(),
    recent: vi.fn(async () => ({ enabled: true, entries: [] })),
    copy: vi.fn(async () => true),
    saveFile: vi.fn(),
    loadQrPanel: vi.fn(async () => (await import('../qr/qr-panel')).QrPanel),
    loadCampaignPanel: vi.fn(async () => (await import('./campaign-panel')).CampaignPanel),
    campaignPresets: vi.fn(async () => []),
    useAccount: vi.fn(async () => true),
    usePageLinkHost: vi.fn(async () => true),
    openSettings: vi.fn(),
    openHistory: vi.fn(),
    openList: vi.fn(),
    close: vi.fn(),
    watchBulk: vi.fn(),
    shortenAllTabs: vi.fn(async () => true),
    cancelBulk: vi.fn(),
    dismissBulk: vi.fn(),
    loadBulkPanel: vi.fn(async () => (await import('./bulk-panel')).BulkPanel),
    hasContextMenu: true,
    loadMenulessTools: vi.fn(async () => (await import('./menuless-tools')).MenulessTools),
    shortenSelectionLinks: vi.fn(async () => ({ status: 'copied' as const, made: 2, found: 2 })),
    ...fakeShareActions(),
    shortenedUrls: () => connector.shorten.mock.calls.map(([request]) => request.url),
    copiedTexts: () => connector.copy.mock.calls.map(([payload]) => payload.text),
    holdShortening() {
      const answer = deferred<ShortenAnswer>();
      let onProgress: ((progress: ShortenProgress) => void) | undefined;
      connector.shorten.mockImplementationOnce((_request, listener) => {
        onProgress = listener;
        return answer.promise;
      });
      return {
        answer,
        started: () => waitFor(() => expect(onProgress).toBeDefined()),
        report: (progress) => act(() => onProgress?.(progress)),
      };
    },
    tellBulk(update) {
      const [listener] = connector.watchBulk.mock.calls[0] ?? [];
      if (listener === undefined) throw new Error('The popup did not watch the run.');
      return act(() => listener(update));
    },
  };
  return connector;
}
