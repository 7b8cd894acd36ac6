import { describe, expect, it } from 'vitest';
import { memoryArea } from '../../test/support/memory-area';
import { FIRST_ACCOUNT_ID, MAX_ACCOUNT_NAME } from './accounts';
import { DEFAULT_SERVER_URL, DEFAULT_SETTINGS } from './settings-schema';
import { readSettings, type StorageAreaLike } from './settings';
import { areaVault, tokenKey } from './token-vault';
import { writeSettings } from './settings-writer';
import { migratedArea, migrateSettings, SETTINGS_MIGRATIONS, SETTINGS_VERSION_KEY } from './settings-migrations';

const OWN = { id: 'account-own', name: 'Own', server: 'https://own.example' };

describe('settings storage', () => {
  it('returns the defaults for an empty store: one account, on the default server', async () => {
    expect(await readSettings(memoryArea())).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.accounts).toEqual([{ id: FIRST_ACCOUNT_ID, name: 'shrtnr.co', server: DEFAULT_SERVER_URL }]);
  });

  it('replaces each invalid value by its default, but invalid accounts by none: it fails closed', async () => {
    const reported: string[] = [];
    const area = memoryArea({ accounts: [{ id: 'account-1', name: 'Plain', server: 'http://plain.example' }], autoCopy: 'yes', activeAccount: 42 });
    const settings = await readSettings(area, undefined, ({ key }) => reported.push(key));
    // Not the default account on https://shrtnr.co: a token would be looked for there.
    expect(settings).toEqual({ ...DEFAULT_SETTINGS, accounts: [] });
    expect(reported.toSorted()).toEqual(['accounts', 'activeAccount', 'autoCopy']);
  });

  it('keeps the valid values beside an invalid one', async () => {
    const area = memoryArea({ accounts: [OWN], activeAccount: OWN.id, autoCopy: false, copyFormat: 'pdf', history: false, usePageShortLink: 'yes' });
    expect(await readSettings(area, undefined, () => {})).toEqual({
      accounts: [OWN],
      activeAccount: OWN.id,
      autoCopy: false,
      history: false,
      copyFormat: 'plain',
      stripTracking: false,
      usePageShortLink: false,
      syncPreferences: true,
      campaignPresets: [],
      changedBySync: { servers: {}, activeRemoved: null },
    });
  });

  it('keeps every campaign preset beside one whose value holds half of an emoji (stored before the forms refused one)', async () => {
    const presets = [
      { name: 'Good', params: [{ key: 'utm_source', value: 'news' }] },
      { name: 'Pasted', params: [{ key: 'utm_source', value: 'launch \uD83D' }] },
    ];
    expect(await readSettings(memoryArea({ campaignPresets: presets }), ['campaignPresets'])).toEqual({ campaignPresets: presets });
  });

  it('reads only the keys asked for, and never a token, even reading every setting', async () => {
    const area = memoryArea({ [tokenKey(OWN.id)]: { token: 'secret', server: OWN.server }, accounts: [OWN], autoCopy: false });
    const settings = await readSettings(area, ['autoCopy']);
    expect(settings).toEqual({ autoCopy: false });
    expect(JSON.stringify(await readSettings(area))).not.toContain('secret');
  });

  it('writes only the changed keys, so two pages saving different settings both win', async () => {
    const area = memoryArea({ accounts: [OWN], autoCopy: true });
    const team = { id: 'account-team', name: 'Team', server: 'https://team.example' };
    await Promise.all([writeSettings(area, { accounts: [OWN, team] }, 1_000), writeSettings(area, { autoCopy: false }, 2_000)]);
    expect(area.items).toEqual({ accounts: [OWN, team], autoCopy: false, 'changedAt:accounts': 1_000, 'changedAt:autoCopy': 2_000 });
  });

  it("stamps a synced preference with the time it was set, in the same write, and no other setting", async () => {
    const area = memoryArea();
    await writeSettings(area, { copyFormat: 'markdown', syncPreferences: false, activeAccount: OWN.id }, 5_000);
    expect(area.items).toEqual({ copyFormat: 'markdown', syncPreferences: false, activeAccount: OWN.id, 'changedAt:copyFormat': 5_000 });
  });

  it('refuses to store an invalid value', async () => {
    await expect(writeSettings(memoryArea(), { accounts: [{ ...OWN, server: 'https://x.example/' }] })).rejects.toThrow('accounts');
  });
});

/** What the stored items become, and read as, once the migrations ran. */
async function migrated(stored: Record<string, unknown>) {
  const area = memoryArea(stored);
  const settings = await readSettings(migratedArea(area), undefined, () => {});
  const tokens = await areaVault(area).read(settings.accounts.map(({ id }) => id));
  return { stored: area.items, settings, tokens };
}

const LATEST = { [SETTINGS_VERSION_KEY]: SETTINGS_MIGRATIONS.length };
const OLD_KEYS = ['token', 'serverUrl', 'tokenServer'];
const firstAccount = (server: string) => ({ id: FIRST_ACCOUNT_ID, name: new URL(server).host, server });

describe('settings migrations, from every shape this project has shipped', () => {
  const server = 'https://own.example';
  const mirror = 'https://mirror.example:8443';

  it('shape 0 (token, server, auto-copy): the first account, its token bound to the server it was used with', async () => {
    const { stored, settings, tokens } = await migrated({ token: 'tok', serverUrl: server, autoCopy: false });
    expect(stored).toEqual({
      accounts: [firstAccount(server)],
      activeAccount: FIRST_ACCOUNT_ID,
      [tokenKey(FIRST_ACCOUNT_ID)]: { token: 'tok', server },
      autoCopy: false,
      ...LATEST,
    });
    expect(settings).toEqual({ ...DEFAULT_SETTINGS, accounts: [firstAccount(server)], autoCopy: false });
    expect(tokens).toEqual({ [FIRST_ACCOUNT_ID]: { token: 'tok', server } });
  });

  it('shape 0 with the default server (never stored): the default account, its token bound to the default server', async () => {
    const { stored, settings, tokens } = await migrated({ token: 'tok' });
    expect(stored).toEqual({ [tokenKey(FIRST_ACCOUNT_ID)]: { token: 'tok', server: DEFAULT_SERVER_URL }, ...LATEST });
    expect(settings).toEqual(DEFAULT_SETTINGS);
    expect(tokens).toEqual({ [FIRST_ACCOUNT_ID]: { token: 'tok', server: DEFAULT_SERVER_URL } });
  });

  it('shape 0 with a server address that is not valid: no account, no token, it fails closed', async () => {
    const { stored, settings, tokens } = await migrated({ token: 'tok', serverUrl: 'http://plain.example', autoCopy: true });
    expect(stored).toEqual({ accounts: [], activeAccount: FIRST_ACCOUNT_ID, autoCopy: true, ...LATEST });
    expect(settings.accounts).toEqual([]);
    expect(tokens).toEqual({});
    expect(JSON.stringify(stored)).not.toContain('tok"');
  });

  it('shape 0 with a server that is no string at all: no account, and the token removed', async () => {
    const { stored, settings } = await migrated({ token: 'tok', serverUrl: 42 });
    expect(stored).toEqual({ accounts: [], activeAccount: FIRST_ACCOUNT_ID, ...LATEST });
    expect(settings.accounts).toEqual([]);
  });

  it('shape 0 with a server stored unnormalised (a path): it cannot be read, so no account and no token', async () => {
    const { stored } = await migrated({ token: 'tok', serverUrl: `${server}/with/path` });
    expect(stored).toEqual({ accounts: [], activeAccount: FIRST_ACCOUNT_ID, ...LATEST });
  });

  it('shape 0 with a server whose host is longer than a name may be: one account, named by its host cut to the bound, its token kept', async () => {
    const host = `${'a'.repeat(40)}.${'b'.repeat(30)}.example`;
    const long = `https://${host}`;
    expect(host.length).toBeGreaterThan(MAX_ACCOUNT_NAME);
    const { stored, settings, tokens } = await migrated({ token: 'tok', serverUrl: long });
    const account = { id: FIRST_ACCOUNT_ID, name: host.slice(0, MAX_ACCOUNT_NAME), server: long };
    // Read back as one account, not as none (an account named by the whole host would not be readable).
    expect(settings.accounts).toEqual([account]);
    expect(stored).toEqual({ accounts: [account], activeAccount: FIRST_ACCOUNT_ID, [tokenKey(FIRST_ACCOUNT_ID)]: { token: 'tok', server: long }, ...LATEST });
    expect(tokens).toEqual({ [FIRST_ACCOUNT_ID]: { token: 'tok', server: long } });
  });

  it('shape 1 (a bound token): the binding travels with the token, even to another server than the account\'s', async () => {
    const { stored, settings, tokens } = await migrated({ token: 'tok', tokenServer: server, serverUrl: mirror, autoCopy: true });
    expect(stored).toEqual({
      accounts: [firstAccount(mirror)],
      activeAccount: FIRST_ACCOUNT_ID,
      [tokenKey(FIRST_ACCOUNT_ID)]: { token: 'tok', server },
      autoCopy: true,
      ...LATEST,
    });
    expect(settings.accounts).toEqual([{ id: FIRST_ACCOUNT_ID, name: 'mirror.example:8443', server: mirror }]);
    // Still bound to own.example: account-tokens.ts sends it nowhere else.
    expect(tokens).toEqual({ [FIRST_ACCOUNT_ID]: { token: 'tok', server } });
  });

  it('shape 1 with a token whose server cannot be read: the account is kept, the token reads as none', async () => {
    const { stored, settings, tokens } = await migrated({ token: 'tok', tokenServer: 'nonsense', serverUrl: server });
    expect(settings.accounts).toEqual([firstAccount(server)]);
    expect(tokens).toEqual({});
    for (const key of OLD_KEYS) expect(stored).not.toHaveProperty(key);
  });

  it('shape 1 with no token: the account alone, no token item', async () => {
    const { stored } = await migrated({ serverUrl: server, tokenServer: server, autoCopy: false });
    expect(stored).toEqual({ accounts: [firstAccount(server)], activeAccount: FIRST_ACCOUNT_ID, autoCopy: false, ...LATEST });
  });

  it('shapes 2, 3 and 4 (later keys): the same first account, every later setting untouched', async () => {
    const shape1 = { token: 'tok', tokenServer: server, serverUrl: server, autoCopy: false };
    const shape2 = { ...shape1, history: false, copyFormat: 'markdown', stripTracking: true };
    const shape3 = { ...shape2, usePageShortLink: true };
    const presets = [{ name: 'Spring', params: [{ key: 'utm_source', value: 'news' }] }];
    const shape4 = { ...shape3, campaignPresets: presets, syncPreferences: false };
    for (const shape of [shape2, shape3, shape4]) {
      const { stored, settings, tokens } = await migrated(shape);
      const { token: _token, tokenServer: _tokenServer, serverUrl: _serverUrl, ...later } = shape;
      expect(stored).toEqual({ ...later, accounts: [firstAccount(server)], activeAccount: FIRST_ACCOUNT_ID, [tokenKey(FIRST_ACCOUNT_ID)]: { token: 'tok', server }, ...LATEST });
      expect(settings).toEqual({ ...DEFAULT_SETTINGS, ...later, accounts: [firstAccount(server)] });
      expect(tokens).toEqual({ [FIRST_ACCOUNT_ID]: { token: 'tok', server } });
    }
  });

  it('a profile that took the first step already (version 1) takes only the second', async () => {
    const { stored } = await migrated({ token: 'tok', tokenServer: server, serverUrl: server, [SETTINGS_VERSION_KEY]: 1 });
    expect(stored).toEqual({ accounts: [firstAccount(server)], activeAccount: FIRST_ACCOUNT_ID, [tokenKey(FIRST_ACCOUNT_ID)]: { token: 'tok', server }, ...LATEST });
  });

  it('a fresh install takes every step at once and stores nothing but its version: the default account', async () => {
    const { stored, settings, tokens } = await migrated({});
    expect(stored).toEqual(LATEST);
    expect(settings).toEqual(DEFAULT_SETTINGS);
    expect(tokens).toEqual({});
  });

  it('a profile already in the account shape is left as it is', async () => {
    const shape5 = { accounts: [OWN], activeAccount: OWN.id, [tokenKey(OWN.id)]: { token: 'tok', server: OWN.server }, autoCopy: false, ...LATEST };
    expect((await migrated(shape5)).stored).toEqual(shape5);
  });

  it('a second step stopped half-way (after its writes, before the old keys went, or before its version) ends the same when taken again', async () => {
    const shape1 = { token: 'tok', tokenServer: server, serverUrl: server, autoCopy: false, [SETTINGS_VERSION_KEY]: 1 };
    const done = { accounts: [firstAccount(server)], activeAccount: FIRST_ACCOUNT_ID, [tokenKey(FIRST_ACCOUNT_ID)]: { token: 'tok', server }, autoCopy: false };
    // Stopped between its write and the removal: the old keys and the new ones side by side.
    expect((await migrated({ ...shape1, ...done })).stored).toEqual({ ...done, ...LATEST });
    // Stopped after the removal, before its version was recorded: nothing left to read, nothing undone.
    expect((await migrated({ ...done, [SETTINGS_VERSION_KEY]: 1 })).stored).toEqual({ ...done, ...LATEST });
  });

  it('a second step stopped half-way, the user having switched account meanwhile, keeps the user\'s choice', async () => {
    const done = { accounts: [firstAccount(server), OWN], activeAccount: OWN.id, [tokenKey(FIRST_ACCOUNT_ID)]: { token: 'tok', server } };
    expect((await migrated({ ...done, [SETTINGS_VERSION_KEY]: 1 })).stored).toEqual({ ...done, ...LATEST });
  });

  it('takes each step once, in order, recording each as it is taken; a step that fails is taken again next time', async () => {
    const taken: string[] = [];
    let failOnce = true;
    const steps = [
      { name: 'a', run: async () => void taken.push('a') },
      {
        name: 'b',
        async run() {
          taken.push('b');
          if (failOnce) {
            failOnce = false;
            throw new Error('storage refused');
          }
        },
      },
    ];
    const area = memoryArea();
    await expect(migrateSettings(area, steps)).rejects.toThrow('storage refused');
    expect(area.items).toEqual({ [SETTINGS_VERSION_KEY]: 1 });
    await migrateSettings(area, steps);
    await migrateSettings(area, steps);
    expect(taken).toEqual(['a', 'b', 'b']);
    expect(area.items).toEqual({ [SETTINGS_VERSION_KEY]: 2 });
  });

  it('the real second step, failing at the removal, is taken again and ends in the account shape', async () => {
    const area = memoryArea({ token: 'tok', serverUrl: server, autoCopy: false });
    let refuse = true;
    const flaky: StorageAreaLike = {
      get: (keys) => area.get(keys),
      set: (items) => area.set(items),
      async remove(keys) {
        if (refuse) {
          refuse = false;
          throw new Error('storage refused');
        }
        await area.remove(keys);
      },
    };
    // Step one removes nothing here (the token is bound): the second step's removal is the first.
    await expect(migrateSettings(flaky)).rejects.toThrow('storage refused');
    expect(area.items[SETTINGS_VERSION_KEY]).toBe(1);
    await migrateSettings(flaky);
    expect(area.items).toEqual({ accounts: [firstAccount(server)], activeAccount: FIRST_ACCOUNT_ID, [tokenKey(FIRST_ACCOUNT_ID)]: { token: 'tok', server }, autoCopy: false, ...LATEST });
  });
});
