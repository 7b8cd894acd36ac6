import { describe, expect, it } from 'vitest';
import { accountCredentials, accountFor, asSavedToken, readSendingSettings, readTokens, removeTokens, tokenKey, writeToken } from './account-tokens';
import type { Account } from './accounts';
import type { StorageAreaLike } from './settings';
import { DEFAULT_SETTINGS } from './settings-schema';

/** An in-memory storage area with the semantics of storage.local, which remembers every key asked for. */
function memoryArea(initial: Record<string, unknown> = {}) {
  const items = { ...initial };
  const asked: string[][] = [];
  const area: StorageAreaLike = {
    get: async (keys) => {
      asked.push([...keys]);
      return Object.fromEntries(keys.filter((key) => key in items).map((key) => [key, items[key]]));
    },
    set: async (changes) => void Object.assign(items, changes),
    remove: async (keys) => keys.forEach((key) => delete items[key]),
  };
  return { area, items, asked };
}

const OWN: Account = { id: 'account-own', name: 'Own', server: 'https://own.example' };
const TEAM: Account = { id: 'account-team', name: 'Team', server: 'https://team.example:8443' };

describe("an account's credentials", () => {
  it("carry its token to the server it was saved for, the account's", () => {
    expect(accountCredentials(OWN, { token: 'tok', server: OWN.server })).toEqual({ ok: true, value: { serverUrl: OWN.server, token: 'tok' } });
  });

  it('refuse a token bound to another server, naming both hosts and never the token', () => {
    const result = accountCredentials(OWN, { token: 'tok', server: TEAM.server });
    expect(result).toEqual({ ok: false, error: { kind: 'token-for-other-server', tokenHost: 'team.example:8443', serverHost: 'own.example' } });
    expect(JSON.stringify(result)).not.toContain('tok"');
  });

  it('with no token saved here, send nothing and ask for the token, by the account\'s name when there are several', () => {
    expect(accountCredentials(TEAM, undefined)).toEqual({ ok: false, error: { kind: 'no-token', blank: false } });
    expect(accountCredentials(TEAM, undefined, true)).toEqual({ ok: false, error: { kind: 'no-token', blank: false, account: 'Team' } });
  });

  it('with a token saved bound to no server, as with none', () => {
    expect(accountCredentials(OWN, { token: 'tok', server: '' }, true)).toEqual({ ok: false, error: { kind: 'no-token', blank: false, account: 'Own' } });
  });
});

describe('a stored token', () => {
  it('is read with the server it is bound to', () => {
    expect(asSavedToken({ token: 'tok', server: OWN.server })).toEqual({ token: 'tok', server: OWN.server });
  });

  it('drops anything else the stored value carries', () => {
    expect(asSavedToken({ token: 'tok', server: OWN.server, extra: 1 })).toEqual({ token: 'tok', server: OWN.server });
  });

  it('bound to no server, or to one that cannot be read, reads as none: it cannot follow an account\'s server', () => {
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

describe("the accounts' tokens on this machine", () => {
  it('are read only for the accounts listed, each from its own item', async () => {
    const { area, asked } = memoryArea({
      [tokenKey(OWN.id)]: { token: 'own-tok', server: OWN.server },
      [tokenKey(TEAM.id)]: { token: 'team-tok', server: TEAM.server },
      token: 'old',
    });
    expect(await readTokens(area, [OWN.id])).toEqual({ [OWN.id]: { token: 'own-tok', server: OWN.server } });
    expect(asked).toEqual([[tokenKey(OWN.id)]]);
  });

  it('leave out an account with no token, or an unreadable one', async () => {
    const { area } = memoryArea({ [tokenKey(OWN.id)]: { token: 'own-tok', server: 'nonsense' } });
    expect(await readTokens(area, [OWN.id, TEAM.id])).toEqual({});
  });

  it('are not asked for at all when no account is listed', async () => {
    const { area, asked } = memoryArea({ [tokenKey(OWN.id)]: { token: 'own-tok', server: OWN.server } });
    expect(await readTokens(area, [])).toEqual({});
    expect(asked).toEqual([]);
  });

  it('are written and removed one account at a time, nothing else touched', async () => {
    const { area, items } = memoryArea({ [tokenKey(TEAM.id)]: { token: 'team-tok', server: TEAM.server }, autoCopy: false });
    await writeToken(area, OWN.id, { token: 'own-tok', server: OWN.server });
    expect(items).toEqual({ [tokenKey(TEAM.id)]: { token: 'team-tok', server: TEAM.server }, [tokenKey(OWN.id)]: { token: 'own-tok', server: OWN.server }, autoCopy: false });
    await removeTokens(area, [TEAM.id]);
    expect(items).toEqual({ [tokenKey(OWN.id)]: { token: 'own-tok', server: OWN.server }, autoCopy: false });
  });

  it('come with the settings for sending: those of the accounts listed only', async () => {
    const { area } = memoryArea({
      accounts: [OWN, TEAM],
      activeAccount: TEAM.id,
      [tokenKey(OWN.id)]: { token: 'own-tok', server: OWN.server },
      [tokenKey('account-gone')]: { token: 'gone-tok', server: OWN.server },
    });
    const sending = await readSendingSettings(area);
    expect(sending).toEqual({ ...DEFAULT_SETTINGS, accounts: [OWN, TEAM], activeAccount: TEAM.id, tokens: { [OWN.id]: { token: 'own-tok', server: OWN.server } } });
    expect(JSON.stringify(sending)).not.toContain('gone-tok');
  });
});

describe('the account a way in uses, from the settings', () => {
  it('is the one named, else the active one, else the first; none when the one named is gone', () => {
    const settings = { accounts: [OWN, TEAM], activeAccount: TEAM.id };
    expect(accountFor(settings)).toEqual(TEAM);
    expect(accountFor(settings, OWN.id)).toEqual(OWN);
    expect(accountFor({ ...settings, activeAccount: 'account-gone' })).toEqual(OWN);
    expect(accountFor(settings, 'account-gone')).toBeUndefined();
  });
});
