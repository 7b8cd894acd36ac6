// @vitest-environment happy-dom
// The popup's account switcher (issue 21) against a fake connector: shown only
// with several accounts, naming the one the link was made with; a choice makes
// it the active one and shortens the address on screen again with it.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred } from '../../test/support/deferred';
import { wordsIn } from '../../test/support/locale-catalogue';
import { wordsInAnotherScript } from '../../test/support/untranslated-text';
import { failedAnswer, fakePopupConnector, shortenedAnswer } from './fake-popup-connector';
import { startFirstAttempt } from './first-attempt';
import { PopupApp } from './popup-app';
import type { ShortenAnswer } from './popup-connector';

const TAB_URL = 'https://example.com/article';
const TWO = [
  { id: 'account-1', name: 'Team' },
  { id: 'account-own', name: 'Own links' },
];
const withAccounts = (answer: ShortenAnswer, accounts: ShortenAnswer['accounts'], account?: string): ShortenAnswer => ({ ...answer, accounts, ...(account === undefined ? {} : { account }) });

afterEach(cleanup);

describe.each(['en', 'ar'])('the popup\'s account switcher in %s', (language) => {
  const words = wordsIn(language);
  const { t } = words;
  const switcher = () => screen.queryByRole('combobox', { name: t('popupAccount') });

  it('is not there with one account', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    connector.shorten.mockImplementation(async (request) => withAccounts(shortenedAnswer(request.url, false), [{ id: 'account-1', name: 'Team' }], 'account-1'));
    render(<PopupApp connector={connector} firstAttempt={startFirstAttempt(connector)} />);
    await screen.findByRole('textbox', { name: t('popupShortLinkLabel') });
    expect(switcher()).toBeNull();
  });

  it('shows the account the link was made with, and a choice makes another active and shortens the page again with it', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    connector.shorten.mockImplementation(async (request) => withAccounts(shortenedAnswer(request.url, false), TWO, request.account ?? 'account-1'));
    render(<PopupApp connector={connector} firstAttempt={startFirstAttempt(connector)} />);
    await screen.findByRole('textbox', { name: t('popupShortLinkLabel') });
    await waitFor(() => expect(switcher()).toHaveProperty('value', 'account-1'));
    expect(wordsInAnotherScript(document.body, language, ['Team', 'Own', 'links', 'HTML', 'QR'])).toEqual([]);

    fireEvent.change(switcher() as HTMLSelectElement, { target: { value: 'account-own' } });
    await waitFor(() => expect(connector.shorten).toHaveBeenCalledTimes(2));
    expect(connector.useAccount.mock.calls).toEqual([['account-own']]);
    expect(connector.shorten.mock.calls[1]?.[0]).toMatchObject({ url: TAB_URL, via: 'popup-tab', account: 'account-own', fresh: false });
    await waitFor(() => expect(switcher()).toHaveProperty('value', 'account-own'));
  });

  it('the active account removed on another machine: says so, shortens with none, and with the one chosen here (even the only one left)', async () => {
    const at = Date.UTC(2026, 10, 27, 9, 14);
    const removed = failedAnswer({ kind: 'active-account-removed', account: 'Old team', at });
    for (const accounts of [TWO, TWO.slice(0, 1)]) {
      const connector = fakePopupConnector(words, TAB_URL);
      connector.shorten.mockImplementation(async (request) =>
        request.account === undefined ? withAccounts(removed, accounts) : withAccounts(shortenedAnswer(request.url, false), accounts, request.account),
      );
      render(<PopupApp connector={connector} firstAttempt={startFirstAttempt(connector)} />);
      expect(await screen.findByRole('alert')).toHaveProperty('textContent', t('errorActiveAccountRemoved', 'Old team', words.when(at)));
      expect(screen.queryByRole('button', { name: t('popupRetry') })).toBeNull();
      const choices = accounts.map(({ name }) => screen.getByRole('button', { name: t('popupShortenWithAccount', name) }));

      fireEvent.click(choices.at(-1) as HTMLElement);
      const chosen = accounts.at(-1)?.id;
      await waitFor(() => expect(connector.shorten).toHaveBeenCalledTimes(2));
      expect(connector.useAccount.mock.calls).toEqual([[chosen]]);
      expect(connector.shorten.mock.calls[1]?.[0]).toMatchObject({ url: TAB_URL, via: 'popup-tab', account: chosen });
      await screen.findByRole('textbox', { name: t('popupShortLinkLabel') });
      cleanup();
    }
  });

  it('stepped through with the arrow keys, switches only once the choice is taken (Enter, or the focus leaving): not at each step', async () => {
    const THREE = [...TWO, { id: 'account-third', name: 'Third' }];
    const connector = fakePopupConnector(words, TAB_URL);
    connector.shorten.mockImplementation(async (request) => withAccounts(shortenedAnswer(request.url, false), THREE, request.account ?? 'account-1'));
    render(<PopupApp connector={connector} firstAttempt={startFirstAttempt(connector)} />);
    await waitFor(() => expect(switcher()).toHaveProperty('value', 'account-1'));
    const select = switcher() as HTMLSelectElement;

    // As Chrome and Firefox do on a closed select: each arrow changes the choice, and fires a change.
    for (const value of ['account-own', 'account-third']) {
      fireEvent.keyDown(select, { key: 'ArrowDown' });
      fireEvent.change(select, { target: { value } });
    }
    expect(connector.useAccount).not.toHaveBeenCalled();
    expect(connector.shorten).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(select, { key: 'Enter' });
    await waitFor(() => expect(connector.shorten).toHaveBeenCalledTimes(2));
    expect(connector.useAccount.mock.calls).toEqual([['account-third']]);

    // Stepped back, then left: taken as the focus goes.
    await waitFor(() => expect(switcher()).toHaveProperty('disabled', false));
    fireEvent.keyDown(select, { key: 'ArrowUp' });
    fireEvent.change(select, { target: { value: 'account-own' } });
    fireEvent.blur(select);
    await waitFor(() => expect(connector.useAccount.mock.calls).toEqual([['account-third'], ['account-own']]));
  });

  it('takes at once a choice from the opened list, even when a key opened it (Alt+ArrowDown; the arrows on macOS)', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    connector.shorten.mockImplementation(async (request) => withAccounts(shortenedAnswer(request.url, false), TWO, request.account ?? 'account-1'));
    render(<PopupApp connector={connector} firstAttempt={startFirstAttempt(connector)} />);
    await waitFor(() => expect(switcher()).toHaveProperty('value', 'account-1'));
    const select = switcher() as HTMLSelectElement;

    fireEvent.keyDown(select, { key: 'ArrowDown', altKey: true });
    // The list is open; the choice comes later, on its own.
    await new Promise((done) => setTimeout(done));
    fireEvent.change(select, { target: { value: 'account-own' } });
    await waitFor(() => expect(connector.useAccount.mock.calls).toEqual([['account-own']]));
  });

  it('waits while a link is on its way: there is nothing to shorten again yet', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    connector.shorten.mockImplementation(async (request) => withAccounts(shortenedAnswer(request.url, false), TWO, request.account ?? 'account-1'));
    render(<PopupApp connector={connector} firstAttempt={startFirstAttempt(connector)} />);
    await waitFor(() => expect(switcher()).toHaveProperty('value', 'account-1'));

    const held = connector.holdShortening();
    fireEvent.change(switcher() as HTMLSelectElement, { target: { value: 'account-own' } });
    await waitFor(() => expect(switcher()).toHaveProperty('disabled', true));
    held.answer.resolve(withAccounts(shortenedAnswer(TAB_URL, false), TWO, 'account-own'));
    await waitFor(() => expect(switcher()).toHaveProperty('disabled', false));
    expect(switcher()).toHaveProperty('value', 'account-own');
  });

  it('after a failure too (a synced account with no token here): the user switches to one that works', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    connector.shorten.mockImplementation(async (request) =>
      request.account === 'account-1'
        ? withAccounts(shortenedAnswer(request.url, false), TWO, 'account-1')
        : withAccounts(failedAnswer({ kind: 'no-token', blank: false, account: 'Own links' }), TWO, 'account-own'),
    );
    render(<PopupApp connector={connector} firstAttempt={startFirstAttempt(connector)} />);
    expect((await screen.findByRole('alert')).textContent).toBe(t('errorNoTokenForAccount', 'Own links'));
    fireEvent.change(switcher() as HTMLSelectElement, { target: { value: 'account-1' } });
    await screen.findByRole('textbox', { name: t('popupShortLinkLabel') });
    expect(connector.useAccount.mock.calls).toEqual([['account-1']]);
  });

  it('switched only after the user sent a typed link: that link stays, and the page is not shortened again over it', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    connector.shorten.mockImplementation(async (request) => withAccounts(shortenedAnswer(request.url, false), TWO, request.account ?? 'account-1'));
    const switched = deferred<boolean>();
    connector.useAccount.mockReturnValueOnce(switched.promise);
    render(<PopupApp connector={connector} firstAttempt={startFirstAttempt(connector)} />);
    await waitFor(() => expect(switcher()).toHaveProperty('value', 'account-1'));

    fireEvent.change(switcher() as HTMLSelectElement, { target: { value: 'account-own' } });
    fireEvent.input(screen.getByRole('textbox', { name: t('popupShortenAnother') }), { target: { value: 'https://typed.example/a' } });
    fireEvent.click(screen.getByRole('button', { name: t('popupShorten') }));
    await waitFor(() => expect(screen.getByTestId('long-url').textContent).toBe('https://typed.example/a'));
    // The worker's yes comes last; what it would set off runs before this test's own wait ends.
    await act(async () => {
      switched.resolve(true);
      await switched.promise;
    });
    expect(connector.shortenedUrls()).toEqual([TAB_URL, 'https://typed.example/a']);
    expect(screen.getByTestId('long-url').textContent).toBe('https://typed.example/a');
  });

  it('keeps the account in use, and shortens nothing again, when the account could not be switched (it went meanwhile)', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    connector.shorten.mockImplementation(async (request) => withAccounts(shortenedAnswer(request.url, false), TWO, 'account-1'));
    connector.useAccount.mockResolvedValue(false);
    render(<PopupApp connector={connector} firstAttempt={startFirstAttempt(connector)} />);
    await waitFor(() => expect(switcher()).toHaveProperty('value', 'account-1'));
    fireEvent.change(switcher() as HTMLSelectElement, { target: { value: 'account-own' } });
    await waitFor(() => expect(connector.useAccount).toHaveBeenCalled());
    await waitFor(() => expect(switcher()).toHaveProperty('value', 'account-1'));
    expect(connector.shorten).toHaveBeenCalledTimes(1);
  });
});
