import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../../test/support/eventually';

// The worker's side of host access on trial, against a fake browser: a port from
// the settings page, the settings in storage.local, and the permissions removed.
const removed: string[][] = [];
let savedServers: string[] | undefined;
vi.mock('../../platform/browser', () => ({
  browser: {
    runtime: { id: 'own-id', getURL: (path: string) => `chrome-extension://own-id/${path}`, getManifest: () => ({ host_permissions: ['https://shrtnr.co/*'] }) },
    permissions: {
      // What a page asked for on trial was granted: held until given back.
      contains: async () => true,
      remove: async ({ origins = [] }: { origins?: string[] }) => {
        removed.push(origins);
        return true;
      },
    },
    storage: {
      local: {
        get: async (keys: string[]) => ({
          settingsVersion: 2,
          ...(savedServers !== undefined && keys.includes('accounts') ? { accounts: savedServers.map((server, index) => ({ id: `account-${index}`, name: `Account ${index}`, server })) } : {}),
        }),
        set: async () => undefined,
        remove: async () => undefined,
      },
    },
  },
}));

/** A settings page's port, as runtime.onConnect hands it to the worker. */
function pagePort(sender: { id: string; url?: string; tab?: { id: number } } = { id: 'own-id', url: 'chrome-extension://own-id/src/options/index.html' }) {
  const onMessage: ((message: unknown) => void)[] = [];
  const onDisconnect: (() => void)[] = [];
  let closed = false;
  return {
    followed: () => onMessage.length + onDisconnect.length > 0,
    closed: () => closed,
    port: {
      name: 'host-access-trial',
      sender,
      disconnect: () => {
        closed = true;
      },
      onMessage: { addListener: (listener: (message: unknown) => void) => onMessage.push(listener) },
      onDisconnect: { addListener: (listener: () => void) => onDisconnect.push(listener) },
    },
    send: (message: unknown) => onMessage.forEach((listener) => listener(message)),
    leave: () => onDisconnect.forEach((listener) => listener()),
  };
}

beforeEach(() => {
  vi.resetModules();
  removed.length = 0;
  savedServers = undefined;
});

describe('host access on trial, when its settings page is left', () => {
  it("is given back unless a saved account's server (read then) uses it", async () => {
    const { onHostAccessTrialPort } = await import('./host-access-trial');
    const page = pagePort();
    onHostAccessTrialPort(page.port as never);
    page.send({ type: 'on-trial', pattern: 'https://mirror.example/*' });
    page.send({ type: 'on-trial', pattern: 'https://kept.example/*' });
    page.send({ type: 'on-trial', pattern: 'https://team.example/*' });
    page.send({ type: 'something else', pattern: 'https://other.example/*' });
    savedServers = ['https://kept.example:8443', 'https://team.example'];
    page.leave();
    await eventually(() => expect(removed).toEqual([['https://mirror.example/*']]));
  });

  it("is given back whole but the manifest's own when no account is saved", async () => {
    const { onHostAccessTrialPort } = await import('./host-access-trial');
    const page = pagePort();
    onHostAccessTrialPort(page.port as never);
    page.send({ type: 'on-trial', pattern: 'https://mirror.example/*' });
    page.send({ type: 'on-trial', pattern: 'https://shrtnr.co/*' });
    savedServers = [];
    page.leave();
    await eventually(() => expect(removed).toEqual([['https://mirror.example/*']]));
  });

  it("is followed on the worker's own kind of sender, with no URL and no tab (Chrome before mid-2025)", async () => {
    const { onHostAccessTrialPort } = await import('./host-access-trial');
    const page = pagePort({ id: 'own-id' });
    onHostAccessTrialPort(page.port as never);
    expect(page.followed()).toBe(true);
  });

  it.each([
    ["another extension's", { id: 'another-extension', url: 'chrome-extension://another-extension/page.html' }],
    // A script this extension injected into a page has its id, and the page's address.
    ["a page's, through a script this extension injected there,", { id: 'own-id', url: 'https://page.example/', tab: { id: 4 } }],
    // Chrome's sender for a frame whose URL it does not give (as it gave none for the worker before mid-2025): in a tab, not ours.
    ["a tab's with no URL", { id: 'own-id', tab: { id: 4 } }],
  ])('is not followed, and closed at once, on %s port', async (_name, sender) => {
    const { onHostAccessTrialPort } = await import('./host-access-trial');
    const stranger = pagePort(sender);
    onHostAccessTrialPort(stranger.port as never);
    expect(stranger.followed()).toBe(false);
    expect(stranger.closed()).toBe(true);
  });
});
