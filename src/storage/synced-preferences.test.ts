// fast-check documents its API as the default `fc` namespace object; this rule would flag every fc.* call.
// oxlint-disable import/no-named-as-default-member
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Account } from './accounts';
import { DEFAULT_SETTINGS, settingSchemas } from './settings-schema';
import { reconcile, SYNCED_KEYS, type SyncAction, type SyncState } from './synced-preferences';

const NOW = 1_800_000_000_000;
const local = Object.fromEntries(SYNCED_KEYS.map((key) => [key, DEFAULT_SETTINGS[key]])) as SyncState['local'];
const agreed = { ...local } as SyncState['base'];
const syncedAll = (at: number) => Object.fromEntries(SYNCED_KEYS.map((key) => [key, { value: DEFAULT_SETTINGS[key], at }])) as SyncState['synced'];
const valid = () => true;
// As sync-area.ts checks sync's values: as a stored setting.
const asStored = (key: keyof SyncState['local'], value: unknown) => settingSchemas[key].safeParse(value).success;
const accountActions = (actions: SyncAction[]) => actions.filter(({ key }) => key === 'accounts');
// This machine's check, which knows no 'pdf' copy format (a newer build's, say).
const storable = (key: string, value: unknown) => key !== 'copyFormat' || value !== 'pdf';
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

describe('preferences reconciled with sync', () => {
  it('gives every preference of the first machine to an empty sync, stamped now', () => {
    const actions = reconcile({ local, base: {}, synced: {} }, NOW, valid);
    expect(actions).toEqual(SYNCED_KEYS.map((key) => ({ kind: 'give', key, item: { value: DEFAULT_SETTINGS[key], at: NOW } })));
  });

  it('lets a new machine take what sync holds: the preferences follow the user', () => {
    const synced = { ...syncedAll(NOW - 5_000), copyFormat: { value: 'markdown', at: NOW - 5_000 } };
    expect(reconcile({ local, base: {}, synced }, NOW, valid)).toEqual([{ kind: 'take', key: 'copyFormat', value: 'markdown' }]);
  });

  it("takes another machine's change, gives this machine's, and nothing when both agree", () => {
    const synced = { ...syncedAll(NOW - 9_000), autoCopy: { value: false, at: NOW - 1_000 } };
    expect(reconcile({ local, base: agreed, synced }, NOW, valid)).toEqual([{ kind: 'take', key: 'autoCopy', value: false }]);
    expect(reconcile({ local: { ...local, history: false }, base: agreed, synced: syncedAll(NOW - 9_000) }, NOW, valid)).toEqual([
      { kind: 'give', key: 'history', item: { value: false, at: NOW } },
    ]);
    expect(reconcile({ local, base: agreed, synced: syncedAll(NOW - 9_000) }, NOW, valid)).toEqual([]);
  });

  it('when both changed the same preference, the later change wins, whole', () => {
    const mine = { ...local, campaignPresets: [{ name: 'Mine', params: [{ key: 'utm_source', value: 'a' }] }] };
    const theirs = { value: [{ name: 'Theirs', params: [{ key: 'utm_source', value: 'b' }] }], at: NOW + 2_000 };
    expect(reconcile({ local: mine, base: agreed, synced: { ...syncedAll(NOW), campaignPresets: theirs } }, NOW, valid)).toEqual([
      { kind: 'take', key: 'campaignPresets', value: theirs.value },
    ]);
    expect(reconcile({ local: mine, base: agreed, synced: { ...syncedAll(NOW), campaignPresets: { ...theirs, at: NOW - 2_000 } } }, NOW, valid)).toEqual([
      { kind: 'give', key: 'campaignPresets', item: { value: mine.campaignPresets, at: NOW } },
    ]);
  });

  it("weighs this machine's change at when its user made it (changedAt), never later than now, and gives it so stamped", () => {
    // Agreed on plain; this machine's user chose markdown, another machine's html, 2 s ago.
    const both = { local: { ...local, copyFormat: 'markdown' as const }, base: agreed, synced: { ...syncedAll(NOW - 9_000), copyFormat: { value: 'html', at: NOW - 2_000 } } };
    // Chosen here 5 s ago, before the other machine's choice: theirs wins.
    expect(reconcile({ ...both, changedAt: { copyFormat: NOW - 5_000 } }, NOW, valid)).toEqual([{ kind: 'take', key: 'copyFormat', value: 'html' }]);
    // Chosen here 1 s ago: this one wins, and is given with its own time.
    expect(reconcile({ ...both, changedAt: { copyFormat: NOW - 1_000 } }, NOW, valid)).toEqual([{ kind: 'give', key: 'copyFormat', item: { value: 'markdown', at: NOW - 1_000 } }]);
    // A stamp from a clock ahead counts as now, as does a change with no stamp.
    for (const changedAt of [{ copyFormat: NOW + 60_000 }, {}]) {
      expect(reconcile({ ...both, changedAt }, NOW, valid)).toEqual([{ kind: 'give', key: 'copyFormat', item: { value: 'markdown', at: NOW } }]);
    }
  });

  it('never takes a value this machine would not store; mends it with its own only when this machine changed its own since', () => {
    const synced = { ...syncedAll(NOW - 9_000), copyFormat: { value: 'pdf', at: NOW - 1_000 } };
    // A newer build's choice, unknown here: a machine that changed nothing leaves it be (it would come back to that build as a change).
    expect(reconcile({ local, base: agreed, synced }, NOW, storable)).toEqual([]);
    expect(reconcile({ local: { ...local, copyFormat: 'markdown' }, base: agreed, synced }, NOW, storable)).toEqual([
      { kind: 'give', key: 'copyFormat', item: { value: 'markdown', at: NOW } },
    ]);
    // Never agreed: its own goes to sync, as to an empty one.
    expect(reconcile({ local, base: {}, synced }, NOW, storable)).toEqual([{ kind: 'give', key: 'copyFormat', item: { value: 'plain', at: NOW } }]);
  });

  it("leaves a newer build's accounts in sync alone when this machine changed none of its own", () => {
    const accounts: Account[] = [{ id: 'account-1', name: 'Work', server: 'https://work.example' }];
    const newer = { value: [{ ...accounts[0], colour: 'teal' }], at: NOW - 1_000 };
    const synced = { ...syncedAll(NOW - 9_000), accounts: newer };
    const state = { local: { ...local, accounts }, base: { ...agreed, accounts }, synced };
    expect(reconcile(state, NOW, asStored)).toEqual([]);
  });

  it('keeps on this machine a preference too large for one sync item, and says how large', () => {
    const presets = Array.from({ length: 30 }, (_, index) => ({ name: `Preset ${index}`, params: [{ key: 'utm_source', value: 'x'.repeat(200) }, { key: 'utm_medium', value: 'y'.repeat(200) }] }));
    const [action] = reconcile({ local: { ...local, campaignPresets: presets }, base: agreed, synced: syncedAll(NOW - 9_000) }, NOW, valid);
    expect(action).toMatchObject({ kind: 'too-large', key: 'campaignPresets' });
    expect(action?.kind === 'too-large' && action.bytes).toBeGreaterThan(8_192);
  });
});

describe('accounts reconciled with sync', () => {
  const OWN: Account = { id: 'account-1', name: 'shrtnr.co', server: 'https://shrtnr.co' };
  const TEAM: Account = { id: 'account-team', name: 'Team', server: 'https://team.example' };
  const HOME: Account = { id: 'account-home', name: 'Home', server: 'https://home.example' };

  it("on a machine's first join, takes every account of both and gives sync the union", () => {
    const synced = { ...syncedAll(NOW - 5_000), accounts: { value: [OWN, TEAM], at: NOW - 5_000 } };
    const actions = reconcile({ local: { ...local, accounts: [OWN, HOME] }, base: {}, synced }, NOW, asStored);
    expect(accountActions(actions)).toEqual([
      { kind: 'take', key: 'accounts', value: [OWN, TEAM, HOME] },
      { kind: 'give', key: 'accounts', item: { value: [OWN, TEAM, HOME], at: NOW } },
    ]);
  });

  it("on a machine's first join whose accounts sync holds already, takes sync's list and gives nothing back", () => {
    const synced = { ...syncedAll(NOW - 5_000), accounts: { value: [TEAM, OWN], at: NOW - 5_000 } };
    expect(accountActions(reconcile({ local: { ...local, accounts: [OWN] }, base: {}, synced }, NOW, asStored))).toEqual([{ kind: 'take', key: 'accounts', value: [TEAM, OWN] }]);
  });

  it("on a machine's first join, leaves alone sync's accounts it cannot store: given its own list, the other machines would lose theirs", () => {
    const synced = { ...syncedAll(NOW - 5_000), accounts: { value: [{ ...TEAM, server: 'http://team.example' }], at: NOW - 5_000 } };
    expect(accountActions(reconcile({ local: { ...local, accounts: [OWN, HOME] }, base: {}, synced }, NOW, asStored))).toEqual([]);
    // Another preference it cannot store, never agreed: its own is given, as to an empty sync.
    const pdf = { ...synced, copyFormat: { value: 'pdf', at: NOW - 5_000 } };
    expect(reconcile({ local: { ...local, accounts: [OWN, HOME] }, base: {}, synced: pdf }, NOW, asStored).filter(({ key }) => key === 'copyFormat')).toEqual([
      { kind: 'give', key: 'copyFormat', item: { value: 'plain', at: NOW } },
    ]);
  });

  it("on a machine's first join, holds both lists as they are (neither taken nor given nor agreed) when their union is not one this machine may store", () => {
    const synced = { ...syncedAll(NOW - 5_000), accounts: { value: [OWN, TEAM], at: NOW - 5_000 } };
    // Sync's list may be stored, the union (with HOME) may not: taking sync's would drop HOME, and its token with it.
    const refusesHome = (key: keyof SyncState['local'], value: unknown) => asStored(key, value) && !(key === 'accounts' && JSON.stringify(value).includes(HOME.server));
    expect(accountActions(reconcile({ local: { ...local, accounts: [OWN, HOME] }, base: {}, synced }, NOW, refusesHome))).toEqual([{ kind: 'held', key: 'accounts' }]);
  });

  it('once agreed, an account removed on another machine is removed here: no union any more', () => {
    const base = { ...agreed, accounts: [OWN, TEAM] };
    const synced = { ...syncedAll(NOW - 9_000), accounts: { value: [OWN], at: NOW - 1_000 } };
    expect(accountActions(reconcile({ local: { ...local, accounts: [OWN, TEAM] }, base, synced }, NOW, asStored))).toEqual([{ kind: 'take', key: 'accounts', value: [OWN] }]);
  });

  it('once agreed, an account added here is given, whole', () => {
    const base = { ...agreed, accounts: [OWN] };
    const synced = { ...syncedAll(NOW - 9_000), accounts: { value: [OWN], at: NOW - 9_000 } };
    expect(accountActions(reconcile({ local: { ...local, accounts: [OWN, HOME] }, base, synced }, NOW, asStored))).toEqual([
      { kind: 'give', key: 'accounts', item: { value: [OWN, HOME], at: NOW } },
    ]);
  });

  it('once agreed, when both machines changed the accounts, keeps what each added and drops what each removed, whichever is later', () => {
    const base = { ...agreed, accounts: [OWN] };
    const mine = { ...local, accounts: [OWN, HOME] };
    const theirs = [OWN, TEAM];
    for (const at of [NOW + 2_000, NOW - 2_000]) {
      expect(accountActions(reconcile({ local: mine, base, synced: { ...syncedAll(NOW), accounts: { value: theirs, at } } }, NOW, asStored))).toEqual([
        { kind: 'take', key: 'accounts', value: [OWN, TEAM, HOME] },
        { kind: 'give', key: 'accounts', item: { value: [OWN, TEAM, HOME], at: NOW } },
      ]);
    }
    // They removed TEAM while this machine renamed OWN: OWN as renamed here, TEAM gone.
    const renamedHere = { ...OWN, name: 'Mine' };
    expect(accountActions(reconcile({ local: { ...local, accounts: [renamedHere, TEAM] }, base: { ...agreed, accounts: [OWN, TEAM] }, synced: { ...syncedAll(NOW), accounts: { value: [OWN], at: NOW + 2_000 } } }, NOW, asStored))).toEqual([
      { kind: 'take', key: 'accounts', value: [renamedHere] },
      { kind: 'give', key: 'accounts', item: { value: [renamedHere], at: NOW } },
    ]);
    // A damaged record of the last agreement: nothing counts as removed.
    expect(accountActions(reconcile({ local: mine, base: { ...agreed, accounts: 'damaged' }, synced: { ...syncedAll(NOW), accounts: { value: theirs, at: NOW } } }, NOW, asStored))).toEqual([
      { kind: 'take', key: 'accounts', value: [OWN, TEAM, HOME] },
      { kind: 'give', key: 'accounts', item: { value: [OWN, TEAM, HOME], at: NOW } },
    ]);
    // A name one side gave an account while the other gave it to another: the second gets its server's host after it.
    const home = { id: 'account-new', name: 'Home', server: 'https://home.example' };
    expect(accountActions(reconcile({ local: { ...local, accounts: [{ ...OWN, name: 'Home' }] }, base: { ...agreed, accounts: [OWN] }, synced: { ...syncedAll(NOW), accounts: { value: [OWN, home], at: NOW + 2_000 } } }, NOW, asStored))).toEqual([
      { kind: 'take', key: 'accounts', value: [{ ...OWN, name: 'Home' }, { ...home, name: 'Home (home.example)' }] },
      { kind: 'give', key: 'accounts', item: { value: [{ ...OWN, name: 'Home' }, { ...home, name: 'Home (home.example)' }], at: NOW } },
    ]);
    // Both renamed one account: the later side's name.
    const theirName = { ...OWN, name: 'Theirs' };
    expect(accountActions(reconcile({ local: { ...local, accounts: [renamedHere] }, base: { ...agreed, accounts: [OWN] }, synced: { ...syncedAll(NOW), accounts: { value: [theirName], at: NOW + 2_000 } } }, NOW, asStored))).toEqual([
      { kind: 'take', key: 'accounts', value: [theirName] },
    ]);
  });

  it('never syncs which account is active', () => {
    expect(SYNCED_KEYS).not.toContain('activeAccount');
  });

  // Lists as storage and sync hold them: names and servers only, ids and names from small pools so that they meet.
  const anAccount = fc.record({
    id: fc.constantFrom('account-1', 'account-a', 'account-b', 'account-c', 'account-d'),
    name: fc.constantFrom('Own', 'own', 'Team', 'TEAM', 'Home', 'Work', 'shrtnr.co'),
    server: fc.constantFrom('https://shrtnr.co', 'https://team.example', 'https://home.example:8443'),
  });
  const aList = fc.uniqueArray(anAccount, { maxLength: 5, selector: ({ id }) => id }).filter((list) => new Set(list.map(({ name }) => name.toLowerCase())).size === list.length);

  it('whatever both sides hold, every list of accounts it takes or gives carries names and servers only, and is one this machine stores', () => {
    fc.assert(
      fc.property(aList, maybe(aList), maybe(fc.record({ value: aList, at: fc.integer({ min: NOW - 10_000, max: NOW + 10_000 }) })), (mine, agreedAccounts, syncedAccounts) => {
        const state: SyncState = {
          local: { ...local, accounts: mine },
          base: agreedAccounts === undefined ? {} : { ...agreed, accounts: agreedAccounts },
          synced: syncedAccounts === undefined ? {} : { ...syncedAll(NOW), accounts: syncedAccounts },
        };
        for (const action of accountActions(reconcile(state, NOW, asStored))) {
          const value = action.kind === 'take' ? action.value : action.kind === 'give' ? action.item.value : [];
          expect(asStored('accounts', value)).toBe(true);
          for (const account of value as object[]) expect(Object.keys(account).toSorted()).toEqual(['id', 'name', 'server']);
          expect(JSON.stringify(value)).not.toMatch(/token/i);
        }
      }),
    );
  });
});
