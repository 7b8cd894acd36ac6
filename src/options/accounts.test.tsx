// @vitest-environment happy-dom
// The options page's accounts (issue 21) as a person uses them, in three
// languages, against the fake connector: which is active, which the form
// edits, adding, editing, removing one; each token saved for its server only.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { wordsIn } from '../../test/support/locale-catalogue';
import { wordsInAnotherScript } from '../../test/support/untranslated-text';
import { FIRST_ACCOUNT_ID, MAX_ACCOUNT_NAME, type Account } from '../storage/accounts';
import { DEFAULT_SETTINGS } from '../storage/settings-schema';
import { fakeOptionsPage } from './fake-options-page';
import type { OptionsSettings } from './options-connector';

const DEFAULT_SERVER = 'https://shrtnr.co';
const FIRST: Account = { id: FIRST_ACCOUNT_ID, name: 'shrtnr.co', server: DEFAULT_SERVER };
const TEAM: Account = { id: 'account-team', name: 'Team', server: 'https://short.example' };
const MIRROR: Account = { id: 'account-mirror', name: 'Mirror', server: 'https://mirror.example' };
const FIRST_TOKEN = { token: 'live_0123456789abcdef9f3K', server: DEFAULT_SERVER };
const TEAM_TOKEN = { token: 'team_token_0123456789_1234', server: TEAM.server };
/** Three accounts, the first active; Mirror has no token in this browser. */
const THREE: OptionsSettings = { ...DEFAULT_SETTINGS, accounts: [FIRST, TEAM, MIRROR], activeAccount: FIRST_ACCOUNT_ID, tokens: { [FIRST_ACCOUNT_ID]: FIRST_TOKEN, [TEAM.id]: TEAM_TOKEN } };
const ONE: OptionsSettings = { ...DEFAULT_SETTINGS, accounts: [FIRST], tokens: { [FIRST_ACCOUNT_ID]: FIRST_TOKEN } };
/** A server whose host (79 characters) is longer than an account's name may be. */
const LONG_HOST = `${'a'.repeat(40)}.${'b'.repeat(30)}.example`;
const LONG_SERVER = `https://${LONG_HOST}`;
/** Hosts, account names, token endings and schemes: names, in Latin script in every language. */
const NAMES = ['shrtnr.co', 'short.example', 'mirror.example', 'Team', 'Mirror', 'Work', '9f3K', '1234', 'HTML', 'utm', 'source', 'fbclid', 'gclid', 'medium', 'campaign', 'term', 'content', 'name', 'value'];
/** A new account's id, as the page makes them (random, never the first's). */
const NEW_ID = /^account-(?!1$)[A-Za-z0-9-]+$/;

/** Typing into a field, as far as the page can tell: its value changes, then `input` fires. */
function type(field: HTMLElement, value: string) {
  fireEvent.input(field, { target: { value } });
}

const statusText = (testId: 'account-save-status' | 'accounts-status' | 'token-status' | 'editing-account') => screen.getByTestId(testId).textContent;

/** An account's radio button, named by its name and its server's host (once: a name that is the host says it already). */
const radio = (account: Account) => {
  const host = new URL(account.server).host;
  return screen.getByRole<HTMLInputElement>('radio', { name: account.name === host ? host : `${account.name} ${host}` });
};
/** The accounts listed, by name, in order. */
const listed = () => screen.queryAllByRole<HTMLInputElement>('radio').map((input) => input.closest('label')?.querySelector('bdi')?.textContent);
const rowOf = (account: Account) => radio(account).closest('li') as HTMLElement;

afterEach(cleanup);

describe.each(['en', 'de', 'ar'])('the accounts on the options page, in %s', (language) => {
  const words = wordsIn(language);
  const { t } = words;

  /** In Arabic every word on screen is Arabic, but for addresses and names. */
  const expectNothingUntranslated = () => {
    expect(wordsInAnotherScript(document.body, language, NAMES)).toEqual([]);
  };
  const { renderOptions, button, noButton, serverField, tokenField } = fakeOptionsPage(words);
  const nameField = () => screen.getByRole<HTMLInputElement>('textbox', { name: t('optionsAccountName') });
  const save = () => fireEvent.click(button('optionsSaveAccount'));

  it('lists every account, the active one chosen, says which needs its token here, and edits the active one', async () => {
    await renderOptions(THREE);

    screen.getByRole('group', { name: t('optionsActiveAccount') });
    expect(listed()).toEqual(['shrtnr.co', 'Team', 'Mirror']);
    expect([FIRST, TEAM, MIRROR].map((account) => radio(account).checked)).toEqual([true, false, false]);
    within(rowOf(MIRROR)).getByText(t('optionsAccountNeedsToken'));
    expect(screen.getAllByText(t('optionsAccountNeedsToken'))).toHaveLength(1);
    expect(statusText('editing-account')).toBe(t('optionsEditingAccount', 'shrtnr.co'));
    expect(button('optionsEditAccount', 'shrtnr.co').getAttribute('aria-pressed')).toBe('true');
    expect(nameField().value).toBe('shrtnr.co');
    expect(serverField().value).toBe(DEFAULT_SERVER);
    expectNothingUntranslated();
  });

  it("puts an account's name, server, token, Test connection and its Save in one place, under Accounts, apart from the preferences", async () => {
    await renderOptions(THREE);

    const accounts = screen.getByRole('region', { name: t('optionsAccountsHeading') });
    const editor = within(accounts).getByRole('form', { name: t('optionsEditingAccount', 'shrtnr.co') });
    expect(within(editor).getByRole('textbox', { name: t('optionsAccountName') })).toBe(nameField());
    expect(within(editor).getByRole('textbox', { name: t('optionsServerLabel') })).toBe(serverField());
    expect(within(editor).getByLabelText(t('optionsReplaceToken'))).toBe(tokenField('optionsReplaceToken'));
    within(editor).getByRole('button', { name: t('optionsTestConnection') });
    // Its Save says why it is the page's one button that saves: the rest saves as it changes.
    expect(within(editor).getByRole('button', { name: t('optionsSaveAccount'), description: t('optionsSaveAccountHint') }).getAttribute('type')).toBe('submit');
    expect(within(editor).queryAllByRole('checkbox')).toEqual([]);
    expect(within(editor).queryByRole('combobox')).toBeNull();
    expectNothingUntranslated();
  });

  it('makes another account the active one, saved at once and alone', async () => {
    const connector = await renderOptions(THREE);

    fireEvent.click(radio(TEAM));

    await waitFor(() => expect(statusText('accounts-status')).toBe(t('optionsAccountNowActive', 'Team')));
    expect(connector.save.mock.calls).toEqual([[{ activeAccount: TEAM.id }]]);
    expect([FIRST, TEAM, MIRROR].map((account) => radio(account).checked)).toEqual([false, true, false]);
    // Which account is active is not which one the form edits.
    expect(statusText('editing-account')).toBe(t('optionsEditingAccount', 'shrtnr.co'));
    expectNothingUntranslated();
  });

  it('a choice that could not be saved says so, and the account still active stays chosen', async () => {
    const connector = await renderOptions(THREE);
    connector.save.mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));

    fireEvent.click(radio(TEAM));

    await waitFor(() => expect(statusText('accounts-status')).toBe(t('optionsSaveFailed', 'QUOTA_BYTES quota exceeded')));
    expect([FIRST, TEAM, MIRROR].map((account) => radio(account).checked)).toEqual([true, false, false]);

    // Again, failing the same way: the same words, and still the same account chosen.
    connector.save.mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));
    fireEvent.click(radio(MIRROR));
    await waitFor(() => expect(connector.save).toHaveBeenCalledTimes(2));
    await waitFor(() => expect([FIRST, TEAM, MIRROR].map((account) => radio(account).checked)).toEqual([true, false, false]));
  });

  it('two choices in a row: the first one saved shows the second still chosen until it is saved too', async () => {
    const connector = await renderOptions(THREE);
    let answerSecond: (() => void) | undefined;
    const saveNow = connector.save.getMockImplementation();
    if (saveNow === undefined) throw new Error('the fake connector saves with an implementation');
    fireEvent.click(radio(TEAM));
    connector.save.mockImplementationOnce((changes) => new Promise((saved) => (answerSecond = () => void saveNow(changes).then(saved))));
    fireEvent.click(radio(MIRROR));
    await waitFor(() => expect(statusText('accounts-status')).toBe(t('optionsAccountNowActive', 'Team')));
    expect([FIRST, TEAM, MIRROR].map((account) => radio(account).checked)).toEqual([false, false, true]);

    await act(async () => answerSecond?.());
    await waitFor(() => expect(statusText('accounts-status')).toBe(t('optionsAccountNowActive', 'Mirror')));
    expect([FIRST, TEAM, MIRROR].map((account) => radio(account).checked)).toEqual([false, false, true]);
  });

  it('adds a second account: appended to the list, its token saved for its server, the active one unchanged', async () => {
    const connector = await renderOptions(ONE);

    fireEvent.click(button('optionsAddAccount'));
    expect(statusText('editing-account')).toBe(t('optionsAddingAccount'));
    expect(nameField().value).toBe('');
    expect(serverField().value).toBe(DEFAULT_SERVER);
    expect(statusText('token-status')).toBe(t('optionsNoToken'));
    expectNothingUntranslated();

    type(nameField(), ' Team ');
    type(serverField(), ' https://short.example/ ');
    type(tokenField('optionsTokenLabel'), TEAM_TOKEN.token);
    save();

    await waitFor(() => expect(statusText('account-save-status')).toBe(t('optionsAccountSaved', 'Team')));
    // One write: the account and its token (its own item), both saved or neither.
    expect(connector.save.mock.calls).toEqual([[{ accounts: [FIRST, { id: expect.stringMatching(NEW_ID), name: 'Team', server: TEAM.server }] }, { account: expect.stringMatching(NEW_ID), saved: TEAM_TOKEN }]]);
    const newId = connector.save.mock.calls[0]?.[0].accounts?.[1]?.id;
    expect(connector.save.mock.calls[0]?.[1]?.account).toBe(newId);
    expect(connector.releaseHostAccess).not.toHaveBeenCalled();
    // The new account is the one edited now; the active one stays.
    expect(statusText('editing-account')).toBe(t('optionsEditingAccount', 'Team'));
    expect(statusText('token-status')).toContain(t('optionsTokenSaved', '1234', 'short.example'));
    expect(listed()).toEqual(['shrtnr.co', 'Team']);
    expect([radio(FIRST).checked, radio({ ...TEAM, id: String(newId) }).checked]).toEqual([true, false]);
    expect(screen.queryByText(t('optionsAccountNeedsToken'))).toBeNull();
    expectNothingUntranslated();
  });

  it('a new account that could not be saved leaves no token behind: account and token are one write', async () => {
    const connector = await renderOptions(ONE);
    connector.save.mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));

    fireEvent.click(button('optionsAddAccount'));
    type(serverField(), TEAM.server);
    type(tokenField('optionsTokenLabel'), TEAM_TOKEN.token);
    save();

    await waitFor(() => expect(statusText('account-save-status')).toBe(t('optionsSaveFailed', 'QUOTA_BYTES quota exceeded')));
    const stored = await connector.load();
    expect(stored.tokens).toEqual(ONE.tokens);
    expect(stored.accounts).toEqual([FIRST]);
    expect(listed()).toEqual(['shrtnr.co']);
  });

  it('names an account added without a name after its server, and says it needs its token when none was typed', async () => {
    const connector = await renderOptions(ONE);

    fireEvent.click(button('optionsAddAccount'));
    type(serverField(), MIRROR.server);
    save();

    await waitFor(() => expect(statusText('account-save-status')).toBe(t('optionsAccountSaved', 'mirror.example')));
    expect(connector.save.mock.calls).toEqual([[{ accounts: [FIRST, { id: expect.stringMatching(NEW_ID), name: 'mirror.example', server: MIRROR.server }] }]]);
    expect(connector.saveToken).not.toHaveBeenCalled();
    within(rowOf({ ...MIRROR, name: 'mirror.example' })).getByText(t('optionsAccountNeedsToken'));
    expectNothingUntranslated();
  });

  it('names an account added without a name on a server whose host is longer than a name may be: its host cut to 60 characters, saved', async () => {
    const connector = await renderOptions(ONE);

    fireEvent.click(button('optionsAddAccount'));
    type(serverField(), LONG_SERVER);
    save();

    await waitFor(() => expect(statusText('account-save-status')).toBe(t('optionsAccountSaved', LONG_HOST.slice(0, MAX_ACCOUNT_NAME))));
    expect(connector.save.mock.calls).toEqual([[{ accounts: [FIRST, { id: expect.stringMatching(NEW_ID), name: LONG_HOST.slice(0, MAX_ACCOUNT_NAME), server: LONG_SERVER }] }]]);
    expect(nameField().getAttribute('aria-invalid')).not.toBe('true');
  });

  it("moves an account named by its long host to another server: the name, its host cut to 60 characters, follows the server", async () => {
    const long: Account = { id: 'account-long', name: LONG_HOST.slice(0, MAX_ACCOUNT_NAME), server: LONG_SERVER };
    const connector = await renderOptions({ ...ONE, accounts: [FIRST, long] });

    fireEvent.click(button('optionsEditAccount', long.name));
    expect(nameField().value).toBe(long.name);
    type(serverField(), MIRROR.server);
    save();

    await waitFor(() => expect(statusText('account-save-status')).toBe(t('optionsAccountSaved', 'mirror.example')));
    expect(connector.save.mock.calls).toEqual([[{ accounts: [FIRST, { ...long, name: 'mirror.example', server: MIRROR.server }] }]]);
  });

  it('makes the account added active when there was none', async () => {
    const connector = await renderOptions({ ...DEFAULT_SETTINGS, accounts: [], tokens: {} });
    screen.getByText(t('optionsNoAccount'));

    type(serverField(), TEAM.server);
    type(tokenField('optionsTokenLabel'), TEAM_TOKEN.token);
    save();

    await waitFor(() => expect(statusText('account-save-status')).toBe(t('optionsAccountSaved', 'short.example')));
    const newId = connector.save.mock.calls[0]?.[0].accounts?.[0]?.id;
    expect(newId).toMatch(NEW_ID);
    expect(connector.save.mock.calls).toEqual([[{ accounts: [{ id: newId, name: 'short.example', server: TEAM.server }], activeAccount: newId }, { account: newId, saved: TEAM_TOKEN }]]);
    expect(radio({ id: String(newId), name: 'short.example', server: TEAM.server }).checked).toBe(true);
    expect(screen.queryByText(t('optionsNoAccount'))).toBeNull();
  });

  it('edits another account: the form shows it, and saving a new name changes that account only', async () => {
    const connector = await renderOptions(THREE);
    // A token typed for the account edited before is not carried to the next one.
    type(tokenField('optionsReplaceToken'), 'typed_for_the_first_0000');

    fireEvent.click(button('optionsEditAccount', 'Team'));
    expect(statusText('editing-account')).toBe(t('optionsEditingAccount', 'Team'));
    expect(nameField().value).toBe('Team');
    expect(serverField().value).toBe(TEAM.server);
    expect(tokenField('optionsReplaceToken').value).toBe('');
    expect(statusText('token-status')).toContain(t('optionsTokenSaved', '1234', 'short.example'));
    expectNothingUntranslated();

    type(nameField(), 'Work');
    save();

    await waitFor(() => expect(statusText('account-save-status')).toBe(t('optionsAccountSaved', 'Work')));
    expect(connector.save.mock.calls).toEqual([[{ accounts: [FIRST, { ...TEAM, name: 'Work' }, MIRROR] }]]);
    expect(connector.saveToken).not.toHaveBeenCalled();
    expect(connector.releaseHostAccess).not.toHaveBeenCalled();
    expect(listed()).toEqual(['shrtnr.co', 'Work', 'Mirror']);
    expect(statusText('editing-account')).toBe(t('optionsEditingAccount', 'Work'));
    expectNothingUntranslated();
  });

  it("moves another account to another server: only it changes, its old server's access is given back but what the accounts left use, its token stays with its old server", async () => {
    const connector = await renderOptions(THREE);

    fireEvent.click(button('optionsEditAccount', 'Team'));
    type(serverField(), MIRROR.server);
    save();

    await waitFor(() => expect(statusText('account-save-status')).toBe(t('optionsAccountSaved', 'Team')));
    expect(connector.save.mock.calls).toEqual([[{ accounts: [FIRST, { ...TEAM, server: MIRROR.server }, MIRROR] }]]);
    expect(connector.saveToken).not.toHaveBeenCalled();
    // The old server's access, unless an account's server (the list after the move) still uses it.
    expect(connector.releaseHostAccess.mock.calls).toEqual([[[TEAM.server], [DEFAULT_SERVER, MIRROR.server, MIRROR.server]]]);
    expect(statusText('token-status')).toContain(t('optionsTokenSaved', '1234', 'short.example'));
    expect(statusText('token-status')).toContain(t('optionsTokenNotSentTo', 'mirror.example'));
    expectNothingUntranslated();
  });

  it('says that another machine moved an account to a server, and when, before its token can be used there', async () => {
    const at = Date.UTC(2026, 10, 27, 9, 14);
    const moved = { ...TEAM, server: MIRROR.server };
    const connector = await renderOptions({ ...THREE, accounts: [FIRST, moved, MIRROR], changedBySync: { servers: { [TEAM.id]: { server: MIRROR.server, at } }, activeRemoved: null } });

    fireEvent.click(button('optionsEditAccount', 'Team'));

    const status = statusText('token-status') ?? '';
    const said = t('optionsServerChangedBySync', 'mirror.example', words.when(at));
    expect(status).toContain(said);
    // Said before the offer to use the token there.
    expect(status.indexOf(said)).toBeLessThan(status.indexOf(t('optionsTokenNotSentTo', 'mirror.example')));
    fireEvent.click(button('optionsUseTokenWith', 'mirror.example'));
    await waitFor(() => expect(connector.saveToken.mock.calls).toEqual([[TEAM.id, { token: TEAM_TOKEN.token, server: MIRROR.server }]]));
    expectNothingUntranslated();
  });

  it('moved by this page, not by sync: no word of sync', async () => {
    await renderOptions({ ...THREE, accounts: [FIRST, { ...TEAM, server: MIRROR.server }, MIRROR] });
    fireEvent.click(button('optionsEditAccount', 'Team'));
    const status = statusText('token-status') ?? '';
    const saved = t('optionsTokenSaved', '1234', 'short.example');
    const notSent = t('optionsTokenNotSentTo', 'mirror.example');
    expect(status).toContain(notSent);
    // Nothing between what is saved and where it is not sent.
    expect(status.slice(status.indexOf(saved) + saved.length, status.indexOf(notSent)).trim()).toBe('');
  });

  it('says that another machine removed the active account, and when: none is shown active until one is chosen here', async () => {
    const at = Date.UTC(2026, 10, 27, 9, 14);
    const connector = await renderOptions({ ...THREE, accounts: [FIRST, MIRROR], activeAccount: TEAM.id, changedBySync: { servers: {}, activeRemoved: { id: TEAM.id, name: 'Team', at } } });

    expect(screen.getByTestId('active-removed-elsewhere').textContent).toBe(t('optionsActiveRemovedBySync', 'Team', words.when(at)));
    expect([FIRST, MIRROR].map((account) => radio(account).checked)).toEqual([false, false]);
    // The form shows the first account, never a new one.
    expect(statusText('editing-account')).toBe(t('optionsEditingAccount', 'shrtnr.co'));

    fireEvent.click(radio(MIRROR));
    await waitFor(() => expect(statusText('accounts-status')).toBe(t('optionsAccountNowActive', 'Mirror')));
    expect(connector.save.mock.calls).toEqual([[{ activeAccount: MIRROR.id }]]);
    expect(screen.queryByTestId('active-removed-elsewhere')).toBeNull();
    expectNothingUntranslated();
  });

  it('removes an account only once confirmed: its token and its server’s access go, and the active account moves to the first left', async () => {
    const connector = await renderOptions({ ...THREE, activeAccount: TEAM.id });
    fireEvent.click(button('optionsEditAccount', 'Team'));

    fireEvent.click(button('optionsRemoveAccount', 'Team'));
    const question = screen.getByRole('group', { name: t('optionsRemoveAccountQuestion', 'Team') });
    expect(question.textContent).toContain(t('optionsRemoveAccountQuestion', 'Team'));
    // Focus on the answer that loses nothing.
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: t('optionsRemoveAccountKeep') }));
    expectNothingUntranslated();
    // "Keep" changes nothing, and gives focus back to the Remove button.
    fireEvent.click(within(question).getByRole('button', { name: t('optionsRemoveAccountKeep') }));
    expect(screen.queryByRole('group', { name: t('optionsRemoveAccountQuestion', 'Team') })).toBeNull();
    expect(document.activeElement).toBe(button('optionsRemoveAccount', 'Team'));
    // So does Escape.
    fireEvent.click(button('optionsRemoveAccount', 'Team'));
    fireEvent.keyDown(button('optionsRemoveAccountKeep'), { key: 'Escape' });
    expect(document.activeElement).toBe(button('optionsRemoveAccount', 'Team'));
    expect(connector.save).not.toHaveBeenCalled();
    expect(connector.clearToken).not.toHaveBeenCalled();

    fireEvent.click(button('optionsRemoveAccount', 'Team'));
    fireEvent.click(within(screen.getByRole('group', { name: t('optionsRemoveAccountQuestion', 'Team') })).getByRole('button', { name: t('optionsRemoveAccountConfirm') }));

    await waitFor(() => expect(statusText('accounts-status')).toBe(t('optionsAccountRemoved', 'Team')));
    // Its row gone, focus goes to the list's first button.
    await waitFor(() => expect(document.activeElement).toBe(button('optionsEditAccount', 'shrtnr.co')));
    expect(connector.save.mock.calls).toEqual([[{ accounts: [FIRST, MIRROR], activeAccount: FIRST_ACCOUNT_ID }]]);
    expect(connector.clearToken.mock.calls).toEqual([[TEAM.id]]);
    expect(connector.releaseHostAccess.mock.calls).toEqual([[[TEAM.server], [DEFAULT_SERVER, MIRROR.server]]]);
    expect(listed()).toEqual(['shrtnr.co', 'Mirror']);
    expect(radio(FIRST).checked).toBe(true);
    // The form edited the account removed: it goes to the active one.
    expect(statusText('editing-account')).toBe(t('optionsEditingAccount', 'shrtnr.co'));
    expect(serverField().value).toBe(DEFAULT_SERVER);
    expect(nameField().value).toBe('shrtnr.co');
    expectNothingUntranslated();
  });

  it('an account that could not be removed stays, and so does the focus, on its Remove button', async () => {
    const connector = await renderOptions(THREE);
    connector.save.mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));

    fireEvent.click(button('optionsRemoveAccount', 'Mirror'));
    fireEvent.click(button('optionsRemoveAccountConfirm'));

    await waitFor(() => expect(statusText('accounts-status')).toBe(t('optionsSaveFailed', 'QUOTA_BYTES quota exceeded')));
    expect(listed()).toEqual(['shrtnr.co', 'Team', 'Mirror']);
    expect(document.activeElement).toBe(button('optionsRemoveAccount', 'Mirror'));
  });

  it('removing an account that is not the active one saves the list alone', async () => {
    const connector = await renderOptions(THREE);

    fireEvent.click(button('optionsRemoveAccount', 'Mirror'));
    fireEvent.click(button('optionsRemoveAccountConfirm'));

    await waitFor(() => expect(statusText('accounts-status')).toBe(t('optionsAccountRemoved', 'Mirror')));
    expect(connector.save.mock.calls).toEqual([[{ accounts: [FIRST, TEAM] }]]);
    expect(connector.clearToken.mock.calls).toEqual([[MIRROR.id]]);
    expect(connector.releaseHostAccess.mock.calls).toEqual([[[MIRROR.server], [DEFAULT_SERVER, TEAM.server]]]);
    expect(radio(FIRST).checked).toBe(true);
    expect(statusText('editing-account')).toBe(t('optionsEditingAccount', 'shrtnr.co'));
  });

  it('a question about clearing a token goes when the form moves to another account: it was about that one', async () => {
    const connector = await renderOptions(THREE);

    fireEvent.click(button('optionsClearToken'));
    screen.getByRole('group', { name: t('optionsClearTokenQuestion', 'shrtnr.co') });
    fireEvent.click(button('optionsEditAccount', 'Team'));

    expect(statusText('token-status')).toContain(t('optionsTokenSaved', '1234', 'short.example'));
    expect(noButton('optionsRemoveAccountConfirm')).toBeNull();
    // Back on the first account: the question is not asked again, nor does it take the focus.
    const editFirst = button('optionsEditAccount', 'shrtnr.co');
    editFirst.focus();
    fireEvent.click(editFirst);
    await waitFor(() => expect(statusText('editing-account')).toBe(t('optionsEditingAccount', 'shrtnr.co')));
    expect(screen.queryByRole('group', { name: t('optionsClearTokenQuestion', 'shrtnr.co') })).toBeNull();
    expect(document.activeElement).toBe(editFirst);
    expect(connector.clearToken).not.toHaveBeenCalled();
  });

  it('refuses a name another account has (in any case) and one over 60 characters, and saves nothing', async () => {
    const connector = await renderOptions(THREE);

    type(nameField(), ' tEAM ');
    save();
    await waitFor(() => expect(statusText('account-save-status')).toBe(t('optionsNothingSaved')));
    expect(screen.getByRole('textbox', { name: t('optionsAccountName'), description: t('optionsAccountNameTaken') })).toBe(nameField());
    expect(nameField().getAttribute('aria-invalid')).toBe('true');
    expectNothingUntranslated();

    // Nor may a new account take another's name.
    fireEvent.click(button('optionsAddAccount'));
    type(serverField(), `${MIRROR.server}/`);
    type(nameField(), 'MIRROR');
    save();
    await waitFor(() => expect(screen.getByRole('textbox', { name: t('optionsAccountName'), description: t('optionsAccountNameTaken') })).toBe(nameField()));

    type(nameField(), 'x'.repeat(61));
    save();
    await waitFor(() => expect(screen.getByRole('textbox', { name: t('optionsAccountName'), description: t('optionsAccountNameTooLong') })).toBe(nameField()));
    expect(statusText('account-save-status')).toBe(t('optionsNothingSaved'));
    expect(connector.save).not.toHaveBeenCalled();
    expect(connector.saveToken).not.toHaveBeenCalled();
  });

  it('refuses an eleventh account: Add is disabled at ten, and a new account saved once another page made ten is not saved', async () => {
    const nine = Array.from({ length: 9 }, (_, index): Account => ({ id: `account-n${index}`, name: `n${index}.example`, server: `https://n${index}.example` }));
    const connector = await renderOptions({ ...DEFAULT_SETTINGS, accounts: nine, activeAccount: 'account-n0', tokens: {} });

    fireEvent.click(button('optionsAddAccount'));
    type(serverField(), TEAM.server);
    type(tokenField('optionsTokenLabel'), TEAM_TOKEN.token);
    act(() => connector.saveElsewhere({ accounts: [...nine, MIRROR] }));
    await waitFor(() => expect(listed()).toHaveLength(10));
    expect(button('optionsAddAccount').hasAttribute('disabled')).toBe(true);
    // The form still holds the account being added.
    expect(statusText('editing-account')).toBe(t('optionsAddingAccount'));
    save();

    await waitFor(() => expect(statusText('account-save-status')).toBe(t('optionsTooManyAccounts')));
    expect(connector.save).not.toHaveBeenCalled();
    expect(connector.saveToken).not.toHaveBeenCalled();
    expect(listed()).toHaveLength(10);
  });

  it('follows the edited account removed on another page to the active one, dropping what was typed for it', async () => {
    const connector = await renderOptions(THREE);
    fireEvent.click(button('optionsEditAccount', 'Team'));
    type(nameField(), 'Work');
    type(tokenField('optionsReplaceToken'), 'typed_for_team_0000');

    act(() => connector.saveElsewhere({ accounts: [FIRST, MIRROR], tokens: { [FIRST_ACCOUNT_ID]: FIRST_TOKEN } }));

    await waitFor(() => expect(statusText('editing-account')).toBe(t('optionsEditingAccount', 'shrtnr.co')));
    expect(listed()).toEqual(['shrtnr.co', 'Mirror']);
    expect(nameField().value).toBe('shrtnr.co');
    expect(serverField().value).toBe(DEFAULT_SERVER);
    expect(tokenField('optionsReplaceToken').value).toBe('');
    expect(statusText('token-status')).toContain(t('optionsTokenSaved', '9f3K', 'shrtnr.co'));
    // Saving now changes nothing: what was typed for the account removed is not written onto another.
    save();
    await waitFor(() => expect(statusText('account-save-status')).toBe(t('optionsAccountSaved', 'shrtnr.co')));
    expect(connector.save).not.toHaveBeenCalled();
    expect(connector.saveToken).not.toHaveBeenCalled();
    expect(noButton('optionsEditAccount', 'Team')).toBeNull();
    expectNothingUntranslated();
  });
});
