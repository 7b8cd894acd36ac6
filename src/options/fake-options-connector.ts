// Test code: the options page's connector as its component tests
// (options-app.test.tsx) drive it. The extension never imports it
// (test/unit/fakes-stay-in-tests.test.ts).
import { vi, type Mock } from 'vitest';
import type { ApiError } from '../api';
import type { Words } from '../platform/words';
import type { AccountToken, HeldPermission, OptionsConnector, OptionsSettings } from './options-connector';

/** What Test connection answers. */
export type ConnectionAnswer = Awaited<ReturnType<OptionsConnector['testConnection']>>;

/** A connector that records every call; storage is an object, permissions are granted unless a test says otherwise. */
export interface FakeOptionsConnector extends OptionsConnector {
  load: Mock<OptionsConnector['load']>;
  save: Mock<OptionsConnector['save']>;
  saveToken: Mock<OptionsConnector['saveToken']>;
  clearToken: Mock<OptionsConnector['clearToken']>;
  onStoredChange: Mock<OptionsConnector['onStoredChange']>;
  testConnection: Mock<OptionsConnector['testConnection']>;
  hasHostAccess: Mock<OptionsConnector['hasHostAccess']>;
  requestHostAccess: Mock<OptionsConnector['requestHostAccess']>;
  releaseHostAccess: Mock<OptionsConnector['releaseHostAccess']>;
  historyCount: Mock<OptionsConnector['historyCount']>;
  clearHistory: Mock<OptionsConnector['clearHistory']>;
  forgetPageLinkHost: Mock<OptionsConnector['forgetPageLinkHost']>;
  openHistory: Mock<OptionsConnector['openHistory']>;
  heldPermissions: Mock<OptionsConnector['heldPermissions']>;
  givePermissionBack: Mock<OptionsConnector['givePermissionBack']>;
  onPermissionsChange: Mock<OptionsConnector['onPermissionsChange']>;
  /** Another options page saving, as storage.onChanged reports it. */
  saveElsewhere(changes: Partial<OptionsSettings>): void;
  /** A permission granted elsewhere (a tabs run), as permissions.onAdded reports it. */
  grantElsewhere(permission: HeldPermission): void;
}

/**
 * The options page's connector: settings stored as `initial` (every save is
 * told to the page, as storage.onChanged tells every page of its own writes),
 * 42 links in history, `initiallyHeld` the optional permissions, and every
 * test of the connection and every host access asked for a success.
 */
export function fakeOptionsConnector(words: Words, initial: OptionsSettings, initiallyHeld: HeldPermission[] = []): FakeOptionsConnector {
  let stored = { ...initial };
  let historyCount = 42;
  let held = [...initiallyHeld];
  const permissionListeners = new Set<() => void>();
  const permissionsChanged = () => {
    for (const listener of permissionListeners) listener();
  };
  const listeners = new Set<() => void>();
  // Like storage.onChanged, which tells every page of every write, its own included.
  const write = (changes: Partial<OptionsSettings>) => {
    stored = { ...stored, ...changes };
    for (const listener of listeners) listener();
  };
  return {
    words,
    load: vi.fn(async () => ({ ...stored })),
    // Settings and a token given with them: one write, as storage.local.set makes it.
    save: vi.fn(async (changes: Partial<OptionsSettings>, token?: AccountToken) => write(token === undefined ? changes : { ...changes, tokens: { ...stored.tokens, [token.account]: token.saved } })),
    saveToken: vi.fn(async (account, saved) => write({ tokens: { ...stored.tokens, [account]: saved } })),
    clearToken: vi.fn(async (account) => {
      const { [account]: _removed, ...tokens } = stored.tokens;
      write({ tokens });
    }),
    onStoredChange: vi.fn((listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    }),
    testConnection: vi.fn(async (serverUrl: string): Promise<ConnectionAnswer> => ({ ok: true, value: { serverUrl } })),
    hasHostAccess: vi.fn(async () => true),
    requestHostAccess: vi.fn(async () => true),
    releaseHostAccess: vi.fn(async () => undefined),
    historyCount: vi.fn(async () => historyCount),
    clearHistory: vi.fn(async () => {
      const cleared = historyCount;
      historyCount = 0;
      return cleared;
    }),
    forgetPageLinkHost: vi.fn(async (pair) => write({ pageLinkHosts: (stored.pageLinkHosts ?? []).filter(({ page, link }) => page !== pair.page || link !== pair.link) })),
    openHistory: vi.fn(),
    // As the browser's connector lists them: tabs first, then hosts.
    heldPermissions: vi.fn(async () => held.toSorted((a, b) => (a.kind === b.kind ? 0 : a.kind === 'tabs' ? -1 : 1))),
    givePermissionBack: vi.fn(async (permission: HeldPermission) => {
      held = held.filter((candidate) => JSON.stringify(candidate) !== JSON.stringify(permission));
      permissionsChanged();
    }),
    onPermissionsChange: vi.fn((listener: () => void) => {
      permissionListeners.add(listener);
      return () => permissionListeners.delete(listener);
    }),
    saveElsewhere: write,
    grantElsewhere(permission) {
      held = [...held, permission];
      permissionsChanged();
    },
  };
}

/** What Test connection answers when it failed. */
export function connectionFailure(error: ApiError): ConnectionAnswer {
  return { ok: false, error };
}
