import { describe, expect, it } from 'vitest';
import type { Account } from './accounts';
import { NO_SYNC_CHANGES, syncChangesAfter, syncChangesSchema } from './sync-changes';

const AT = 1_800_000_000_000;
const OWN: Account = { id: 'account-1', name: 'Own', server: 'https://own.example' };
const TEAM: Account = { id: 'account-team', name: 'Team', server: 'https://team.example' };

describe('what a merge with sync changed here', () => {
  it('is nothing when it took accounts as they were, the active one among them', () => {
    expect(syncChangesAfter(NO_SYNC_CHANGES, { accounts: [OWN, TEAM], activeAccount: TEAM.id }, { accounts: [OWN, TEAM], activeAccount: TEAM.id }, {}, AT)).toEqual(NO_SYNC_CHANGES);
  });

  it('names each account whose server it moved, with the time the other machine moved it', () => {
    const moved = { ...TEAM, server: 'https://mirror.example' };
    expect(syncChangesAfter(NO_SYNC_CHANGES, { accounts: [OWN, TEAM], activeAccount: OWN.id }, { accounts: [OWN, moved], activeAccount: OWN.id }, {}, AT)).toEqual({
      servers: { [TEAM.id]: { server: 'https://mirror.example', at: AT } },
      activeRemoved: null,
    });
  });

  it('keeps a moved server on record while the account still has it; forgets it once the server changes again or the account goes', () => {
    const recorded = { servers: { [TEAM.id]: { server: 'https://mirror.example', at: AT } }, activeRemoved: null };
    const moved = { ...TEAM, server: 'https://mirror.example' };
    const state = { accounts: [OWN, moved], activeAccount: OWN.id };
    expect(syncChangesAfter(recorded, state, state, {}, AT + 1)).toEqual(recorded);
    // Moved back on this machine, then a merge takes something else: the record no longer holds.
    const back = { accounts: [OWN, TEAM], activeAccount: OWN.id };
    expect(syncChangesAfter(recorded, back, back, {}, AT + 2)).toEqual(NO_SYNC_CHANGES);
    expect(syncChangesAfter(recorded, state, { accounts: [OWN], activeAccount: OWN.id }, {}, AT + 2)).toEqual(NO_SYNC_CHANGES);
  });

  it('names the active account it removed, with its name, until one is picked', () => {
    const removed = syncChangesAfter(NO_SYNC_CHANGES, { accounts: [OWN, TEAM], activeAccount: TEAM.id }, { accounts: [OWN], activeAccount: TEAM.id }, {}, AT);
    expect(removed.activeRemoved).toEqual({ id: TEAM.id, name: 'Team', at: AT });
    // A later merge still finds no active account: the record stands, with its first time.
    expect(syncChangesAfter(removed, { accounts: [OWN], activeAccount: TEAM.id }, { accounts: [OWN], activeAccount: TEAM.id }, {}, AT + 5).activeRemoved).toEqual({ id: TEAM.id, name: 'Team', at: AT });
    // Picked here since: nothing is recorded any more.
    expect(syncChangesAfter(removed, { accounts: [OWN], activeAccount: OWN.id }, { accounts: [OWN], activeAccount: OWN.id }, {}, AT + 5).activeRemoved).toBeNull();
  });

  it("counts an account a first join kept under a new id as the same account: neither moved nor removed", () => {
    const renamedOwn = { ...OWN, id: 'account-1-here' };
    const after = syncChangesAfter(NO_SYNC_CHANGES, { accounts: [OWN], activeAccount: OWN.id }, { accounts: [TEAM, renamedOwn], activeAccount: renamedOwn.id }, { [OWN.id]: renamedOwn.id }, AT);
    expect(after).toEqual(NO_SYNC_CHANGES);
  });

  it('is read back only with times a Date holds: one stored by an earlier build from a damaged peer is as none', () => {
    const removed = (at: number) => ({ servers: {}, activeRemoved: { id: TEAM.id, name: 'Team', at } });
    expect(syncChangesSchema.safeParse(removed(AT)).success).toBe(true);
    for (const at of [9e15, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(syncChangesSchema.safeParse(removed(at)).success, `at ${at}`).toBe(false);
    expect(syncChangesSchema.safeParse({ servers: { [TEAM.id]: { server: TEAM.server, at: 9e15 } }, activeRemoved: null }).success).toBe(false);
  });
});
