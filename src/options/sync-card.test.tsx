// @vitest-environment happy-dom
// The options page's sync card, against the fake connector.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { wordsIn } from '../../test/support/locale-catalogue';
import { DEFAULT_SETTINGS } from '../storage/settings-schema';
import { fakeOptionsConnector } from './fake-options-connector';
import { OptionsApp } from './options-app';

afterEach(cleanup);

/** A server whose host is long enough that ten accounts on such servers are over sync's quota for one item. */
const longServer = (index: number) => `https://${'a'.repeat(900)}${index}.example`;

describe('the sync card on the options page', () => {
  const words = wordsIn('en');
  const { t } = words;

  it('turns sync off and on, saved at once, and says what follows the user and what never does', async () => {
    const connector = fakeOptionsConnector(words, { ...DEFAULT_SETTINGS, tokens: {} });
    render(<OptionsApp connector={connector} />);
    const box = await screen.findByRole<HTMLInputElement>('checkbox', { name: t('optionsSync') });
    expect(box.checked).toBe(true);
    expect(screen.getByTestId('sync').textContent).toContain(t('optionsSyncHint'));
    fireEvent.click(box);
    await waitFor(() => expect(screen.getByTestId('sync-status').textContent).toBe(t('optionsSyncOff')));
    expect(connector.save.mock.calls.at(-1)).toEqual([{ syncPreferences: false }]);
    expect(box.checked).toBe(false);
  });

  it('says when the choice could not be saved, and shows the stored one again', async () => {
    const connector = fakeOptionsConnector(words, { ...DEFAULT_SETTINGS, tokens: {} });
    connector.save.mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));
    render(<OptionsApp connector={connector} />);
    const box = await screen.findByRole<HTMLInputElement>('checkbox', { name: t('optionsSync') });
    fireEvent.click(box);
    await waitFor(() => expect(screen.getByTestId('sync-status').textContent).toBe(t('optionsSyncSaveFailed', 'QUOTA_BYTES quota exceeded')));
    expect(box.checked).toBe(true);
  });

  it('says when the presets are too large to sync, only while sync is on', async () => {
    const presets = Array.from({ length: 30 }, (_, index) => ({ name: `Preset ${index}`, params: [{ key: 'utm_source', value: 's'.repeat(200) }, { key: 'utm_content', value: 'c'.repeat(200) }] }));
    render(<OptionsApp connector={fakeOptionsConnector(words, { ...DEFAULT_SETTINGS, tokens: {}, campaignPresets: presets })} />);
    expect((await screen.findByTestId('sync-too-large')).textContent).toMatch(/too large to sync \(\d+(\.\d)? KB; at most 8 KB\)/);
    cleanup();
    render(<OptionsApp connector={fakeOptionsConnector(words, { ...DEFAULT_SETTINGS, tokens: {}, campaignPresets: presets, syncPreferences: false })} />);
    await screen.findByTestId('sync');
    expect(screen.queryByTestId('sync-too-large')).toBeNull();
  });

  it("says when this browser's accounts and sync's are held apart, more than a browser keeps together; not while sync is off", async () => {
    render(<OptionsApp connector={fakeOptionsConnector(words, { ...DEFAULT_SETTINGS, tokens: {}, syncHeld: ['accounts'] })} />);
    expect((await screen.findByTestId('sync-held')).textContent).toBe(t('optionsSyncAccountsHeld', 10));
    cleanup();
    render(<OptionsApp connector={fakeOptionsConnector(words, { ...DEFAULT_SETTINGS, tokens: {}, syncHeld: ['accounts'], syncPreferences: false })} />);
    await screen.findByTestId('sync');
    expect(screen.queryByTestId('sync-held')).toBeNull();
    cleanup();
    render(<OptionsApp connector={fakeOptionsConnector(words, { ...DEFAULT_SETTINGS, tokens: {} })} />);
    await screen.findByTestId('sync');
    expect(screen.queryByTestId('sync-held')).toBeNull();
  });

  it('says when the accounts are too large to sync, as accounts: they stay here, whole', async () => {
    const accounts = Array.from({ length: 10 }, (_, index) => ({ id: `account-${index + 1}`, name: `Account ${index + 1}`, server: longServer(index) }));
    render(<OptionsApp connector={fakeOptionsConnector(words, { ...DEFAULT_SETTINGS, tokens: {}, accounts, activeAccount: 'account-1' })} />);
    const said = (await screen.findByTestId('sync-too-large')).textContent;
    expect(said).toMatch(/^Your accounts are too large to sync \(\d+(\.\d)? KB; at most 8 KB\)/);
    expect(screen.getAllByTestId('sync-too-large')).toHaveLength(1);
  });
});
