// The settings page's form (settings-form.ts), read by read, without Preact:
// what a read of the stored settings keeps of what this page has on screen.
// Which read is applied (the latest asked for) is stored-settings.ts's, and
// options-app.test.tsx plays reads answering out of order.
import { describe, expect, it } from 'vitest';
import { FIRST_ACCOUNT_ID, type Account } from '../storage/accounts';
import { DEFAULT_SETTINGS } from '../storage/settings-schema';
import { NEW_ACCOUNT } from './account-draft';
import type { OptionsSettings } from './options-connector';
import { firstRead, serverMovedTo, storedAgain, UNREAD, type SettingsForm } from './settings-form';

const FIRST: Account = { id: FIRST_ACCOUNT_ID, name: 'shrtnr.co', server: 'https://shrtnr.co' };
const TEAM: Account = { id: 'account-team', name: 'Team', server: 'https://short.example' };
const TWO: OptionsSettings = { ...DEFAULT_SETTINGS, accounts: [FIRST, TEAM], activeAccount: TEAM.id, tokens: {} };

/** The form once the first read is shown, and the user typed `typed` into it. */
const shownThenTyped = (typed: Partial<SettingsForm['values']> = {}): SettingsForm => {
  const shown = firstRead(UNREAD, TWO);
  return { ...shown, values: { ...shown.values, ...typed } };
};

describe("the settings page's form, read by read", () => {
  it('the first read: the form edits the active account; none active (removed elsewhere), the first; none at all, a new one', () => {
    expect(firstRead(UNREAD, TWO)).toMatchObject({ saved: TWO, editing: TEAM.id, values: { accountName: 'Team', serverUrl: TEAM.server, tokenDraft: '' } });
    const removedElsewhere = { ...TWO, activeAccount: 'account-gone', changedBySync: { servers: {}, activeRemoved: { id: 'account-gone', name: 'Gone', at: 1 } } };
    expect(firstRead(UNREAD, removedElsewhere).editing).toBe(FIRST.id);
    expect(firstRead(UNREAD, { ...TWO, accounts: [] }).editing).toBe(NEW_ACCOUNT);
  });

  it('a save heard from elsewhere: the fields edited here stay as typed, the others follow what was saved', () => {
    const form = shownThenTyped({ accountName: 'Team links' });
    const elsewhere = { ...TWO, accounts: [FIRST, { ...TEAM, name: 'Renamed elsewhere', server: 'https://moved.example' }], copyFormat: 'markdown' as const };
    const next = storedAgain(form, elsewhere);
    expect(next.saved).toBe(elsewhere);
    expect(next.editing).toBe(TEAM.id);
    expect(next.values).toEqual({ accountName: 'Team links', serverUrl: 'https://moved.example', tokenDraft: '' });
  });

  it('the account edited here removed elsewhere: the form moves to the active one, and what was typed for the one gone goes with it', () => {
    const form = shownThenTyped({ accountName: 'Team links', tokenDraft: 'typed_token_0123456789' });
    const next = storedAgain(form, { ...TWO, accounts: [FIRST], activeAccount: FIRST.id });
    expect(next.editing).toBe(FIRST.id);
    expect(next.values).toMatchObject({ accountName: 'shrtnr.co', serverUrl: FIRST.server, tokenDraft: '' });
  });

  it('a token being typed holds the server on screen: moved elsewhere meanwhile, it stays, and the page says where it went', () => {
    const form = shownThenTyped({ tokenDraft: 'typed_token_0123456789' });
    const moved = { ...TWO, accounts: [FIRST, { ...TEAM, server: 'https://moved.example' }] };
    const next = storedAgain(form, moved);
    expect(next.values).toMatchObject({ serverUrl: TEAM.server, tokenDraft: 'typed_token_0123456789' });
    expect(serverMovedTo(next)).toBe('https://moved.example');
    // The token cleared here: the server is no longer held, and nothing is said of it.
    expect(serverMovedTo({ ...next, values: { ...next.values, tokenDraft: '' } })).toBeUndefined();
  });

  it('with no token typed, the server on screen follows a move made elsewhere, and nothing is said of it', () => {
    const next = storedAgain(shownThenTyped(), { ...TWO, accounts: [FIRST, { ...TEAM, server: 'https://moved.example' }] });
    expect(next.values.serverUrl).toBe('https://moved.example');
    expect(serverMovedTo(next)).toBeUndefined();
  });

  it('a save heard before the first read was shown (that read gave way to this one): everything as stored, the form on the active account', () => {
    const next = storedAgain(UNREAD, TWO);
    expect(next).toMatchObject({ saved: TWO, editing: TEAM.id, values: { accountName: 'Team', serverUrl: TEAM.server, tokenDraft: '' } });
  });
});
