import { describe, expect, it } from 'vitest';
import { memoryArea } from '../../test/support/memory-area';
import { accountCredentials, accountFor, missingAccount, readSendingSettings } from './account-tokens';
import { NO_SYNC_CHANGES } from './sync-changes';
import type { Account } from './accounts';
import { DEFAULT_SETTINGS } from './settings-schema';
import { areaVault, tokenKey } from './token-vault';

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

describe('the settings for sending', () => {
  it('come with the settings for sending: those of the accounts listed only', async () => {
    const area = memoryArea({
      accounts: [OWN, TEAM],
      activeAccount: TEAM.id,
      [tokenKey(OWN.id)]: { token: 'own-tok', server: OWN.server },
      [tokenKey('account-gone')]: { token: 'gone-tok', server: OWN.server },
    });
    const sending = await readSendingSettings(area, areaVault(area));
    expect(sending).toEqual({ ...DEFAULT_SETTINGS, accounts: [OWN, TEAM], activeAccount: TEAM.id, tokens: { [OWN.id]: { token: 'own-tok', server: OWN.server } } });
    expect(JSON.stringify(sending)).not.toContain('gone-tok');
  });
});

describe('the account a way in uses, from the settings', () => {
  it('is the one named, else the active one, else the first; none when the one named is gone', () => {
    const settings = { accounts: [OWN, TEAM], activeAccount: TEAM.id, changedBySync: NO_SYNC_CHANGES };
    expect(accountFor(settings)).toEqual(TEAM);
    expect(accountFor(settings, OWN.id)).toEqual(OWN);
    expect(accountFor({ ...settings, activeAccount: 'account-gone' })).toEqual(OWN);
    expect(accountFor(settings, 'account-gone')).toBeUndefined();
  });

  it('is none, and says why, when another machine removed the active one: the first is not the user\'s choice', () => {
    const removedElsewhere = { servers: {}, activeRemoved: { id: 'account-gone', name: 'Gone', at: 1_700_000_000_000 } };
    const settings = { accounts: [OWN, TEAM], activeAccount: 'account-gone', changedBySync: removedElsewhere };
    expect(accountFor(settings)).toBeUndefined();
    expect(missingAccount(settings)).toEqual({ kind: 'active-account-removed', account: 'Gone', at: 1_700_000_000_000 });
    // A way in that names its account still has it; one the user picked since is used.
    expect(accountFor(settings, TEAM.id)).toEqual(TEAM);
    expect(accountFor({ ...settings, activeAccount: OWN.id })).toEqual(OWN);
    // With no account left at all, there is none to choose: add one.
    expect(missingAccount({ ...settings, accounts: [] })).toEqual({ kind: 'no-account' });
    expect(missingAccount({ accounts: [], changedBySync: NO_SYNC_CHANGES })).toEqual({ kind: 'no-account' });
  });
});
