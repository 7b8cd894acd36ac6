// Test code: the history page's connector as its component tests
// (history-app.test.tsx) drive it. The extension never imports it
// (test/unit/fakes-stay-in-tests.test.ts).
import { vi, type Mock } from 'vitest';
import type { Words } from '../platform/words';
import type { QrPanelProps } from '../qr/qr-panel';
import { FIRST_ACCOUNT_ID, type Account } from '../storage/accounts';
import { fakeShareActions, type FakeShareActions } from '../share/fake-share-actions';
import type { FakeHistoryStore } from './fake-history-store';
import type { HistoryConnector, HistorySettings, QrPanelComponent } from './history-connector';

/** A connector that records every call; its answers are set per test. */
export interface FakeHistoryConnector extends Omit<HistoryConnector, keyof FakeShareActions>, FakeShareActions {
  store: FakeHistoryStore;
  readSettings: Mock<HistoryConnector['readSettings']>;
  copy: Mock<HistoryConnector['copy']>;
  openTab: Mock<HistoryConnector['openTab']>;
  openSettings: Mock<HistoryConnector['openSettings']>;
  openList: Mock<HistoryConnector['openList']>;
  saveFile: Mock<HistoryConnector['saveFile']>;
  loadQrPanel: Mock<HistoryConnector['loadQrPanel']>;
  /** The options page saving settings. */
  changeSettings(settings: HistorySettings): void;
}

/** The one account of a new install (settings-schema.ts's default). */
export const FIRST_ACCOUNT: Account = { id: FIRST_ACCOUNT_ID, name: 'shrtnr.co', server: 'https://shrtnr.co' };

/** Stands in for src/qr/qr-panel.tsx: saves a file when asked. */
export function FakeQrPanel({ shortUrl, onSave }: QrPanelProps) {
  return (
    <button type="button" data-testid="fake-qr" onClick={() => onSave('qr.svg', new Blob(['<svg/>'], { type: 'image/svg+xml' }))}>
      {shortUrl}
    </button>
  );
}

/**
 * The history page's connector over `store`: settings as given (changed by
 * `changeSettings`; by default history on, plain copies and the first
 * account only), every copy and new tab a success, the QR panel a stand-in
 * that saves a file when clicked, and sharing fakeShareActions()'s (no share sheet).
 */
export function fakeHistoryConnector(words: Words, store: FakeHistoryStore, initialSettings: HistorySettings = { history: true, copyFormat: 'plain', accounts: [FIRST_ACCOUNT] }): FakeHistoryConnector {
  let settings = initialSettings;
  const listeners = new Set<() => void>();
  return {
    words,
    store,
    privateWindow: false,
    readSettings: vi.fn(async () => settings),
    onSettingsChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    copy: vi.fn(async () => ({ ok: true as const })),
    openTab: vi.fn(async () => ({ ok: true as const })),
    openSettings: vi.fn(),
    openList: vi.fn(),
    saveFile: vi.fn(),
    loadQrPanel: vi.fn(async (): Promise<QrPanelComponent> => FakeQrPanel),
    ...fakeShareActions(),
    changeSettings(next) {
      settings = next;
      for (const listener of listeners) listener();
    },
  };
}
