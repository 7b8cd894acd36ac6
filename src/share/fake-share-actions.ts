// Test code: sharing as the pages' component tests drive it, part of each
// page's fake connector. The extension never imports it (test/unit/fakes-stay-in-tests.test.ts).
import { vi, type Mock } from 'vitest';
import type { ShareActions } from './share-actions';

export interface FakeShareActions extends ShareActions {
  hasShareSheet: Mock<ShareActions['hasShareSheet']>;
  openShareSheet: Mock<ShareActions['openShareSheet']>;
  openShareTab: Mock<ShareActions['openShareTab']>;
  loadShareMenu: Mock<ShareActions['loadShareMenu']>;
}

/**
 * A browser with no share sheet, as Chromium and Firefox are on Linux (a
 * test gives it one with `hasShareSheet.mockReturnValue(true)`), whose sheet
 * would share, whose every new tab opens, and the real menu.
 */
export function fakeShareActions(): FakeShareActions {
  return {
    hasShareSheet: vi.fn(() => false),
    openShareSheet: vi.fn(async () => 'shared' as const),
    openShareTab: vi.fn(async () => ({ ok: true as const })),
    loadShareMenu: vi.fn(async () => (await import('./share-menu')).ShareMenu),
  };
}
