import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '../../storage/accounts';
import { accountFor } from '../../storage/account-tokens';
import type { SyncChanges } from '../../storage/sync-changes';
import { eventually } from '../../../test/support/eventually';

// One merge of the synced preferences against a fake browser: storage.local
// (the settings, the tokens, what was last agreed), storage.sync, and the host
// permissions held.
const local = new Map<string, unknown>();
const synced = new Map<string, unknown>();
const held = new Set<string>();
const removedOrigins: string[][] = [];

function fakeArea(store: Map<string, unknown>) {
  return {
    get: async (keys: string | string[]) =>
      Object.fromEntries([keys].flat().filter((key) => store.has(key)).map((key) => [key, structuredClone(store.get(key))])),
    set: async (items: Record<string, unknown>) => {
      for (const [key, value] of Object.entries(items)) store.set(key, structuredClone(value));
    },
    remove: async (keys: string | string[]) => {
      for (const key of [keys].flat()) store.delete(key);
    },
  };
}

vi.mock('../../platform/browser', () => ({
  browser: {
    // storage.local as Chromium's, closed to pages: the tokens are kept there (storage/token-vault.ts).
    storage: { local: { ...fakeArea(local), setAccessLevel: async () => undefined }, sync: fakeArea(synced) },
    runtime: { getManifest: () => ({ host_permissions: ['https://shrtnr.co/*'] }) },
    permissions: {
      contains: async ({ origins = [] }: { origins?: string[] }) => origins.every((origin) => held.has(origin)),
      remove: async ({ origins = [] }: { origins?: string[] }) => {
        removedOrigins.push(origins);
        for (const origin of origins) held.delete(origin);
        return true;
      },
    },
  },
}));

// History's links, moved to an account's new id: [from, to, server].
const movedLinks: string[][] = [];
vi.mock('../service/history-access', () => ({
  backgroundHistory: () => ({
    moveAccount: async (from: string, to: string, server: string) => {
      movedLinks.push([from, to, server]);
    },
  }),
  historyFailed: () => () => undefined,
}));

const { syncPreferences } = await import('./preferences-sync');

const NOW = 1_800_000_000_000;
const OWN: Account = { id: 'account-1', name: 'Own', server: 'https://own.example' };
const TEAM: Account = { id: 'account-team', name: 'Team', server: 'https://team.example' };
const HOME: Account = { id: 'account-home', name: 'Home', server: 'https://home.example' };
const tokenOf = (account: Account) => ({ token: `token-of-${account.id}`, server: account.server });
const numbered = (index: number, side: string): Account => ({ id: `account-${side}${index}`, name: `${side} ${index}`, server: `https://${side}${index}.example` });

beforeEach(() => {
  local.clear();
  synced.clear();
  held.clear();
  removedOrigins.length = 0;
  movedLinks.length = 0;
  // The account shape: nothing to migrate.
  local.set('settingsVersion', 2);
});

describe('accounts taken from sync', () => {
  it('forget, with an account removed on another machine, its token here and the host access no account left uses', async () => {
    const before = [OWN, TEAM, { ...HOME, server: 'https://own.example:8443' }];
    local.set('accounts', before);
    local.set('syncBase', { accounts: before });
    for (const account of before) local.set(`token:${account.id}`, tokenOf(account));
    for (const origin of ['https://own.example/*', 'https://team.example/*']) held.add(origin);
    // Another machine removed TEAM and HOME (whose server's host OWN still uses).
    synced.set('pref:accounts', { value: [OWN], at: NOW - 1_000 });

    await syncPreferences(NOW);

    expect(local.get('accounts')).toEqual([OWN]);
    expect(local.has('token:account-1')).toBe(true);
    expect(local.has('token:account-team')).toBe(false);
    expect(local.has('token:account-home')).toBe(false);
    expect(removedOrigins).toEqual([['https://team.example/*']]);
    expect([...held]).toEqual(['https://own.example/*']);
    expect(local.get('syncBase')).toMatchObject({ accounts: [OWN] });
  });

  it('record what another machine changed: the active account removed (none is active until one is picked here), a server moved, and when', async () => {
    const before = [OWN, TEAM, HOME];
    local.set('accounts', before);
    local.set('activeAccount', TEAM.id);
    local.set('syncBase', { accounts: before });
    for (const account of before) local.set(`token:${account.id}`, tokenOf(account));
    // Another machine removed TEAM, the one active here, and moved HOME to another server.
    const moved = { ...HOME, server: 'https://mirror.example' };
    synced.set('pref:accounts', { value: [OWN, moved], at: NOW - 60_000 });

    await syncPreferences(NOW);

    expect(local.get('accounts')).toEqual([OWN, moved]);
    // The active account is not silently the first: it stays the removed one, and the record says so.
    expect(local.get('activeAccount')).toBe(TEAM.id);
    expect(local.get('changedBySync')).toEqual({
      servers: { [HOME.id]: { server: 'https://mirror.example', at: NOW - 60_000 } },
      activeRemoved: { id: TEAM.id, name: 'Team', at: NOW - 60_000 },
    });
    // HOME's token stays bound to the server it was saved for: it is not sent to the mirror.
    expect(local.get(`token:${HOME.id}`)).toEqual(tokenOf(HOME));

    // A later merge that changes nothing of it keeps the record while it still holds.
    synced.set('pref:accounts', { value: [OWN, moved], at: NOW - 60_000 });
    local.set('copyFormat', 'markdown');
    local.set('changedAt:copyFormat', NOW + 1_000);
    await syncPreferences(NOW + 2_000);
    expect(local.get('changedBySync')).toEqual({
      servers: { [HOME.id]: { server: 'https://mirror.example', at: NOW - 60_000 } },
      activeRemoved: { id: TEAM.id, name: 'Team', at: NOW - 60_000 },
    });
  });

  it('take nothing stamped with a time no date holds: the pages that say when a change came would break on it', async () => {
    const before = [OWN, TEAM];
    local.set('accounts', before);
    local.set('activeAccount', TEAM.id);
    local.set('syncBase', { accounts: before });
    // A peer (a damaged item, a faulty build) removes the active account, "changed" past the last time a Date holds.
    synced.set('pref:accounts', { value: [OWN], at: 9e15 });
    synced.set('pref:copyFormat', { value: 'markdown', at: Number.NaN });

    await syncPreferences(NOW);

    expect(local.get('accounts')).toEqual(before);
    expect(local.get('activeAccount')).toBe(TEAM.id);
    expect(local.has('changedBySync')).toBe(false);
    expect(local.has('copyFormat')).toBe(false);
  });

  it("on a machine's first join, hold both lists apart when together they are more accounts than a machine keeps: none dropped, no token lost, nothing agreed", async () => {
    const mine = Array.from({ length: 5 }, (_, index) => numbered(index, 'mine'));
    const theirs = Array.from({ length: 8 }, (_, index) => numbered(index, 'theirs'));
    local.set('accounts', mine);
    for (const account of mine) local.set(`token:${account.id}`, tokenOf(account));
    synced.set('pref:accounts', { value: theirs, at: NOW - 5_000 });

    await syncPreferences(NOW);

    expect(local.get('accounts')).toEqual(mine);
    expect(mine.every((account) => local.has(`token:${account.id}`))).toBe(true);
    expect(synced.get('pref:accounts')).toEqual({ value: theirs, at: NOW - 5_000 });
    expect(local.get('syncBase') ?? {}).not.toHaveProperty('accounts');
    // And again: the same, not a slow loss; the settings page is told why (syncHeld).
    await syncPreferences(NOW + 60_000);
    expect(local.get('accounts')).toEqual(mine);
    expect(local.get('syncHeld')).toEqual(['accounts']);

    // Two removed here: together they fit, the lists join, and nothing is held any more.
    local.set('accounts', mine.slice(0, 2));
    await syncPreferences(NOW + 120_000);
    expect(local.get('accounts')).toEqual([...theirs, ...mine.slice(0, 2)]);
    expect(local.has('syncHeld')).toBe(false);
  });

  it("on a machine's first join, keep every account of both, each token here kept, and give sync the union", async () => {
    local.set('accounts', [OWN, HOME]);
    for (const account of [OWN, HOME]) local.set(`token:${account.id}`, tokenOf(account));
    synced.set('pref:accounts', { value: [OWN, TEAM], at: NOW - 5_000 });

    await syncPreferences(NOW);

    expect(local.get('accounts')).toEqual([OWN, TEAM, HOME]);
    expect(synced.get('pref:accounts')).toEqual({ value: [OWN, TEAM, HOME], at: NOW });
    expect(local.get('token:account-1')).toEqual(tokenOf(OWN));
    expect(local.get('token:account-home')).toEqual(tokenOf(HOME));
    expect(removedOrigins).toEqual([]);
    expect(local.get('syncBase')).toMatchObject({ accounts: [OWN, TEAM, HOME] });
  });

  it("on a machine's first join, keep its account whose id sync has for another server, under a new id, with its token and still active", async () => {
    // Two installs from before accounts: each made its one server account-1.
    const home = { ...OWN, server: 'https://home.example', name: 'Home' };
    local.set('accounts', [home]);
    local.set('activeAccount', home.id);
    local.set(`token:${home.id}`, tokenOf(home));
    held.add('https://home.example/*');
    synced.set('pref:accounts', { value: [OWN], at: NOW - 5_000 });

    await syncPreferences(NOW);

    const accounts = local.get('accounts') as Account[];
    const kept = accounts.find(({ server }) => server === home.server);
    expect(accounts).toEqual([OWN, { ...home, id: kept?.id }]);
    expect(kept?.id).not.toBe(home.id);
    expect(local.get(`token:${kept?.id}`)).toEqual(tokenOf(home));
    // Sync's account-1 is on another server: the token saved here for home.example is not its.
    expect(local.has('token:account-1')).toBe(false);
    expect(local.get('activeAccount')).toBe(kept?.id);
    // The links it made here are its new id's: history shows them as its, and the cache answers it with them.
    expect(movedLinks).toEqual([[home.id, kept?.id, home.server]]);
    expect(removedOrigins).toEqual([]);
    expect(synced.get('pref:accounts')).toEqual({ value: accounts, at: NOW });
  });

  it("on a new install's first join, take sync's accounts as they are: the default account it never stored is nobody's", async () => {
    // The user removed the default account elsewhere: it does not come back to every machine.
    synced.set('pref:accounts', { value: [TEAM], at: NOW - 5_000 });
    await syncPreferences(NOW);
    expect(local.get('accounts')).toEqual([TEAM]);
    expect(synced.get('pref:accounts')).toEqual({ value: [TEAM], at: NOW - 5_000 });
    expect(local.get('syncBase')).toMatchObject({ accounts: [TEAM] });
    // Nothing of this machine's was removed: no word of an active account removed elsewhere, and sync's first account is the one used.
    expect(local.get('changedBySync')).toEqual({ servers: {}, activeRemoved: null });
    const settings = { accounts: [TEAM], activeAccount: String(local.get('activeAccount') ?? 'account-1'), changedBySync: local.get('changedBySync') as SyncChanges };
    expect(accountFor(settings)).toEqual(TEAM);
  });

  it('on the first machine of all, new too, give sync its default account: there is nothing else to follow the user', async () => {
    await syncPreferences(NOW);
    expect(synced.get('pref:accounts')).toEqual({ value: [{ id: 'account-1', name: 'shrtnr.co', server: 'https://shrtnr.co' }], at: NOW });
  });

  it("on a new install's first join, take a full list of ten from sync rather than hold it apart for the default account", async () => {
    const theirs = Array.from({ length: 10 }, (_, index) => numbered(index, 'theirs'));
    synced.set('pref:accounts', { value: theirs, at: NOW - 5_000 });
    await syncPreferences(NOW);
    expect(local.get('accounts')).toEqual(theirs);
    expect(local.has('syncHeld')).toBe(false);
  });

  it('on the first join of an install from before accounts, on the default server with its token, keep that account beside sync\'s', async () => {
    const defaultAccount: Account = { id: 'account-1', name: 'shrtnr.co', server: 'https://shrtnr.co' };
    local.set('token:account-1', tokenOf(defaultAccount));
    synced.set('pref:accounts', { value: [TEAM], at: NOW - 5_000 });
    await syncPreferences(NOW);
    expect(local.get('accounts')).toEqual([TEAM, defaultAccount]);
    expect(local.get('token:account-1')).toEqual(tokenOf(defaultAccount));
  });

  it('when both machines changed the accounts since they agreed, keep an account added here, its token and host access, whatever the other machine did later', async () => {
    local.set('accounts', [OWN, TEAM]);
    local.set('syncBase', { accounts: [OWN] });
    for (const account of [OWN, TEAM]) local.set(`token:${account.id}`, tokenOf(account));
    held.add('https://team.example/*');
    // The other machine added HOME later (it had sync turned off when TEAM was added here, say).
    synced.set('pref:accounts', { value: [OWN, HOME], at: NOW + 60_000 });

    await syncPreferences(NOW);

    expect(local.get('accounts')).toEqual([OWN, HOME, TEAM]);
    expect(local.get('token:account-team')).toEqual(tokenOf(TEAM));
    expect(removedOrigins).toEqual([]);
    expect(synced.get('pref:accounts')).toEqual({ value: [OWN, HOME, TEAM], at: NOW });
  });

  it('give back the host access of a server an account moved away from on another machine, when no account uses it any more', async () => {
    const before = [OWN, TEAM];
    local.set('accounts', before);
    local.set('syncBase', { accounts: before });
    for (const origin of ['https://own.example/*', 'https://team.example/*']) held.add(origin);
    // Another machine moved TEAM (the same account, its id kept) to another server.
    const moved = { ...TEAM, server: 'https://moved.example' };
    synced.set('pref:accounts', { value: [OWN, moved], at: NOW - 1_000 });

    await syncPreferences(NOW);

    expect(local.get('accounts')).toEqual([OWN, moved]);
    expect(removedOrigins).toEqual([['https://team.example/*']]);
    expect([...held]).toEqual(['https://own.example/*']);
  });

  it("keep the host access of a server an account moved away from while another account still uses it", async () => {
    const before = [OWN, TEAM, { ...HOME, server: TEAM.server }];
    local.set('accounts', before);
    local.set('syncBase', { accounts: before });
    held.add('https://team.example/*');
    synced.set('pref:accounts', { value: [OWN, { ...TEAM, server: 'https://moved.example' }, before[2]], at: NOW - 1_000 });

    await syncPreferences(NOW);

    expect(removedOrigins).toEqual([]);
    expect([...held]).toEqual(['https://team.example/*']);
  });

  it('never put a token in sync, whatever is saved here', async () => {
    local.set('accounts', [OWN, TEAM]);
    for (const account of [OWN, TEAM]) local.set(`token:${account.id}`, tokenOf(account));
    await syncPreferences(NOW);
    expect(synced.get('pref:accounts')).toEqual({ value: [OWN, TEAM], at: NOW });
    expect(JSON.stringify([...synced.entries()])).not.toContain('token-of-');
    expect([...synced.keys()].every((key) => key.startsWith('pref:'))).toBe(true);
  });

  it('leave this machine alone when sync is turned off', async () => {
    local.set('syncPreferences', false);
    local.set('accounts', [OWN, TEAM]);
    local.set('token:account-team', tokenOf(TEAM));
    synced.set('pref:accounts', { value: [OWN], at: NOW - 1_000 });
    await syncPreferences(NOW);
    expect(local.get('accounts')).toEqual([OWN, TEAM]);
    expect(local.has('token:account-team')).toBe(true);
    expect(synced.get('pref:accounts')).toEqual({ value: [OWN], at: NOW - 1_000 });
  });
});

describe('a stored setting this machine cannot read', () => {
  /** Accounts as no version stores them (a token riding along): read as none, and reported. */
  const GARBAGE = [{ ...TEAM, token: 'token-of-team' }];

  it('is mended from sync when sync holds a value this machine may store, sync left as it is', async () => {
    for (const base of [{ accounts: [TEAM] }, { accounts: [OWN] }, {}]) {
      local.clear();
      synced.clear();
      local.set('settingsVersion', 2);
      local.set('accounts', GARBAGE);
      local.set('syncBase', base);
      const inSync = { value: [TEAM], at: NOW - 9_000 };
      synced.set('pref:accounts', inSync);

      await syncPreferences(NOW);

      expect(local.get('accounts'), JSON.stringify(base)).toEqual([TEAM]);
      expect(synced.get('pref:accounts'), JSON.stringify(base)).toEqual(inSync);
      expect(local.get('syncBase'), JSON.stringify(base)).toMatchObject({ accounts: [TEAM] });
    }
  });

  it('is never given to sync, nor recorded as agreed, when sync holds nothing of it', async () => {
    local.set('accounts', GARBAGE);

    await syncPreferences(NOW);

    expect(synced.has('pref:accounts')).toBe(false);
    // The other preferences were given, and agreed: the accounts alone were not.
    expect(synced.get('pref:autoCopy')).toEqual({ value: true, at: NOW });
    expect(local.get('syncBase')).toHaveProperty('autoCopy');
    expect(local.get('syncBase')).not.toHaveProperty('accounts');
    // Left as stored: nothing here wrote over it.
    expect(local.get('accounts')).toEqual(GARBAGE);
  });

  it('is never given to sync when sync holds nothing this machine may store, and sync keeps its own', async () => {
    local.set('accounts', 'garbage');
    local.set('syncBase', { accounts: [OWN] });
    const unreadable = { value: [{ ...TEAM, server: 'http://team.example' }], at: NOW - 9_000 };
    synced.set('pref:accounts', unreadable);

    await syncPreferences(NOW);

    expect(synced.get('pref:accounts')).toEqual(unreadable);
    expect(local.get('accounts')).toBe('garbage');
    // What was agreed before stands: nothing new was agreed on.
    expect(local.get('syncBase')).toMatchObject({ accounts: [OWN] });
  });
});

describe('the time of a change made here', () => {
  it("is when the user set it, not when the merge ran: a change the merge waited for loses to a later one another machine made meanwhile", async () => {
    local.set('syncBase', { copyFormat: 'plain' });
    // Set here an hour ago; the browser closed before its merge.
    local.set('copyFormat', 'markdown');
    local.set('changedAt:copyFormat', NOW - 3_600_000);
    synced.set('pref:copyFormat', { value: 'html', at: NOW - 60_000 });

    await syncPreferences(NOW);

    expect(local.get('copyFormat')).toBe('html');
    expect(synced.get('pref:copyFormat')).toEqual({ value: 'html', at: NOW - 60_000 });
  });

  it('is what sync is given, so another machine weighs it by when it was made', async () => {
    local.set('syncBase', { copyFormat: 'plain' });
    local.set('copyFormat', 'markdown');
    local.set('changedAt:copyFormat', NOW - 30_000);
    synced.set('pref:copyFormat', { value: 'html', at: NOW - 60_000 });

    await syncPreferences(NOW);

    expect(local.get('copyFormat')).toBe('markdown');
    expect(synced.get('pref:copyFormat')).toEqual({ value: 'markdown', at: NOW - 30_000 });
  });

  it('lets a save made while the merge read stand: the merge writes nothing, and the next one reads the save', async () => {
    local.set('syncBase', { copyFormat: 'plain' });
    local.set('copyFormat', 'plain');
    synced.set('pref:copyFormat', { value: 'html', at: NOW - 60_000 });
    // The settings page saves as the merge reads sync.
    const read = synced.get.bind(synced);
    let saved = false;
    vi.spyOn(synced, 'get').mockImplementation((key) => {
      if (!saved && key === 'pref:copyFormat') {
        saved = true;
        local.set('copyFormat', 'markdown');
        local.set('changedAt:copyFormat', NOW);
      }
      return read(key);
    });

    vi.useFakeTimers({ now: NOW + 1_000 });
    try {
      await syncPreferences(NOW);
      expect(local.get('copyFormat')).toBe('markdown');
      expect(local.get('syncBase')).toEqual({ copyFormat: 'plain' });

      // It asked for the next merge itself (a save that changed no value fires no change), which gives the save.
      await vi.advanceTimersByTimeAsync(1_000);
      await eventually(() => expect(synced.get('pref:copyFormat')).toEqual({ value: 'markdown', at: NOW }));
      expect(local.get('copyFormat')).toBe('markdown');
    } finally {
      vi.useRealTimers();
    }
  });
});
