import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { memoryArea } from '../../test/support/memory-area';
import { TOKEN_DATABASE, tokenDatabase } from './token-database';
import { areaVault, asSavedToken, databaseVault, openTokenVault, tokenKey } from './token-vault';

/** A database of its own, in a fresh in-memory IndexedDB. */
function newDatabase() {
  const factory = new IDBFactory();
  return tokenDatabase(() => factory);
}

/** A storage area holding a setting, and an empty database. */
const fresh = () => ({ area: memoryArea({ autoCopy: false }), database: newDatabase() });

const OWN = { id: 'account-own', server: 'https://own.example' };
const TEAM = { id: 'account-team', server: 'https://team.example:8443' };
const own = { token: 'own-tok', server: OWN.server };
const team = { token: 'team-tok', server: TEAM.server };

describe('a stored token', () => {
  it('is read with the server it is bound to, and nothing else it carries', () => {
    expect(asSavedToken(own)).toEqual(own);
    expect(asSavedToken({ ...own, extra: 1 })).toEqual(own);
  });

  it("bound to no server, or to one that cannot be read, reads as none: it cannot follow an account's server", () => {
    for (const server of [undefined, '', 'nonsense', 'http://own.example', 'https://own.example/', 'https://own.example/path', 42]) {
      expect(asSavedToken({ token: 'tok', server }), String(server)).toBeUndefined();
    }
  });

  it('that is no token reads as none', () => {
    for (const stored of [undefined, null, 'tok', 42, [], {}, { token: '', server: OWN.server }, { token: 42, server: OWN.server }]) {
      expect(asSavedToken(stored), JSON.stringify(stored)).toBeUndefined();
    }
  });
});

describe('tokens kept in a storage area closed to pages (Chromium)', () => {
  it('are read only for the accounts listed, each from its own item', async () => {
    const area = memoryArea({ [tokenKey(OWN.id)]: own, [tokenKey(TEAM.id)]: team, token: 'old' });
    expect(await areaVault(area).read([OWN.id])).toEqual({ [OWN.id]: own });
    expect(area.asked).toEqual([[tokenKey(OWN.id)]]);
  });

  it('leave out an account with no token, or an unreadable one; none are asked for when no account is listed', async () => {
    const area = memoryArea({ [tokenKey(OWN.id)]: { token: 'own-tok', server: 'nonsense' } });
    expect(await areaVault(area).read([OWN.id, TEAM.id])).toEqual({});
    expect(await areaVault(area).read([])).toEqual({});
    expect(area.asked).toHaveLength(1);
  });

  it('are written with the settings that go with them in one write, and removed one account at a time', async () => {
    const area = memoryArea({ [tokenKey(TEAM.id)]: team, autoCopy: false });
    const writes = vi.spyOn(area, 'set');
    await areaVault(area).write(OWN.id, own, { activeAccount: OWN.id });
    expect(writes).toHaveBeenCalledTimes(1);
    expect(area.items).toEqual({ [tokenKey(TEAM.id)]: team, [tokenKey(OWN.id)]: own, activeAccount: OWN.id, autoCopy: false });
    await areaVault(area).remove([TEAM.id]);
    expect(area.items).toEqual({ [tokenKey(OWN.id)]: own, activeAccount: OWN.id, autoCopy: false });
  });
});

describe("tokens kept in the extension's IndexedDB (Firefox)", () => {
  it('are written, read and removed there, and never in the storage area', async () => {
    const { area, database } = fresh();
    const vault = databaseVault(area, database);
    await vault.write(OWN.id, own, { activeAccount: OWN.id });
    await vault.write(TEAM.id, team);
    expect(area.items).toEqual({ autoCopy: false, activeAccount: OWN.id });
    expect(await database.all()).toEqual({ [OWN.id]: own, [TEAM.id]: team });
    expect(await vault.read([OWN.id, TEAM.id, 'account-none'])).toEqual({ [OWN.id]: own, [TEAM.id]: team });
    await vault.remove([OWN.id]);
    expect(await vault.read([OWN.id, TEAM.id])).toEqual({ [TEAM.id]: team });
  });

  it('leave out an unreadable record', async () => {
    const { area, database } = fresh();
    await database.change({ [OWN.id]: { token: 'own-tok', server: 'nonsense' } });
    expect(await databaseVault(area, database).read([OWN.id])).toEqual({});
  });

  it('take in every token left in the storage area (an older version kept them there) before a read, leaving no copy there', async () => {
    const { database } = fresh();
    const area = memoryArea({ [tokenKey(OWN.id)]: own, [tokenKey('account-gone')]: team, accounts: [OWN], autoCopy: false });
    const vault = databaseVault(area, database);
    expect(await vault.read([OWN.id])).toEqual({ [OWN.id]: own });
    expect(area.items).toEqual({ accounts: [OWN], autoCopy: false });
    // A token no account names goes too: it is as much a secret.
    expect(await database.all()).toEqual({ [OWN.id]: own, 'account-gone': team });
  });

  it('written to the database before they leave the area: a stop in between leaves them in both places, never in none', async () => {
    const { database } = fresh();
    const area = memoryArea({ [tokenKey(OWN.id)]: own });
    vi.spyOn(area, 'remove').mockRejectedValueOnce(new Error('the worker stopped'));
    await expect(databaseVault(area, database).read([OWN.id])).rejects.toThrow('the worker stopped');
    expect(await database.all()).toEqual({ [OWN.id]: own });
    expect(area.items).toEqual({ [tokenKey(OWN.id)]: own });
    // The next read finishes the move.
    expect(await databaseVault(area, database).read([OWN.id])).toEqual({ [OWN.id]: own });
    expect(area.items).toEqual({});
  });

  it('removed from both places: a copy written to the area since does not come back', async () => {
    const { area, database } = fresh();
    const vault = databaseVault(area, database);
    await vault.write(OWN.id, own);
    area.items[tokenKey(OWN.id)] = own;
    await vault.remove([OWN.id]);
    expect(await vault.read([OWN.id])).toEqual({});
    expect(area.items).toEqual({ autoCopy: false });
  });
});

describe('the vault a browser gets', () => {
  it('where storage.local can be closed to pages: that area, with the tokens an earlier choice kept in IndexedDB moved back, and the database gone', async () => {
    const factory = new IDBFactory();
    const database = tokenDatabase(() => factory);
    await database.change({ [OWN.id]: own, [TEAM.id]: team });
    // The area's own token for an account wins over the database's older one.
    const newer = { token: 'newer-tok', server: TEAM.server };
    const area = memoryArea({ [tokenKey(TEAM.id)]: newer });
    const vault = await openTokenVault({ area, closeAreaToPages: async () => true, database });
    expect(await vault.read([OWN.id, TEAM.id])).toEqual({ [OWN.id]: own, [TEAM.id]: newer });
    expect((await factory.databases()).map(({ name }) => name)).not.toContain(TOKEN_DATABASE.name);
  });

  it('where storage.local cannot be closed: IndexedDB, with every token already out of storage.local when it is handed over', async () => {
    const area = memoryArea({ [tokenKey(OWN.id)]: own, accounts: [OWN] });
    const database = newDatabase();
    const vault = await openTokenVault({ area, closeAreaToPages: async () => false, database });
    expect(area.items).toEqual({ accounts: [OWN] });
    expect(await vault.read([OWN.id])).toEqual({ [OWN.id]: own });
    await vault.write(TEAM.id, team);
    expect(area.items).toEqual({ accounts: [OWN] });
  });

  it('where IndexedDB keeps nothing either (Firefox set never to remember history): storage.local, the tokens there kept as they are', async () => {
    const area = memoryArea({ [tokenKey(OWN.id)]: own });
    const refusing = { ...newDatabase(), all: () => Promise.reject(new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError')) };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const vault = await openTokenVault({ area, closeAreaToPages: async () => false, database: refusing });
    expect(await vault.read([OWN.id])).toEqual({ [OWN.id]: own });
    expect(area.items).toEqual({ [tokenKey(OWN.id)]: own });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('IndexedDB keeps nothing here'), expect.any(String));
    warn.mockRestore();
  });
});
