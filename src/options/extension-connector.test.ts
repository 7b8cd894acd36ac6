// The settings page's connector as it asks for and gives back permissions, against a fake browser.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const granted = new Set<string>();
const removed: string[][] = [];
/** What each port to the worker carried, and a way to close it as a stopped worker would. */
const ports: { name: string; messages: unknown[]; disconnect(): void }[] = [];
vi.mock('../platform/browser', () => ({
  browser: {
    permissions: {
      request: vi.fn(async ({ origins = [] }: { origins?: string[] }) => {
        for (const origin of origins) granted.add(origin);
        return true;
      }),
      remove: vi.fn(async ({ origins = [], permissions = [] }: { origins?: string[]; permissions?: string[] }) => {
        removed.push([...origins, ...permissions]);
        for (const item of [...origins, ...permissions]) granted.delete(item);
        return true;
      }),
      contains: async ({ origins = [] }: { origins?: string[] }) => origins.every((origin) => granted.has(origin)),
      getAll: async () => ({ permissions: [...granted].filter((item) => !item.includes('/')), origins: [...granted].filter((item) => item.includes('/')) }),
    },
    runtime: {
      getManifest: () => ({ host_permissions: ['https://shrtnr.co/*'] }),
      connect: ({ name }: { name: string }) => {
        const disconnected: (() => void)[] = [];
        const port = { name, messages: [] as unknown[], disconnect: () => disconnected.forEach((listener) => listener()) };
        ports.push(port);
        return { postMessage: (message: unknown) => port.messages.push(message), onDisconnect: { addListener: (listener: () => void) => disconnected.push(listener) } };
      },
    },
  },
}));
vi.mock('../platform/i18n', () => ({ browserWords: () => ({}) }));
/** What each storage.local write carried. */
const writes: Record<string, unknown>[] = [];
vi.mock('../storage/extension-storage', async () => {
  const { areaVault } = await import('../storage/token-vault');
  const localArea = {
    set: async (items: Record<string, unknown>) => void writes.push(items),
    get: async () => ({}),
    remove: async () => undefined,
  };
  // Tokens kept in storage.local, as in Chromium, where it is closed to pages.
  return { localArea, tokenVault: async () => areaVault(localArea) };
});

const MIRROR_ACCESS = 'https://mirror.example/*';

beforeEach(() => {
  vi.resetModules();
  granted.clear();
  granted.add('https://shrtnr.co/*');
  removed.length = 0;
  ports.length = 0;
  writes.length = 0;
});

describe('host access asked for by Test connection', () => {
  it('is on trial: the worker hears of it over a port the page holds, and again from a restarted worker', async () => {
    const { extensionConnector } = await import('./extension-connector');
    expect(await extensionConnector.requestHostAccess('https://mirror.example:8443')).toBe(true);
    expect(granted.has(MIRROR_ACCESS)).toBe(true);
    expect(ports.map((port) => [port.name, port.messages])).toEqual([['host-access-trial', [{ type: 'on-trial', pattern: MIRROR_ACCESS }]]]);

    // Chrome stopped the worker: the page tells the next one everything on trial.
    ports[0]?.disconnect();
    expect(ports.map((port) => port.messages)).toEqual([[{ type: 'on-trial', pattern: MIRROR_ACCESS }], [{ type: 'on-trial', pattern: MIRROR_ACCESS }]]);
  });

  it('is not on trial when it was refused', async () => {
    const { browser } = await import('../platform/browser');
    vi.mocked(browser.permissions.request).mockResolvedValueOnce(false);
    const { extensionConnector } = await import('./extension-connector');
    expect(await extensionConnector.requestHostAccess('https://mirror.example')).toBe(false);
    expect(ports).toEqual([]);
  });
});

describe('the optional permissions held', () => {
  it("are tabs and the hosts beyond the manifest's own, each given back on its own", async () => {
    granted.add(MIRROR_ACCESS);
    granted.add('tabs');
    const { extensionConnector } = await import('./extension-connector');
    expect(await extensionConnector.heldPermissions()).toEqual([{ kind: 'tabs' }, { kind: 'host', pattern: MIRROR_ACCESS }]);
    await extensionConnector.givePermissionBack({ kind: 'tabs' });
    await extensionConnector.givePermissionBack({ kind: 'host', pattern: MIRROR_ACCESS });
    expect(removed).toEqual([['tabs'], [MIRROR_ACCESS]]);
    expect(await extensionConnector.heldPermissions()).toEqual([]);
  });
});

describe('host access given back for servers no account uses any more', () => {
  it('gives back only what is held, not still used by an account, and not the manifest’s own', async () => {
    granted.add(MIRROR_ACCESS);
    granted.add('https://short.example/*');
    const { extensionConnector } = await import('./extension-connector');
    // An account moved from short.example (any port) while another still uses mirror.example; shrtnr.co is the manifest's; other.example was never granted.
    await extensionConnector.releaseHostAccess(['https://short.example:8443', 'https://mirror.example', 'https://shrtnr.co', 'https://other.example'], ['https://mirror.example:444', 'https://shrtnr.co']);
    expect(removed).toEqual([['https://short.example/*']]);
    expect([...granted].toSorted()).toEqual(['https://mirror.example/*', 'https://shrtnr.co/*']);

    // Nothing left to give back: the browser is not asked.
    await extensionConnector.releaseHostAccess(['https://short.example'], []);
    expect(removed).toHaveLength(1);
  });
});

describe('settings saved with a token', () => {
  const accounts = [{ id: 'account-2', name: 'Team', server: 'https://short.example' }];
  const token = { account: 'account-2', saved: { token: 'team_token_1234', server: 'https://short.example' } };

  it("are one storage.local write: the settings checked and stamped for sync's merge, the token in its own item", async () => {
    const { extensionConnector } = await import('./extension-connector');
    await extensionConnector.save({ accounts, activeAccount: 'account-2' }, token);
    expect(writes).toEqual([{ accounts, activeAccount: 'account-2', 'changedAt:accounts': expect.any(Number), 'token:account-2': token.saved }]);
  });

  it('write nothing, the token neither, when a setting is not valid', async () => {
    const { extensionConnector } = await import('./extension-connector');
    await expect(extensionConnector.save({ accounts: [{ id: '', name: '', server: 'http://short.example' }] }, token)).rejects.toThrow(TypeError);
    expect(writes).toEqual([]);
  });

  it('without a token are the settings writer’s write, as before', async () => {
    const { extensionConnector } = await import('./extension-connector');
    await extensionConnector.save({ autoCopy: false });
    expect(writes).toEqual([{ autoCopy: false, 'changedAt:autoCopy': expect.any(Number) }]);
  });
});
