// Test code: the list page's connector as its component tests (list-app.test.tsx)
// drive it. The extension never imports it (test/unit/fakes-stay-in-tests.test.ts).
import { vi, type Mock } from 'vitest';
import type { ListToPage } from '../messages/list-port';
import type { Words } from '../platform/words';
import type { ListConnector } from './list-connector';

/** A connector that records every call, and through which the test speaks for the worker. */
export interface FakeListConnector extends ListConnector {
  plan: Mock<ListConnector['plan']>;
  start: Mock<ListConnector['start']>;
  pause: Mock<ListConnector['pause']>;
  resume: Mock<ListConnector['resume']>;
  cancel: Mock<ListConnector['cancel']>;
  dismiss: Mock<ListConnector['dismiss']>;
  copy: Mock<ListConnector['copy']>;
  saveFile: Mock<ListConnector['saveFile']>;
  openSettings: Mock<ListConnector['openSettings']>;
  /** The worker says this. */
  hear(message: ListToPage): void;
  /** The worker cannot be reached. */
  lose(): void;
}

export function fakeListConnector(words: Words): FakeListConnector {
  let listener: ((message: ListToPage) => void) | undefined;
  let onLost: (() => void) | undefined;
  return {
    words,
    connect(heard, lost) {
      listener = heard;
      onLost = lost;
    },
    plan: vi.fn(),
    start: vi.fn(),
    pause: vi.fn(),
    resume: vi.fn(),
    cancel: vi.fn(),
    dismiss: vi.fn(),
    copy: vi.fn(async () => true),
    saveFile: vi.fn(),
    openSettings: vi.fn(),
    hear: (message) => listener?.(message),
    lose: () => onLost?.(),
  };
}
