// @vitest-environment happy-dom
// The options page as a person uses it, in three languages, against a fake
// connector standing in for storage, the API and permissions: each state's
// words (the real ones, from public/_locales) and each control's call.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred } from '../../test/support/deferred';
import { wordsIn } from '../../test/support/locale-catalogue';
import { wordsInAnotherScript } from '../../test/support/untranslated-text';
import type { ApiError } from '../api';
import { FIRST_ACCOUNT_ID, type Account } from '../storage/accounts';
import { DEFAULT_SETTINGS } from '../storage/settings-schema';
import { connectionFailure, fakeOptionsConnector, type ConnectionAnswer, type FakeOptionsConnector } from './fake-options-connector';
import { fakeOptionsPage } from './fake-options-page';
import { OptionsApp } from './options-app';
import type { OptionsSettings } from './options-connector';

const DEFAULT_SERVER = 'https://shrtnr.co';
const SAVED_TOKEN = 'live_0123456789abcdef9f3K';
/** The one account there is by default, on https://shrtnr.co. */
const FIRST: Account = { id: FIRST_ACCOUNT_ID, name: 'shrtnr.co', server: DEFAULT_SERVER };
const SAVED: OptionsSettings = { ...DEFAULT_SETTINGS, accounts: [FIRST], tokens: { [FIRST_ACCOUNT_ID]: { token: SAVED_TOKEN, server: DEFAULT_SERVER } } };
const NO_TOKEN: OptionsSettings = { ...DEFAULT_SETTINGS, accounts: [FIRST], tokens: {} };
/** The first account moved to another server: its name, its server's host, follows it (its token, if any, stays saved for the server it was saved for). */
const FIRST_ON = (server: string): Account => ({ ...FIRST, name: new URL(server).host, server });
const onServer = (server: string, settings: OptionsSettings = SAVED): OptionsSettings => ({ ...settings, accounts: [FIRST_ON(server)] });
/** Hosts, token endings and schemes: names, in Latin script in every language. */
const NAMES = ['shrtnr.co', 'short.example:8443', 'short.example', 'mirror.example', 'elsewhere.example', '9f3K', '1234', 'HTML', 'utm', 'source', 'fbclid', 'gclid', 'medium', 'campaign', 'term', 'content', 'name', 'value'];

/** Holds the connector's next read of the settings (it reads them as they are when asked); the function returned lets it answer. */
function holdNextRead(connector: FakeOptionsConnector): () => void {
  const readNow = connector.load.getMockImplementation();
  if (readNow === undefined) throw new Error('the fake connector reads with an implementation');
  let answer: (() => void) | undefined;
  connector.load.mockImplementationOnce(() => {
    const read = readNow();
    return new Promise((settle) => {
      answer = () => void read.then(settle);
    });
  });
  return () => answer?.();
}

/** Typing into a field, as far as the page can tell: its value changes, then `input` fires. */
function type(field: HTMLInputElement, value: string) {
  fireEvent.input(field, { target: { value } });
}

type StatusId = 'token-status' | 'account-save-status' | 'connection-status' | 'history-left' | 'behaviour-status' | 'history-status';

function text(testId: StatusId) {
  return screen.getByTestId(testId).textContent;
}

function waitForText(testId: StatusId, expected: string) {
  return waitFor(() => expect(text(testId)).toBe(expected));
}

afterEach(cleanup);

/** The permissions the page lists, each as its sentence. */
const permissionsListed = async () => (await within(await screen.findByTestId('permissions')).findAllByRole('listitem')).map((item) => item.querySelector('p')?.textContent);

describe.each(['en', 'de', 'ar'])('the options page in %s', (language) => {
  const words = wordsIn(language);
  const { t } = words;

  /** In Arabic every word on screen is Arabic, but for addresses and names. */
  const expectNothingUntranslated = () => {
    expect(wordsInAnotherScript(document.body, language, NAMES)).toEqual([]);
  };
  const { renderOptions, button, noButton, serverField, tokenField } = fakeOptionsPage(words);
  const autoCopyBox = () => screen.getByRole<HTMLInputElement>('checkbox', { name: t('optionsAutoCopy') });
  const copyFormatBox = () => screen.getByRole<HTMLSelectElement>('combobox', { name: t('optionsCopyFormat') });

  it('shows its header and nothing to edit until the settings are read', async () => {
    const connector = fakeOptionsConnector(words, SAVED);
    const loaded = deferred<OptionsSettings>();
    connector.load.mockReturnValueOnce(loaded.promise);
    const { container } = render(<OptionsApp connector={connector} />);

    expect(container.querySelector('main')?.getAttribute('aria-busy')).toBe('true');
    // The header the page's own markup drew before the script ran stays: the page does not blink.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t('optionsTitle'));
    expect(screen.queryByRole('textbox')).toBeNull();

    loaded.resolve(SAVED);
    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: t('optionsServerLabel') })).value).toBe(DEFAULT_SERVER);
  });

  it('shows the saved token by its ending and the server it is for, never the token', async () => {
    await renderOptions(SAVED);

    expect(text('token-status')).toContain(t('optionsTokenSaved', '9f3K', 'shrtnr.co'));
    expect(text('token-status')).not.toContain(t('optionsTokenNotSentTo', 'shrtnr.co'));
    expect(document.body.innerHTML).not.toContain(SAVED_TOKEN);
    expect(tokenField('optionsReplaceToken').value).toBe('');
    expect(serverField().value).toBe(DEFAULT_SERVER);
    expect(serverField().getAttribute('dir')).toBe('ltr');
    expect(autoCopyBox().checked).toBe(true);
    button('optionsClearToken');
    screen.getByText(t('optionsServerHint'));
    expectNothingUntranslated();
  });

  it('says when no token is saved', async () => {
    await renderOptions(NO_TOKEN);

    expect(text('token-status')).toBe(t('optionsNoToken'));
    expect(tokenField('optionsTokenLabel').value).toBe('');
    expect(noButton('optionsClearToken')).toBeNull();
    expectNothingUntranslated();
  });

  it('reads an unreadable list of accounts as no account: the card says so, and the form adds one', async () => {
    // What the storage layer reads a list that fails its check as (FAIL_CLOSED): no account, never the default one.
    await renderOptions({ ...NO_TOKEN, accounts: [] });

    screen.getByText(t('optionsNoAccount'));
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByTestId('editing-account').textContent).toBe(t('optionsAddingAccount'));
    expect(serverField().value).toBe(DEFAULT_SERVER);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: t('optionsAccountName') }).value).toBe('');
    expect(text('token-status')).toBe(t('optionsNoToken'));
    expectNothingUntranslated();
  });

  it('saves a new token for the server typed with it, and gives back the old server’s access', async () => {
    const connector = await renderOptions(SAVED);

    type(serverField(), ' https://short.example/ ');
    type(tokenField(), ' newToken1234 ');
    fireEvent.click(button('optionsSaveAccount'));

    await waitForText('account-save-status', t('optionsAccountSaved', 'short.example'));
    // One write: the account moved, and its token for the server it moved to.
    expect(connector.save.mock.calls).toEqual([[{ accounts: [FIRST_ON('https://short.example')] }, { account: FIRST_ACCOUNT_ID, saved: { token: 'newToken1234', server: 'https://short.example' } }]]);
    expect(connector.saveToken).not.toHaveBeenCalled();
    expect(connector.releaseHostAccess.mock.calls).toEqual([[[DEFAULT_SERVER], ['https://short.example']]]);
    expect(serverField().value).toBe('https://short.example');
    expect(tokenField('optionsReplaceToken').value).toBe('');
    expect(text('token-status')).toContain(t('optionsTokenSaved', '1234', 'short.example'));
    expectNothingUntranslated();
  });

  it('saves a token and the settings it goes with in one write: one that fails leaves both as they were', async () => {
    const connector = await renderOptions(SAVED);
    connector.save.mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));

    type(serverField(), 'https://short.example');
    type(tokenField(), 'newToken1234');
    fireEvent.click(button('optionsSaveAccount'));

    await waitForText('account-save-status', t('optionsSaveFailed', 'QUOTA_BYTES quota exceeded'));
    const stored = await connector.load();
    expect(stored.tokens).toEqual(SAVED.tokens);
    expect(stored.accounts).toEqual([FIRST]);
    expect(text('token-status')).toContain(t('optionsTokenSaved', '9f3K', 'shrtnr.co'));
    // What was typed stays, to save again.
    expect(tokenField().value).toBe('newToken1234');
  });

  it('saves only the token when only the token changed', async () => {
    const connector = await renderOptions(SAVED);

    type(tokenField(), 'newToken1234');
    fireEvent.click(button('optionsSaveAccount'));

    await waitForText('account-save-status', t('optionsAccountSaved', 'shrtnr.co'));
    expect(connector.save.mock.calls).toEqual([[{}, { account: FIRST_ACCOUNT_ID, saved: { token: 'newToken1234', server: DEFAULT_SERVER } }]]);
    expect(connector.releaseHostAccess).not.toHaveBeenCalled();
  });

  it('saves the auto-copy choice the moment it is changed, alone, and says so: no button to press', async () => {
    const connector = await renderOptions(SAVED);

    fireEvent.click(autoCopyBox());

    await waitForText('behaviour-status', t('optionsSaved'));
    expect(connector.save.mock.calls).toEqual([[{ autoCopy: false }]]);
    expect(autoCopyBox().checked).toBe(false);
    expect((await connector.load()).autoCopy).toBe(false);
    expect(connector.saveToken).not.toHaveBeenCalled();
    // The account's status line is not this change's.
    expect(text('account-save-status')).toBe('');
    expectNothingUntranslated();
  });

  it("saves the copy format, tracking, page's own link and history choices each as it is changed, each alone", async () => {
    const connector = await renderOptions(SAVED);

    fireEvent.change(copyFormatBox(), { target: { value: 'markdown' } });
    await waitForText('behaviour-status', t('optionsSaved'));
    fireEvent.click(screen.getByRole('checkbox', { name: t('optionsStripTracking') }));
    const pageLink = screen.getByRole<HTMLInputElement>('checkbox', { name: t('optionsUsePageShortLink') });
    expect(pageLink.checked).toBe(false);
    fireEvent.click(pageLink);
    fireEvent.click(screen.getByRole('checkbox', { name: t('optionsHistory') }));

    await waitForText('history-status', t('optionsSaved'));
    await waitFor(() => expect(connector.save).toHaveBeenCalledTimes(4));
    expect(connector.save.mock.calls).toEqual([[{ copyFormat: 'markdown' }], [{ stripTracking: true }], [{ usePageShortLink: true }], [{ history: false }]]);
    expect(await connector.load()).toMatchObject({ copyFormat: 'markdown', stripTracking: true, usePageShortLink: true, history: false });
    expect(text('behaviour-status')).toBe(t('optionsSaved'));
  });

  it('a preference shows as chosen while it is saved; one that could not be saved says why and shows the stored value again', async () => {
    const connector = await renderOptions(SAVED);
    const saving = deferred<undefined>();
    connector.save.mockImplementationOnce(() => saving.promise);

    fireEvent.click(autoCopyBox());
    expect(autoCopyBox().checked).toBe(false);
    await act(async () => saving.reject(new Error('QUOTA_BYTES quota exceeded')));

    await waitForText('behaviour-status', t('optionsSaveFailed', 'QUOTA_BYTES quota exceeded'));
    expect(autoCopyBox().checked).toBe(true);
    expect((await connector.load()).autoCopy).toBe(true);
  });

  it('two changes of one preference in a row: the first one saved does not show the second undone', async () => {
    const connector = await renderOptions(SAVED);
    const second = deferred<undefined>();
    const saveNow = connector.save.getMockImplementation();
    if (saveNow === undefined) throw new Error('the fake connector saves with an implementation');

    fireEvent.change(copyFormatBox(), { target: { value: 'markdown' } });
    connector.save.mockImplementationOnce(async (changes) => {
      await second.promise;
      return saveNow(changes);
    });
    fireEvent.change(copyFormatBox(), { target: { value: 'html' } });
    // The first saved, and read back: the second, still on its way, is what the list shows.
    await waitForText('behaviour-status', t('optionsSaved'));
    await waitFor(() => expect(connector.load).toHaveBeenCalledTimes(2));
    await act(async () => undefined);
    expect(copyFormatBox().value).toBe('html');

    await act(async () => second.resolve(undefined));
    await waitForText('behaviour-status', t('optionsSaved'));
    expect(copyFormatBox().value).toBe('html');
    expect((await connector.load()).copyFormat).toBe('html');
  });

  it('a preference changed while an account is being typed saves the preference alone: the account waits for its own Save, and says so', async () => {
    const connector = await renderOptions(SAVED);
    expect(text('account-save-status')).toBe('');

    type(serverField(), 'https://short.example');
    type(tokenField(), 'typedToken1234');
    expect(text('account-save-status')).toBe(t('optionsAccountUnsaved'));
    fireEvent.click(autoCopyBox());

    await waitForText('behaviour-status', t('optionsSaved'));
    expect(connector.save.mock.calls).toEqual([[{ autoCopy: false }]]);
    expect(serverField().value).toBe('https://short.example');
    expect(tokenField().value).toBe('typedToken1234');
    expect(text('account-save-status')).toBe(t('optionsAccountUnsaved'));
    expectNothingUntranslated();

    fireEvent.click(button('optionsSaveAccount'));
    await waitForText('account-save-status', t('optionsAccountSaved', 'short.example'));
    expect(connector.save.mock.calls.at(-1)).toEqual([{ accounts: [FIRST_ON('https://short.example')] }, { account: FIRST_ACCOUNT_ID, saved: { token: 'typedToken1234', server: 'https://short.example' } }]);
    // Saved: nothing left unsaved to say, until the next change.
    type(screen.getByRole<HTMLInputElement>('textbox', { name: t('optionsAccountName') }), 'Work');
    expect(text('account-save-status')).toBe(t('optionsAccountUnsaved'));
    type(screen.getByRole<HTMLInputElement>('textbox', { name: t('optionsAccountName') }), 'short.example');
    expect(text('account-save-status')).toBe('');
  });

  it('turning history off offers to delete the links it holds, and deletes them only once that is confirmed', async () => {
    const connector = await renderOptions(SAVED);
    expect(screen.queryByRole('button', { name: t('optionsClearHistory', 42) })).toBeNull();

    const historyBox = screen.getByRole('checkbox', { name: t('optionsHistory') });
    fireEvent.click(historyBox);
    await waitForText('history-left', t('optionsHistoryStillSaved', 42));
    // Off at once: nothing more is kept from now on, whatever is done with what is there.
    await waitForText('history-status', t('optionsSaved'));
    expect(connector.save.mock.calls).toEqual([[{ history: false }]]);
    const clear = screen.getByRole('button', { name: t('optionsClearHistory', 42) });
    const question = () => screen.queryByRole('group', { name: t('historyDeleteAllQuestion', 42) });

    // Asked first, Cancel focused: it loses nothing.
    fireEvent.click(clear);
    expect(question()).not.toBeNull();
    expect(document.activeElement).toBe(button('historyCancel'));
    expectNothingUntranslated();
    fireEvent.click(button('historyCancel'));
    expect(question()).toBeNull();
    expect(document.activeElement).toBe(clear);
    // Escape answers no as well.
    fireEvent.click(clear);
    fireEvent.keyDown(button('historyCancel'), { key: 'Escape' });
    expect(question()).toBeNull();
    expect(connector.clearHistory).not.toHaveBeenCalled();

    fireEvent.click(clear);
    fireEvent.click(button('historyDeleteAllConfirm'));
    await waitForText('history-left', t('optionsHistoryCleared', 42));
    expect(connector.clearHistory).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(historyBox);
    expectNothingUntranslated();
  });

  it('says when history cannot be counted', async () => {
    const connector = await renderOptions({ ...SAVED, history: false });
    connector.historyCount.mockRejectedValue(new Error('UnknownError'));
    fireEvent.click(screen.getByRole('checkbox', { name: t('optionsHistory') }));
    fireEvent.click(screen.getByRole('checkbox', { name: t('optionsHistory') }));

    await waitForText('history-left', t('optionsHistoryFailed', 'UnknownError'));
  });

  it('opens the history page', async () => {
    const connector = await renderOptions(SAVED);
    fireEvent.click(button('optionsOpenHistory'));
    expect(connector.openHistory).toHaveBeenCalledTimes(1);
  });

  it('keeps both of two fields changed in the same moment (a password manager filling the token as the server is typed)', async () => {
    const connector = await renderOptions(NO_TOKEN);

    // One act: neither change is rendered before the other is made.
    act(() => {
      for (const [field, value] of [
        [serverField(), 'https://short.example'],
        [tokenField('optionsTokenLabel'), 'filledToken1234'],
      ] as const) {
        field.value = value;
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }
    });
    fireEvent.click(button('optionsSaveAccount'));

    await waitForText('account-save-status', t('optionsAccountSaved', 'short.example'));
    expect(connector.save.mock.calls).toEqual([[{ accounts: [FIRST_ON('https://short.example')] }, { account: FIRST_ACCOUNT_ID, saved: { token: 'filledToken1234', server: 'https://short.example' } }]]);
  });

  it('moving servers keeps the token with the server it was saved for, and offers to use it on the new one', async () => {
    const connector = await renderOptions(SAVED);

    type(serverField(), 'https://mirror.example');
    fireEvent.click(button('optionsSaveAccount'));

    await waitForText('account-save-status', t('optionsAccountSaved', 'mirror.example'));
    expect(connector.save.mock.calls).toEqual([[{ accounts: [FIRST_ON('https://mirror.example')] }]]);
    expect(connector.saveToken).not.toHaveBeenCalled();
    expect(connector.releaseHostAccess.mock.calls).toEqual([[[DEFAULT_SERVER], ['https://mirror.example']]]);
    expect(text('token-status')).toContain(t('optionsTokenNotSentTo', 'mirror.example'));
    button('optionsUseTokenWith', 'mirror.example');
  });

  it('keeps a server address and a token typed while a save is under way', async () => {
    const connector = await renderOptions(SAVED);
    const saving = deferred<undefined>();
    connector.save.mockImplementationOnce(() => saving.promise);

    type(serverField(), 'https://mirror.example');
    type(tokenField(), 'first_token_0123456789');
    fireEvent.click(button('optionsSaveAccount'));
    await waitFor(() => expect(connector.save).toHaveBeenCalledTimes(1));
    // Typed while the first save is awaited: the save's end must not overwrite either.
    type(serverField(), 'https://other.example');
    type(tokenField(), 'second_token_0123456789');
    await act(async () => saving.resolve(undefined));

    await waitForText('account-save-status', t('optionsAccountSaved', 'mirror.example'));
    expect(serverField().value).toBe('https://other.example');
    expect(tokenField().value).toBe('second_token_0123456789');
  });

  it('lists each optional permission held and why, gives one back, and follows one granted meanwhile', async () => {
    const serverPattern = 'https://short.example/*';
    const connector = fakeOptionsConnector(words, { ...onServer('https://short.example'), tokens: { [FIRST_ACCOUNT_ID]: { token: SAVED_TOKEN, server: 'https://short.example' } } }, [
      { kind: 'host', pattern: serverPattern },
      { kind: 'host', pattern: 'https://mirror.example/*' },
    ]);
    render(<OptionsApp connector={connector} />);
    expect(await permissionsListed()).toEqual([t('optionsPermissionHostServer', 'short.example'), t('optionsPermissionHostUnused', 'mirror.example')]);

    fireEvent.click(button('optionsGiveBackHost', 'mirror.example'));
    await waitFor(() => expect(screen.getByTestId('permissions-status').textContent).toBe(t('optionsPermissionGivenBack')));
    expect(connector.givePermissionBack.mock.calls).toEqual([[{ kind: 'host', pattern: 'https://mirror.example/*' }]]);
    expect(await permissionsListed()).toEqual([t('optionsPermissionHostServer', 'short.example')]);

    act(() => connector.grantElsewhere({ kind: 'tabs' }));
    await waitFor(async () => expect(await permissionsListed()).toEqual([t('optionsPermissionTabs'), t('optionsPermissionHostServer', 'short.example')]));
    fireEvent.click(button('optionsGiveBackTabs'));
    await waitFor(() => expect(connector.givePermissionBack).toHaveBeenLastCalledWith({ kind: 'tabs' }));
    expectNothingUntranslated();
  });

  it('says when it holds no optional permission', async () => {
    await renderOptions(SAVED);
    await screen.findByText(t('optionsPermissionsNone'));
  });

  it('says so when the browser will not give a permission back', async () => {
    const connector = fakeOptionsConnector(words, SAVED, [{ kind: 'tabs' }]);
    connector.givePermissionBack.mockRejectedValueOnce(new Error('You cannot remove required permissions.'));
    render(<OptionsApp connector={connector} />);
    fireEvent.click(await screen.findByRole('button', { name: t('optionsGiveBackTabs') }));
    await waitFor(() => expect(screen.getByTestId('permissions-status').textContent).toBe(t('optionsPermissionNotGivenBack', 'You cannot remove required permissions.')));
  });

  it('refuses a server address that is not https, and saves nothing', async () => {
    const connector = await renderOptions(SAVED);

    type(serverField(), 'http://short.example');
    fireEvent.click(button('optionsSaveAccount'));

    await waitForText('account-save-status', t('optionsNothingSaved'));
    const field = screen.getByRole('textbox', { name: t('optionsServerLabel'), description: t('errorInsecureServer') });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(connector.save).not.toHaveBeenCalled();
    expect(connector.releaseHostAccess).not.toHaveBeenCalled();
    expectNothingUntranslated();
  });

  it('refuses a token with spaces inside, and saves nothing', async () => {
    const connector = await renderOptions(SAVED);

    type(tokenField(), 'two words');
    fireEvent.click(button('optionsSaveAccount'));

    await waitForText('account-save-status', t('optionsNothingSaved'));
    expect(screen.getByText(t('errorMalformedToken')).id).toBe(tokenField().getAttribute('aria-describedby'));
    expect(connector.save).not.toHaveBeenCalled();
    expectNothingUntranslated();
  });

  it('tests the server and token as typed, before they are saved', async () => {
    const connector = await renderOptions(SAVED);
    const answer = deferred<ConnectionAnswer>();
    connector.testConnection.mockReturnValueOnce(answer.promise);

    type(serverField(), 'https://short.example:8443');
    type(tokenField(), 'typedToken77');
    fireEvent.click(button('optionsTestConnection'));

    await waitForText('connection-status', t('optionsChecking'));
    expect(button('optionsTestConnection').hasAttribute('disabled')).toBe(true);
    expect(connector.testConnection.mock.calls).toEqual([['https://short.example:8443', 'typedToken77']]);
    expectNothingUntranslated();

    answer.resolve({ ok: true, value: { serverUrl: 'https://short.example:8443' } });
    await waitForText('connection-status', t('optionsConnected', 'short.example:8443'));
    expect(button('optionsTestConnection').hasAttribute('disabled')).toBe(false);
    expect(connector.save).not.toHaveBeenCalled();
    expectNothingUntranslated();
  });

  it('drops the answer of a test that is no longer the latest: the server was edited, and tested again, meanwhile', async () => {
    const connector = await renderOptions(SAVED);
    const slow = deferred<ConnectionAnswer>();
    connector.testConnection.mockReturnValueOnce(slow.promise);

    type(serverField(), 'https://short.example');
    type(tokenField(), 'typedToken77');
    fireEvent.click(button('optionsTestConnection'));
    await waitForText('connection-status', t('optionsChecking'));
    type(serverField(), 'https://mirror.example');
    expect(text('connection-status')).toBe('');
    fireEvent.click(button('optionsTestConnection'));
    await waitForText('connection-status', t('optionsConnected', 'mirror.example'));

    // The first test's answer comes last: it was about short.example, no longer in the field.
    await act(async () => slow.resolve(connectionFailure({ kind: 'unauthorized' })));
    expect(text('connection-status')).toBe(t('optionsConnected', 'mirror.example'));
    expect(connector.testConnection.mock.calls).toEqual([
      ['https://short.example', 'typedToken77'],
      ['https://mirror.example', 'typedToken77'],
    ]);
  });

  it('tests the saved token on the server it was saved for', async () => {
    const connector = await renderOptions(SAVED);

    fireEvent.click(button('optionsTestConnection'));

    await waitForText('connection-status', t('optionsConnected', 'shrtnr.co'));
    expect(connector.testConnection.mock.calls).toEqual([[DEFAULT_SERVER, SAVED_TOKEN]]);
  });

  describe.each<{ error: ApiError; sentence: () => string }>([
    { error: { kind: 'unauthorized' }, sentence: () => t('connectionUnauthorized', 'short.example:8443') },
    { error: { kind: 'forbidden' }, sentence: () => t('connectionForbidden', 'short.example:8443') },
    { error: { kind: 'not-shrtnr', status: 404 }, sentence: () => t('connectionNotShrtnrStatus', 'short.example:8443', '404') },
    // The duration in the language's own short words for seconds ("10 sec", "10 Sek.", "10 ث").
    { error: { kind: 'timeout', timeoutMs: 10_000 }, sentence: () => t('connectionTimeout', 'short.example:8443', words.seconds(10, 'short')) },
    { error: { kind: 'network', host: 'short.example:8443' }, sentence: () => t('connectionNetwork', 'short.example:8443') },
    // The server spoke: not "can't reach".
    { error: { kind: 'network', host: 'short.example:8443', answered: true }, sentence: () => t('connectionAnswerCutOff', 'short.example:8443') },
  ])('when the test fails ($error.kind)', ({ error, sentence }) => {
    it('says what went wrong with the connection', async () => {
      const connector = await renderOptions(SAVED);
      connector.testConnection.mockResolvedValueOnce(connectionFailure(error));

      type(serverField(), 'https://short.example:8443');
      type(tokenField(), 'typedToken77');
      fireEvent.click(button('optionsTestConnection'));

      await waitForText('connection-status', sentence());
      // With host access already granted, asking for it again would not help.
      expect(noButton('optionsAllowAccess', 'short.example:8443')).toBeNull();
      expectNothingUntranslated();
    });
  });

  it('says a saved token for another server is not sent there, and does not send it', async () => {
    const connector = await renderOptions(onServer('https://mirror.example'));

    expect(text('token-status')).toContain(t('optionsTokenSaved', '9f3K', 'shrtnr.co'));
    expect(text('token-status')).toContain(t('optionsTokenNotSentTo', 'mirror.example'));
    fireEvent.click(button('optionsTestConnection'));

    await waitForText('connection-status', t('optionsSavedTokenIsForOther', 'shrtnr.co', 'mirror.example'));
    expect(connector.testConnection).not.toHaveBeenCalled();
    expectNothingUntranslated();
  });

  it('does not try the saved token on a server only typed, not saved', async () => {
    const connector = await renderOptions(SAVED);

    type(serverField(), 'https://short.example');
    fireEvent.click(button('optionsTestConnection'));

    await waitForText('connection-status', t('optionsSavedTokenIsForOther', 'shrtnr.co', 'short.example'));
    expect(connector.testConnection).not.toHaveBeenCalled();
  });

  it('uses the saved token with the saved server when told to', async () => {
    const connector = await renderOptions(onServer('https://mirror.example'));

    fireEvent.click(button('optionsUseTokenWith', 'mirror.example'));

    await waitForText('account-save-status', t('optionsTokenNowSentTo', 'mirror.example'));
    expect(connector.saveToken.mock.calls).toEqual([[FIRST_ACCOUNT_ID, { token: SAVED_TOKEN, server: 'https://mirror.example' }]]);
    expect(connector.save).not.toHaveBeenCalled();
    expect(text('token-status')).toContain(t('optionsTokenSaved', '9f3K', 'mirror.example'));
    expect(noButton('optionsUseTokenWith', 'mirror.example')).toBeNull();
    expectNothingUntranslated();
  });

  it('clears the token only once that is confirmed, the question naming the server it is for', async () => {
    const connector = await renderOptions(onServer('https://mirror.example'));
    const question = () => screen.queryByRole('group', { name: t('optionsClearTokenQuestion', 'shrtnr.co') });

    fireEvent.click(button('optionsClearToken'));
    expect(question()).not.toBeNull();
    expect(document.activeElement).toBe(button('optionsRemoveAccountKeep'));
    expectNothingUntranslated();
    fireEvent.click(button('optionsRemoveAccountKeep'));
    expect(question()).toBeNull();
    expect(document.activeElement).toBe(button('optionsClearToken'));
    fireEvent.click(button('optionsClearToken'));
    fireEvent.keyDown(button('optionsRemoveAccountKeep'), { key: 'Escape' });
    expect(question()).toBeNull();
    expect(connector.clearToken).not.toHaveBeenCalled();

    fireEvent.click(button('optionsClearToken'));
    fireEvent.click(button('optionsRemoveAccountConfirm'));

    await waitForText('account-save-status', t('optionsTokenRemoved'));
    expect(connector.clearToken.mock.calls).toEqual([[FIRST_ACCOUNT_ID]]);
    expect(connector.save).not.toHaveBeenCalled();
    expect(text('token-status')).toBe(t('optionsNoToken'));
    expect(document.activeElement).toBe(tokenField('optionsTokenLabel'));
    expectNothingUntranslated();
  });

  /** Types a server and a token and tests them, against a server the extension cannot reach without host access. */
  async function testUnreachableServer(serverUrl: string): Promise<FakeOptionsConnector> {
    const connector = await renderOptions(SAVED);
    const host = new URL(serverUrl).host;
    connector.hasHostAccess.mockResolvedValue(false);
    connector.testConnection.mockResolvedValueOnce(connectionFailure({ kind: 'network', host }));
    type(serverField(), serverUrl);
    type(tokenField(), 'typedToken77');
    fireEvent.click(button('optionsTestConnection'));
    await waitForText('connection-status', t('connectionNetwork', host));
    return connector;
  }

  it('offers no host access for an answer cut off mid-way: the server was reached, so access was not what failed', async () => {
    const connector = await renderOptions(SAVED);
    connector.hasHostAccess.mockResolvedValue(false);
    connector.testConnection.mockResolvedValueOnce(connectionFailure({ kind: 'network', host: 'short.example:8443', answered: true }));
    type(serverField(), 'https://short.example:8443');
    type(tokenField(), 'typedToken77');
    fireEvent.click(button('optionsTestConnection'));
    await waitForText('connection-status', t('connectionAnswerCutOff', 'short.example:8443'));
    expect(noButton('optionsAllowAccess', 'short.example:8443')).toBeNull();
  });

  it('offers host access when the server cannot be reached without it, and tests again once it is granted', async () => {
    const connector = await testUnreachableServer('https://short.example:8443');
    expect(connector.hasHostAccess.mock.calls).toEqual([['https://short.example:8443']]);
    expectNothingUntranslated();

    fireEvent.click(button('optionsAllowAccess', 'short.example:8443'));
    await waitForText('connection-status', t('optionsConnected', 'short.example:8443'));
    expect(connector.requestHostAccess.mock.calls).toEqual([['https://short.example:8443']]);
    expect(connector.testConnection.mock.calls).toEqual([
      ['https://short.example:8443', 'typedToken77'],
      ['https://short.example:8443', 'typedToken77'],
    ]);
    expect(noButton('optionsAllowAccess', 'short.example:8443')).toBeNull();
  });

  it('says so when host access is refused', async () => {
    const connector = await testUnreachableServer('https://short.example');
    connector.requestHostAccess.mockResolvedValueOnce(false);
    fireEvent.click(await screen.findByRole('button', { name: t('optionsAllowAccess', 'short.example') }));

    await waitForText('connection-status', t('optionsAccessNotGranted'));
    expect(connector.testConnection).toHaveBeenCalledTimes(1);
    expectNothingUntranslated();
  });

  it('a connection result goes once the server or the token is edited: it was about what was tested', async () => {
    const connector = await testUnreachableServer('https://short.example:8443');

    // Edited since: neither the result nor an offer of access for the tested server stays.
    type(serverField(), 'https://other.example');
    expect(text('connection-status')).toBe('');
    expect(noButton('optionsAllowAccess', 'short.example:8443')).toBeNull();
    expect(connector.requestHostAccess).not.toHaveBeenCalled();
  });

  it('says when the settings cannot be read, instead of an endless empty page', async () => {
    const connector = fakeOptionsConnector(words, SAVED);
    connector.load.mockRejectedValueOnce(new Error('storage is unavailable'));
    render(<OptionsApp connector={connector} />);
    expect((await screen.findByRole('alert')).textContent).toBe(t('optionsLoadFailed', 'storage is unavailable'));
  });

  it('says so too when the read that took over the first one (a save came first) cannot be made', async () => {
    const connector = fakeOptionsConnector(words, SAVED);
    const answerFirstRead = holdNextRead(connector);
    connector.load.mockRejectedValueOnce(new Error('storage is unavailable'));
    render(<OptionsApp connector={connector} />);
    act(() => connector.saveElsewhere({ autoCopy: false }));
    await act(async () => {
      answerFirstRead();
      await new Promise((done) => setTimeout(done, 0));
    });
    expect((await screen.findByRole('alert')).textContent).toBe(t('optionsLoadFailed', 'storage is unavailable'));
  });

  it('says when clearing the token or using it with another server fails, and keeps showing it saved', async () => {
    const connector = await renderOptions(onServer('https://mirror.example'));
    connector.clearToken.mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));
    fireEvent.click(button('optionsClearToken'));
    fireEvent.click(button('optionsRemoveAccountConfirm'));
    await waitForText('account-save-status', t('optionsSaveFailed', 'QUOTA_BYTES quota exceeded'));
    expect(text('token-status')).toContain(t('optionsTokenSaved', '9f3K', 'shrtnr.co'));

    connector.saveToken.mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));
    fireEvent.click(button('optionsUseTokenWith', 'mirror.example'));
    await waitForText('account-save-status', t('optionsSaveFailed', 'QUOTA_BYTES quota exceeded'));
    expect(noButton('optionsUseTokenWith', 'mirror.example')).not.toBeNull();
  });

  it('follows settings saved on another page, keeping what is being edited here', async () => {
    const connector = await renderOptions(SAVED);

    type(serverField(), 'https://short.example');
    act(() => connector.saveElsewhere({ accounts: [FIRST_ON('https://mirror.example')], autoCopy: false, copyFormat: 'rich' }));

    await waitFor(() => expect(autoCopyBox().checked).toBe(false));
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: t('optionsCopyFormat') }).value).toBe('rich');
    expect(serverField().value).toBe('https://short.example');
  });

  it('keeps the server on screen while a token is typed for it: another page or sync moving the account does not take the token there', async () => {
    const connector = await renderOptions(SAVED);

    type(tokenField(), 'newToken1234');
    act(() => connector.saveElsewhere({ accounts: [FIRST_ON('https://elsewhere.example')], autoCopy: false }));
    await waitFor(() => expect(autoCopyBox().checked).toBe(false));
    expect(serverField().value).toBe(DEFAULT_SERVER);
    // Said, not silently undone: Save keeps the address on screen.
    expect(screen.getByTestId('server-moved').textContent).toBe(t('optionsServerMovedElsewhere', 'elsewhere.example'));
    expectNothingUntranslated();

    fireEvent.click(button('optionsSaveAccount'));
    await waitForText('account-save-status', t('optionsAccountSaved', 'shrtnr.co'));
    expect(connector.save.mock.calls.at(-1)?.[1]).toEqual({ account: FIRST_ACCOUNT_ID, saved: { token: 'newToken1234', server: DEFAULT_SERVER } });
    expect(screen.queryByTestId('server-moved')).toBeNull();
  });

  it('says nothing of a server moved elsewhere when no token is typed: the field follows it', async () => {
    const connector = await renderOptions(SAVED);
    act(() => connector.saveElsewhere({ accounts: [FIRST_ON('https://elsewhere.example')] }));
    await waitFor(() => expect(serverField().value).toBe('https://elsewhere.example'));
    expect(screen.queryByTestId('server-moved')).toBeNull();
  });

  it('shows the newest settings when two saves elsewhere are read back out of order', async () => {
    const connector = await renderOptions(SAVED);
    // The first save's read answers last: it holds the settings from before the second save.
    const answerFirstRead = holdNextRead(connector);
    act(() => connector.saveElsewhere({ autoCopy: false }));
    act(() => connector.saveElsewhere({ copyFormat: 'rich' }));
    await waitFor(() => expect(copyFormatBox().value).toBe('rich'));
    await act(async () => {
      answerFirstRead();
      // The read's answer, then the page's handling of it.
      await new Promise((done) => setTimeout(done, 0));
    });
    expect(copyFormatBox().value).toBe('rich');
    expect(autoCopyBox().checked).toBe(false);
  });
});
