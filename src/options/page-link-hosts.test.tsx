// @vitest-environment happy-dom
// The short link hosts accepted in the popup, listed on the options page with
// a way to forget each, against the fake connector, in two languages.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { wordsIn } from '../../test/support/locale-catalogue';
import { wordsInAnotherScript } from '../../test/support/untranslated-text';
import { DEFAULT_SETTINGS } from '../storage/settings-schema';
import { fakeOptionsConnector } from './fake-options-connector';
import { OptionsApp } from './options-app';

afterEach(cleanup);

const YOUTU = { page: 'www.youtube.com', link: 'youtu.be' };
const WP = { page: 'blog.example', link: 'wp.me' };

describe.each(['en', 'ar'])('the short link hosts accepted in the popup, on the options page, in %s', (language) => {
  const words = wordsIn(language);
  const { t } = words;

  it('lists each under the setting that uses them, and forgets one on request', async () => {
    const connector = fakeOptionsConnector(words, { ...DEFAULT_SETTINGS, tokens: {}, pageLinkHosts: [YOUTU, WP] });
    render(<OptionsApp connector={connector} />);
    const list = await screen.findByTestId('page-link-hosts');
    expect(list.textContent).toContain(t('optionsPageLinkHosts'));
    expect([...list.querySelectorAll('li span')].map((row) => row.textContent)).toEqual([t('optionsPageLinkHost', 'youtu.be', 'www.youtube.com'), t('optionsPageLinkHost', 'wp.me', 'blog.example')]);
    expect(wordsInAnotherScript(list, language, ['youtu.be', 'www.youtube.com', 'wp.me', 'blog.example'])).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: t('optionsPageLinkHostForgetLabel', 'youtu.be', 'www.youtube.com') }));
    await waitFor(() => expect([...list.querySelectorAll('li span')].map((row) => row.textContent)).toEqual([t('optionsPageLinkHost', 'wp.me', 'blog.example')]));
    expect(connector.forgetPageLinkHost).toHaveBeenCalledWith(YOUTU);
    // Forgotten at once, and said so on its card's status line, as any of its changes.
    await waitFor(() => expect(screen.getByTestId('behaviour-status').textContent).toBe(t('optionsSaved')));
  });

  it('lists nothing when none was accepted, and says when one could not be forgotten', async () => {
    render(<OptionsApp connector={fakeOptionsConnector(words, { ...DEFAULT_SETTINGS, tokens: {} })} />);
    await screen.findByRole('checkbox', { name: t('optionsUsePageShortLink') });
    expect(screen.queryByTestId('page-link-hosts')).toBeNull();
    cleanup();

    const connector = fakeOptionsConnector(words, { ...DEFAULT_SETTINGS, tokens: {}, pageLinkHosts: [YOUTU] });
    connector.forgetPageLinkHost.mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));
    render(<OptionsApp connector={connector} />);
    fireEvent.click(await screen.findByRole('button', { name: t('optionsPageLinkHostForgetLabel', 'youtu.be', 'www.youtube.com') }));
    await waitFor(() => expect(screen.getByTestId('behaviour-status').textContent).toBe(t('optionsSaveFailed', 'QUOTA_BYTES quota exceeded')));
    // Not forgotten: still listed.
    expect(screen.getByTestId('page-link-hosts').textContent).toContain(t('optionsPageLinkHost', 'youtu.be', 'www.youtube.com'));
  });
});
