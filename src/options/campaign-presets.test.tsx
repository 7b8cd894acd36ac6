// @vitest-environment happy-dom
// The options page's campaign presets, against the fake connector: added,
// refused with a specific word, edited in place, deleted; saved at once.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { wordsIn } from '../../test/support/locale-catalogue';
import { untranslatedWords } from '../../test/support/untranslated-text';
import { DEFAULT_SETTINGS } from '../storage/settings-schema';
import { fakeOptionsConnector } from './fake-options-connector';
import { OptionsApp } from './options-app';

afterEach(cleanup);

const card = () => within(screen.getByTestId('campaigns'));
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
    await waitFor(() => expect(card().getByRole('button', { name: t('optionsCampaignDeleteLabel', 'Newsletter') })).toBeTruthy());
    expect(field('optionsCampaignName').value).toBe('');
    if (language === 'ar') expect(untranslatedWords(document.body, ['utm', 'source', 'medium', 'campaign', 'term', 'content', 'name', 'value', 'Newsletter', 'newsletter', 'email', 'spring', 'summer', 'ref', 'shrtnr', 'HTML', 'shrtnr.co', 'fbclid', 'gclid'])).toEqual([]);
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
    expect(connector.save).not.toHaveBeenCalled();
  });

  it('edits a saved preset in place (its name saves over it) and deletes one', async () => {
    const connector = fakeOptionsConnector(words, {
      ...DEFAULT_SETTINGS,
      tokens: {},
      campaignPresets: [
        { name: 'Social', params: [{ key: 'utm_source', value: 'mastodon' }, { key: 'utm_medium', value: 'social' }, { key: 'utm_campaign', value: 'launch' }] },
        { name: 'Print', params: [{ key: 'utm_source', value: 'flyer' }, { key: 'utm_medium', value: 'print' }, { key: 'utm_campaign', value: 'fair' }] },
      ],
    });
    render(<OptionsApp connector={connector} />);
    fireEvent.click(await screen.findByRole('button', { name: t('optionsCampaignEditLabel', 'Social') }));
    expect(field('optionsCampaignSource').value).toBe('mastodon');
    typeIn('optionsCampaignTerm', 'release');
    fireEvent.click(card().getByRole('button', { name: t('optionsCampaignSave') }));
    await waitFor(() => expect(connector.save).toHaveBeenCalledTimes(1));
    expect(connector.save.mock.calls[0]?.[0].campaignPresets?.map((preset) => [preset.name, preset.params.length])).toEqual([
      ['Print', 3],
      ['Social', 4],
    ]);

    fireEvent.click(await screen.findByRole('button', { name: t('optionsCampaignDeleteLabel', 'Print') }));
    await waitFor(() => expect(connector.save).toHaveBeenCalledTimes(2));
    expect(connector.save.mock.calls[1]?.[0].campaignPresets?.map((preset) => preset.name)).toEqual(['Social']);
    expect(screen.getByTestId('campaign-status').textContent).toBe(t('optionsCampaignDeleted', 'Print'));
  });
});
