// fast-check documents its API as the default `fc` namespace object; this rule would flag every fc.* call.
// oxlint-disable import/no-named-as-default-member
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountOfEntry, chosenAccount, defaultAccountName, FIRST_ACCOUNT_ID, accountListSchema, MAX_ACCOUNT_NAME, MAX_ACCOUNTS, newAccountId, unionOfAccounts, type Account } from './accounts';
import { isNormalisedServerUrl } from './settings-schema';

const OWN: Account = { id: 'account-own', name: 'Own', server: 'https://own.example' };
const TEAM: Account = { id: 'account-team', name: 'Team', server: 'https://team.example' };
const WORK: Account = { id: 'account-work', name: 'Work', server: 'https://links.work.example:8443' };
const valid = (value: unknown) => accountListSchema(isNormalisedServerUrl).safeParse(value).success;
/** Account number n, on its own server. */
const numbered = (n: number, prefix = 'n'): Account => ({ id: `account-${prefix}${n}`, name: `${prefix} ${n}`, server: `https://${prefix}${n}.example` });
/** A server whose host (79 characters) is longer than a name may be. */
const LONG_HOST = `${'a'.repeat(40)}.${'b'.repeat(30)}.example`;
const LONG_SERVER = `https://${LONG_HOST}`;

/** New ids as the union makes them, numbered in order: `account-new-1`, … */
const newIds = () => {
  let made = 0;
  return () => `account-new-${(made += 1)}`;
};
/** The union's accounts, new ids numbered. */
const joined = (synced: readonly Account[], local: readonly Account[]): Account[] => unionOfAccounts(synced, local, newIds()).accounts;

/** The union, checked: valid, every local account whose id sync lacks kept (by id), no name untrimmed or too long. */
function checkedUnion(synced: Account[], local: Account[]): Account[] {
  const union = joined(synced, local);
  expect(valid(union), JSON.stringify(union)).toBe(true);
  const onlyLocal = local.filter((account) => !synced.some(({ id }) => id === account.id)).map(({ id }) => id);
  expect(union.map(({ id }) => id)).toEqual(expect.arrayContaining(onlyLocal));
  for (const { name } of union) {
    expect(name.length).toBeLessThanOrEqual(MAX_ACCOUNT_NAME);
    expect(name).toBe(name.trim());
  }
  return union;
}
/** The name the union gives the account of that id. */
const nameOf = (union: Account[], id: string) => union.find((account) => account.id === id)?.name;

describe('a list of accounts, as read from storage or sync', () => {
  it('is accepted within bounds, empty included', () => {
    expect(valid([])).toBe(true);
    expect(valid([OWN, TEAM, WORK])).toBe(true);
    expect(valid(Array.from({ length: MAX_ACCOUNTS }, (_, index) => numbered(index)))).toBe(true);
    expect(valid([{ ...OWN, name: 'x'.repeat(MAX_ACCOUNT_NAME) }])).toBe(true);
    expect(valid([{ ...OWN, id: newAccountId() }])).toBe(true);
  });

  it('is refused with two accounts of one id', () => {
    expect(valid([OWN, { ...TEAM, id: OWN.id }])).toBe(false);
  });

  it('is refused with two accounts of one name, in any case', () => {
    expect(valid([OWN, { ...TEAM, name: 'Own' }])).toBe(false);
    expect(valid([OWN, { ...TEAM, name: 'OWN' }])).toBe(false);
    expect(valid([OWN, { ...TEAM, name: 'own' }])).toBe(false);
  });

  it('is refused with a server that is not stored as the settings store it', () => {
    for (const server of ['http://own.example', 'https://own.example/', 'https://own.example/path', 'own.example', '', 'https://user:pw@own.example']) {
      expect(valid([{ ...OWN, server }]), server).toBe(false);
    }
    expect(valid([{ ...OWN, server: 42 }])).toBe(false);
  });

  it('is refused past the bound of accounts', () => {
    expect(valid(Array.from({ length: MAX_ACCOUNTS + 1 }, (_, index) => numbered(index)))).toBe(false);
  });

  it('is refused with a name untrimmed, empty, or too long', () => {
    for (const name of [' Own', 'Own ', '\tOwn', '', ' ', 'x'.repeat(MAX_ACCOUNT_NAME + 1)]) {
      expect(valid([{ ...OWN, name }]), JSON.stringify(name)).toBe(false);
    }
  });

  it('is refused with an id that is empty, too long, or of other characters', () => {
    for (const id of ['', 'a'.repeat(65), 'account 1', 'account/1', 'token:account-1']) {
      expect(valid([{ ...OWN, id }]), id).toBe(false);
    }
  });

  it('is refused with an account that carries anything besides its id, name and server (a token least of all)', () => {
    expect(valid([{ ...OWN, token: 'secret-token-0123456789' }])).toBe(false);
    expect(valid([OWN, { ...TEAM, tokenServer: TEAM.server }])).toBe(false);
    expect(valid([{ ...OWN, extra: undefined }])).toBe(false);
  });

  it('is refused when it is not a list of accounts', () => {
    for (const value of [undefined, null, 'account-1', {}, { 0: OWN, length: 1 }, [null], [OWN, 'Team'], [{ id: OWN.id, name: OWN.name }]]) {
      expect(valid(value), JSON.stringify(value)).toBe(false);
    }
  });
});

describe('the account a way in uses', () => {
  const accounts = [OWN, TEAM, WORK];

  it('is the one it names', () => {
    expect(chosenAccount(accounts, OWN.id, TEAM.id)).toEqual(TEAM);
  });

  it('else the active one', () => {
    expect(chosenAccount(accounts, WORK.id)).toEqual(WORK);
  });

  it('else, the active one gone, the first', () => {
    expect(chosenAccount(accounts, 'account-gone')).toEqual(OWN);
  });

  it('is none when the one named is gone: never another in its place', () => {
    expect(chosenAccount(accounts, OWN.id, 'account-gone')).toBeUndefined();
  });

  it('is none when there is no account', () => {
    expect(chosenAccount([], FIRST_ACCOUNT_ID)).toBeUndefined();
    expect(chosenAccount([], FIRST_ACCOUNT_ID, FIRST_ACCOUNT_ID)).toBeUndefined();
  });
});

describe('the name an account gets when none is typed', () => {
  it("is its server's host, port included", () => {
    expect(defaultAccountName('https://shrtnr.co')).toBe('shrtnr.co');
    expect(defaultAccountName(WORK.server)).toBe('links.work.example:8443');
  });

  it('is cut to the bound of names when the host is longer, so that the account can be stored', () => {
    expect(LONG_HOST.length).toBeGreaterThan(MAX_ACCOUNT_NAME);
    expect(defaultAccountName(LONG_SERVER)).toBe(LONG_HOST.slice(0, MAX_ACCOUNT_NAME));
    expect(valid([{ id: FIRST_ACCOUNT_ID, name: defaultAccountName(LONG_SERVER), server: LONG_SERVER }])).toBe(true);
  });
});

describe('the account of a history entry', () => {
  it('is the one it names, or the first account for an entry made before accounts', () => {
    expect(accountOfEntry({ account: TEAM.id })).toBe(TEAM.id);
    expect(accountOfEntry({})).toBe(FIRST_ACCOUNT_ID);
  });
});

describe('the union of two machines\' accounts (one joins sync)', () => {
  it('keeps an account both hold (one id, one server) once, as sync has it', () => {
    expect(joined([OWN, TEAM], [TEAM, OWN])).toEqual([OWN, TEAM]);
    expect(joined([OWN], [{ ...OWN, name: 'Renamed here' }])).toEqual([OWN]);
  });

  it("keeps both accounts of one id on two servers (every install from before accounts has account-1): this machine's under a new id", () => {
    const elsewhere = { ...OWN, server: 'https://elsewhere.example', name: 'Elsewhere' };
    expect(unionOfAccounts([OWN, TEAM], [elsewhere, WORK], newIds())).toEqual({
      accounts: [OWN, TEAM, { ...elsewhere, id: 'account-new-1' }, WORK],
      renamed: { [OWN.id]: 'account-new-1' },
    });
    expect(unionOfAccounts([OWN], [OWN]).renamed).toEqual({});
  });

  it("lists sync's accounts first, then this machine's, each in its order", () => {
    expect(joined([WORK, OWN], [TEAM, OWN])).toEqual([WORK, OWN, TEAM]);
    expect(joined([], [TEAM, OWN])).toEqual([TEAM, OWN]);
    expect(joined([TEAM, OWN], [])).toEqual([TEAM, OWN]);
  });

  it("renames this machine's account whose name sync uses for another, with its server's host", () => {
    const mine = { id: 'account-mine', name: 'team', server: 'https://links.mine.example:8443' };
    const union = joined([TEAM], [mine]);
    expect(union).toEqual([TEAM, { ...mine, name: 'team (links.mine.example:8443)' }]);
    expect(valid(union)).toBe(true);
  });

  it('keeps every account of both, past the bound too (the merge then holds both lists apart: no account is dropped)', () => {
    const synced = Array.from({ length: 8 }, (_, index) => numbered(index, 's'));
    const local = Array.from({ length: 5 }, (_, index) => numbered(index, 'l'));
    const union = joined(synced, local);
    expect(union).toEqual([...synced, ...local]);
    expect(union.length).toBeGreaterThan(MAX_ACCOUNTS);
    expect(valid(union)).toBe(false);
  });

  it('gives a valid list from any two valid lists with short names', () => {
    const synced = [OWN, TEAM, { ...WORK, name: 'Shared' }];
    const local = [{ ...OWN, name: 'Mine' }, { id: 'account-x', name: 'own', server: 'https://x.example' }, { id: 'account-y', name: 'SHARED', server: 'https://y.example' }];
    const union = joined(synced, local);
    expect(valid(union)).toBe(true);
    expect(union.map(({ id }) => id)).toEqual([OWN.id, TEAM.id, WORK.id, 'account-x', 'account-y']);
  });

  it('keeps, under a name within the bound, an account whose 59-character name sync uses for another', () => {
    const name = 'x'.repeat(MAX_ACCOUNT_NAME - 1);
    const theirs = { ...TEAM, name };
    const mine = { id: 'account-mine', name, server: 'https://home.example' };
    const union = checkedUnion([theirs], [mine]);
    expect(union).toHaveLength(2);
    // Cut to leave room for the host, which is said whole.
    expect(nameOf(union, mine.id)).toBe(`${'x'.repeat(MAX_ACCOUNT_NAME - ' (home.example)'.length)} (home.example)`);
  });

  it('keeps an account whose 60-character name clashes, whatever the length of its host', () => {
    const name = 'y'.repeat(MAX_ACCOUNT_NAME);
    for (const server of ['https://home.example', WORK.server, LONG_SERVER]) {
      const mine = { id: 'account-mine', name, server };
      const union = checkedUnion([{ ...TEAM, name: name.toUpperCase() }], [mine]);
      expect(union, server).toHaveLength(2);
      expect(nameOf(union, mine.id)?.toLowerCase()).not.toBe(name);
    }
  });

  it('never leaves a space where the name was cut', () => {
    // Cut before the host's suffix (15 characters) exactly at the space.
    const name = `${'a'.repeat(44)} ${'b'.repeat(15)}`;
    const union = checkedUnion([{ ...TEAM, name }], [{ id: 'account-mine', name, server: 'https://home.example' }]);
    expect(nameOf(union, 'account-mine')).toBe(`${'a'.repeat(44)} (home.example)`);
    // And before a number's suffix: a 56-character stem ending in a space.
    const spaced = `${'c'.repeat(55)} dddd`;
    const numberedUnion = checkedUnion(
      [
        { ...TEAM, name: spaced },
        { id: 'account-x', name: `${'c'.repeat(45)} (home.example)`, server: 'https://x.example' },
      ],
      [{ id: 'account-mine', name: spaced, server: 'https://home.example' }],
    );
    expect(nameOf(numberedUnion, 'account-mine')).toBe(`${'c'.repeat(55)} (2)`);
  });

  it('numbers a name taken with and without the host: (2), then (3)', () => {
    const synced = [TEAM, { id: 'account-x', name: 'Team (home.example)', server: 'https://x.example' }];
    const mine = { id: 'account-mine', name: 'team', server: 'https://home.example' };
    expect(nameOf(checkedUnion(synced, [mine]), mine.id)).toBe('team (2)');
    const taken = [...synced, { id: 'account-y', name: 'TEAM (2)', server: 'https://y.example' }];
    expect(nameOf(checkedUnion(taken, [mine]), mine.id)).toBe('team (3)');
    // Two of this machine's that clash with sync's and with each other's renaming.
    const both = checkedUnion([TEAM], [
      { id: 'account-a', name: 'Team', server: 'https://home.example' },
      { id: 'account-b', name: 'Team (home.example)', server: 'https://b.example' },
    ]);
    expect(both.map(({ name }) => name)).toEqual(['Team', 'Team (home.example)', 'Team (home.example) (b.example)']);
  });

  it('numbers a 60-character name, cut to leave room for the number', () => {
    const name = 'z'.repeat(MAX_ACCOUNT_NAME);
    const host = `${'z'.repeat(MAX_ACCOUNT_NAME - ' (home.example)'.length)} (home.example)`;
    const synced = [{ ...TEAM, name }, { id: 'account-x', name: host, server: 'https://x.example' }];
    const union = checkedUnion(synced, [{ id: 'account-mine', name, server: 'https://home.example' }]);
    expect(nameOf(union, 'account-mine')).toBe(`${'z'.repeat(MAX_ACCOUNT_NAME - 4)} (2)`);
  });

  // Names as storage holds them, from a small pool so that they meet: long ones, ones with spaces, ones like a renaming.
  const aName = fc.constantFrom('Team', 'team', 'Team (2)', 'Team (home.example)', 'x'.repeat(59), 'X'.repeat(60), `${'a'.repeat(44)} ${'b'.repeat(15)}`, `${'c'.repeat(55)} dddd`, 'a b');
  const anAccount = fc.record({
    id: fc.constantFrom('account-1', 'account-a', 'account-b', 'account-c', 'account-d', 'account-e', 'account-f'),
    name: aName,
    server: fc.constantFrom('https://home.example', 'https://team.example:8443', LONG_SERVER),
  });
  const aList = fc.uniqueArray(anAccount, { maxLength: 7, selector: ({ id }) => id }).filter((list) => new Set(list.map(({ name }) => name.toLowerCase())).size === list.length);

  it('from any two valid lists, gives every account of both (one id on one server once), valid within the bound', () => {
    fc.assert(
      fc.property(aList, aList, (synced, local) => {
        const { accounts: union, renamed } = unionOfAccounts(synced, local, newIds());
        const both = (account: Account) => synced.some(({ id, server }) => id === account.id && server === account.server);
        expect(union).toHaveLength(synced.length + local.filter((account) => !both(account)).length);
        expect(union.slice(0, synced.length)).toEqual(synced);
        // Each renamed account is this machine's, on its own server, under its new id.
        for (const [oldId, newId] of Object.entries(renamed)) {
          expect(union.find(({ id }) => id === newId)?.server).toBe(local.find(({ id }) => id === oldId)?.server);
        }
        // Over the bound, the union is for the caller to cut down (no valid list is that long).
        expect(valid(union)).toBe(union.length <= MAX_ACCOUNTS);
      }),
    );
  });
});
