// @vitest-environment happy-dom
// The options page's campaign presets, against the fake connector: added,
// refused with a specific word, edited in place, deleted; saved at once.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred } from '../../test/support/deferred';
import { wordsIn } from '../../test/support/locale-catalogue';
import { wordsInAnotherScript } from '../../test/support/untranslated-text';
import { DEFAULT_SETTINGS } from '../storage/settings-schema';
import { fakeOptionsConnector, type FakeOptionsConnector } from './fake-options-connector';
import { OptionsApp } from './options-app';

afterEach(cleanup);

const card = () => within(screen.getByTestId('campaigns'));
/** Names, in Latin script in every language. */
const NAMES = ['utm', 'source', 'medium', 'campaign', 'term', 'content', 'name', 'value', 'HTML', 'shrtnr.co', 'fbclid', 'gclid'];
/** The presets a save wrote, each as its name and its values. */
const savedPresets = (connector: FakeOptionsConnector, call: number) => connector.save.mock.calls[call]?.[0].campaignPresets?.map((preset) => [preset.name, preset.params.map(({ value }) => value).join(' ')]);
const problem = () => screen.getByTestId('campaign-problem').textContent;

describe.each(['en', 'ar'])('campaign presets on the options page, in %s', (language) => {
  const words = wordsIn(language);
  const { t } = words;
  const field = (key: Parameters<typeof t>[0]) => card().getByLabelText(t(key)) as HTMLInputElement;
  const typeIn = (key: Parameters<typeof t>[0], value: string) => fireEvent.input(field(key), { target: { value } });

  async function renderOptions() {
    const connector = fakeOptionsConnector(words, { ...DEFAULT_SETTINGS, tokens: {} });
    render(<OptionsApp connector={connector} />);
    await screen.findByTestId('campaigns');
    return connector;
  }

  it('saves a preset typed, its other parameters in order, and lists it', async () => {
    const connector = await renderOptions();
    typeIn('optionsCampaignName', 'Newsletter');
    typeIn('optionsCampaignSource', 'newsletter');
    typeIn('optionsCampaignMedium', 'email');
    typeIn('optionsCampaignCampaign', 'spring & summer');
    fireEvent.input(card().getByLabelText(t('optionsCampaignOthers')), { target: { value: 'ref=shrtnr\n\n' } });
    fireEvent.click(card().getByRole('button', { name: t('optionsCampaignSave') }));

    await waitFor(() => expect(screen.getByTestId('campaign-status').textContent).toBe(t('optionsCampaignSaved', 'Newsletter')));
    expect(connector.save.mock.calls.at(-1)).toEqual([
      {
        campaignPresets: [
          {
            name: 'Newsletter',
            params: [
              { key: 'utm_source', value: 'newsletter' },
              { key: 'utm_medium', value: 'email' },
              { key: 'utm_campaign', value: 'spring & summer' },
              { key: 'ref', value: 'shrtnr' },
            ],
          },
        ],
      },
    ]);
    await card().findByRole('button', { name: t('optionsCampaignDeleteLabel', 'Newsletter') });
    expect(field('optionsCampaignName').value).toBe('');
    expect(wordsInAnotherScript(document.body, language, [...NAMES, 'Newsletter', 'newsletter', 'email', 'spring', 'summer', 'ref', 'shrtnr'])).toEqual([]);
  });

  it('keeps a preset that could not be saved in the form, and says why', async () => {
    const connector = await renderOptions();
    connector.save.mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));
    typeIn('optionsCampaignName', 'Newsletter');
    typeIn('optionsCampaignSource', 'newsletter');
    typeIn('optionsCampaignMedium', 'email');
    typeIn('optionsCampaignCampaign', 'spring');
    fireEvent.click(card().getByRole('button', { name: t('optionsCampaignSave') }));

    await waitFor(() => expect(screen.getByTestId('campaign-status').textContent).toBe(t('optionsCampaignSaveFailed', 'QUOTA_BYTES quota exceeded')));
    expect((['optionsCampaignName', 'optionsCampaignSource', 'optionsCampaignMedium', 'optionsCampaignCampaign'] as const).map((key) => field(key).value)).toEqual(['Newsletter', 'newsletter', 'email', 'spring']);
    expect(card().queryByRole('button', { name: t('optionsCampaignDeleteLabel', 'Newsletter') })).toBeNull();
  });

  it('keeps what was typed while a save was on its way: only the preset saved leaves the form', async () => {
    const connector = await renderOptions();
    const written = deferred<void>();
    connector.save.mockReturnValueOnce(written.promise);
    typeIn('optionsCampaignName', 'Newsletter');
    typeIn('optionsCampaignSource', 'newsletter');
    typeIn('optionsCampaignMedium', 'email');
    typeIn('optionsCampaignCampaign', 'spring');
    fireEvent.click(card().getByRole('button', { name: t('optionsCampaignSave') }));
    typeIn('optionsCampaignName', 'Newsletter two');
    await act(async () => {
      written.resolve();
      await written.promise;
    });
    expect(screen.getByTestId('campaign-status').textContent).toBe(t('optionsCampaignSaved', 'Newsletter'));
    expect(field('optionsCampaignName').value).toBe('Newsletter two');
    expect(field('optionsCampaignSource').value).toBe('newsletter');
  });

  it('says what is wrong with a preset, and saves nothing', async () => {
    const connector = await renderOptions();
    const save = () => fireEvent.click(card().getByRole('button', { name: t('optionsCampaignSave') }));
    save();
    expect(problem()).toBe(t('optionsCampaignNoName'));
    typeIn('optionsCampaignName', 'Ads');
    typeIn('optionsCampaignSource', 'google');
    save();
    expect(problem()).toBe(t('optionsCampaignRequired'));
    typeIn('optionsCampaignMedium', 'cpc');
    typeIn('optionsCampaignCampaign', 'brand');
    fireEvent.input(card().getByLabelText(t('optionsCampaignOthers')), { target: { value: 'gclid=1\nno value here' } });
    save();
    expect(problem()).toBe(t('optionsCampaignBadLine', 2));
    fireEvent.input(card().getByLabelText(t('optionsCampaignOthers')), { target: { value: 'UTM_SOURCE=again' } });
    save();
    expect(problem()).toBe(t('optionsCampaignTwice', 'UTM_SOURCE'));
    // Half of an emoji, as some copying leaves it: no address can carry it.
    fireEvent.input(card().getByLabelText(t('optionsCampaignOthers')), { target: { value: 'ref=launch \uD83D' } });
    save();
    expect(problem()).toBe(t('optionsCampaignValueBroken', 'ref'));
    expect(connector.save).not.toHaveBeenCalled();
  });

  const SOCIAL = { name: 'Social', params: [{ key: 'utm_source', value: 'mastodon' }, { key: 'utm_medium', value: 'social' }, { key: 'utm_campaign', value: 'launch' }] };
  const PRINT = { name: 'Print', params: [{ key: 'utm_source', value: 'flyer' }, { key: 'utm_medium', value: 'print' }, { key: 'utm_campaign', value: 'fair' }] };
  /** The page with two presets saved, Social and Print. */
  async function renderWithPresets() {
    const connector = fakeOptionsConnector(words, { ...DEFAULT_SETTINGS, tokens: {}, campaignPresets: [SOCIAL, PRINT] });
    render(<OptionsApp connector={connector} />);
    await screen.findByRole('button', { name: t('optionsCampaignEditLabel', 'Social') });
    return connector;
  }
  const saveButton = () => card().getByRole('button', { name: t('optionsCampaignSave') });
  const replaceQuestion = (name: string) => screen.queryByRole('group', { name: t('optionsCampaignReplaceQuestion', name) });

  it('edits a saved preset: under its own name it changes, under a new one it is renamed', async () => {
    const connector = await renderWithPresets();
    fireEvent.click(card().getByRole('button', { name: t('optionsCampaignEditLabel', 'Social') }));
    expect(field('optionsCampaignSource').value).toBe('mastodon');
    expect(screen.getByTestId('campaign-editing').textContent).toContain(t('optionsCampaignEditing', 'Social'));
    expect(card().getByRole('button', { name: t('optionsCampaignEditLabel', 'Social') }).getAttribute('aria-pressed')).toBe('true');
    typeIn('optionsCampaignTerm', 'release');
    fireEvent.click(saveButton());
    await waitFor(() => expect(connector.save).toHaveBeenCalledTimes(1));
    expect(savedPresets(connector, 0)).toEqual([
      ['Print', 'flyer print fair'],
      ['Social', 'mastodon social launch release'],
    ]);
    await waitFor(() => expect(field('optionsCampaignName').value).toBe(''));
    expect(screen.queryByTestId('campaign-editing')).toBeNull();

    fireEvent.click(card().getByRole('button', { name: t('optionsCampaignEditLabel', 'Print') }));
    typeIn('optionsCampaignName', 'Flyers');
    fireEvent.click(saveButton());
    await waitFor(() => expect(connector.save).toHaveBeenCalledTimes(2));
    expect(savedPresets(connector, 1)).toEqual([
      ['Social', 'mastodon social launch release'],
      ['Flyers', 'flyer print fair'],
    ]);
    expect(screen.getByTestId('campaign-status').textContent).toBe(t('optionsCampaignSaved', 'Flyers'));
    expect(wordsInAnotherScript(document.body, language, [...NAMES, 'Social', 'Flyers', 'mastodon', 'social', 'launch', 'release', 'flyer', 'print', 'fair'])).toEqual([]);
  });

  it('stops editing on Cancel: the form empties, and what is saved next is a new preset', async () => {
    const connector = await renderWithPresets();
    fireEvent.click(card().getByRole('button', { name: t('optionsCampaignEditLabel', 'Print') }));
    fireEvent.click(within(screen.getByTestId('campaign-editing')).getByRole('button', { name: t('historyCancel') }));
    expect(field('optionsCampaignSource').value).toBe('');
    expect(screen.queryByTestId('campaign-editing')).toBeNull();
    expect(connector.save).not.toHaveBeenCalled();
  });

  it('asks before a preset takes the name another has (in any case), and replaces only that one when told to', async () => {
    const connector = await renderWithPresets();
    typeIn('optionsCampaignName', 'print');
    typeIn('optionsCampaignSource', 'poster');
    typeIn('optionsCampaignMedium', 'print');
    typeIn('optionsCampaignCampaign', 'city');
    fireEvent.click(saveButton());
    expect(replaceQuestion('Print')).not.toBeNull();
    expect(document.activeElement).toBe(within(replaceQuestion('Print') as HTMLElement).getByRole('button', { name: t('historyCancel') }));
    expect(wordsInAnotherScript(document.body, language, [...NAMES, 'Social', 'Print', 'print', 'mastodon', 'social', 'launch', 'flyer', 'fair', 'poster', 'city'])).toEqual([]);

    // Cancel: nothing saved, and the name, what to change instead, has the focus.
    fireEvent.click(within(replaceQuestion('Print') as HTMLElement).getByRole('button', { name: t('historyCancel') }));
    expect(replaceQuestion('Print')).toBeNull();
    expect(document.activeElement).toBe(field('optionsCampaignName'));
    expect(connector.save).not.toHaveBeenCalled();

    fireEvent.click(saveButton());
    fireEvent.click(card().getByRole('button', { name: t('optionsCampaignReplace') }));
    await waitFor(() => expect(connector.save).toHaveBeenCalledTimes(1));
    expect(savedPresets(connector, 0)).toEqual([
      ['Social', 'mastodon social launch'],
      ['print', 'poster print city'],
    ]);

    // An edited preset renamed to another's name: asked too, and once told, the one edited is renamed and the other replaced.
    fireEvent.click(await screen.findByRole('button', { name: t('optionsCampaignEditLabel', 'Social') }));
    typeIn('optionsCampaignName', 'PRINT');
    fireEvent.click(saveButton());
    expect(replaceQuestion('print')).not.toBeNull();
    expect(connector.save).toHaveBeenCalledTimes(1);
    fireEvent.click(card().getByRole('button', { name: t('optionsCampaignReplace') }));
    await waitFor(() => expect(connector.save).toHaveBeenCalledTimes(2));
    expect(savedPresets(connector, 1)).toEqual([['PRINT', 'mastodon social launch']]);
  });

  it('deletes a preset only once that is confirmed', async () => {
    const connector = await renderWithPresets();
    const deleteButton = () => card().getByRole('button', { name: t('optionsCampaignDeleteLabel', 'Print') });
    const question = () => screen.queryByRole('group', { name: t('optionsCampaignDeleteQuestion', 'Print') });

    fireEvent.click(deleteButton());
    expect(question()).not.toBeNull();
    expect(document.activeElement).toBe(card().getByRole('button', { name: t('historyCancel') }));
    fireEvent.click(card().getByRole('button', { name: t('historyCancel') }));
    expect(question()).toBeNull();
    expect(document.activeElement).toBe(deleteButton());
    fireEvent.click(deleteButton());
    fireEvent.keyDown(card().getByRole('button', { name: t('historyCancel') }), { key: 'Escape' });
    expect(question()).toBeNull();
    expect(connector.save).not.toHaveBeenCalled();

    fireEvent.click(deleteButton());
    fireEvent.click(within(question() as HTMLElement).getByRole('button', { name: t('optionsCampaignDelete') }));
    await waitFor(() => expect(screen.getByTestId('campaign-status').textContent).toBe(t('optionsCampaignDeleted', 'Print')));
    expect(savedPresets(connector, 0)).toEqual([['Social', 'mastodon social launch']]);
    // Its row gone, focus goes to the list's first button.
    await waitFor(() => expect(document.activeElement).toBe(card().getByRole('button', { name: t('optionsCampaignEditLabel', 'Social') })));
  });
});
