// @vitest-environment happy-dom
// Campaign tags in the popup, against the fake connector: a preset in one
// click, or values typed once, shortens the shown link's address again, tagged.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { wordsIn } from '../../test/support/locale-catalogue';
import { wordsInAnotherScript } from '../../test/support/untranslated-text';
import { fakePopupConnector, shortenedAnswer } from './fake-popup-connector';
import { startFirstAttempt } from './first-attempt';
import { PopupApp } from './popup-app';

const TAB_URL = 'https://shop.example/spring?ref=home';
const NEWSLETTER = { name: 'Newsletter', params: [{ key: 'utm_source', value: 'news' }, { key: 'utm_medium', value: 'email' }, { key: 'utm_campaign', value: 'spring' }] };

afterEach(cleanup);

describe.each(['en', 'ar'])('campaign tags in the popup, in %s', (language) => {
  const words = wordsIn(language);
  const { t } = words;

  async function openPanel() {
    const connector = fakePopupConnector(words, TAB_URL);
    connector.campaignPresets.mockResolvedValue([NEWSLETTER]);
    render(<PopupApp connector={connector} firstAttempt={startFirstAttempt(connector)} />);
    await screen.findByRole('textbox', { name: t('popupShortLinkLabel') });
    fireEvent.click(screen.getByRole('button', { name: t('popupCampaign') }));
    return { connector, panel: await screen.findByTestId('campaign-panel') };
  }

  it('a preset shortens the address again with its tags, and the link says which campaign', async () => {
    const { connector, panel } = await openPanel();
    connector.shorten.mockImplementationOnce(async (request) => shortenedAnswer(`${request.url}&utm_source=news`, false, { shortUrl: 'https://shrtnr.co/Tag1' }));
    fireEvent.click(await within(panel).findByRole('button', { name: 'Newsletter' }));

    await waitFor(() => expect(connector.shorten).toHaveBeenCalledTimes(2));
    expect(connector.shorten.mock.calls[1]?.[0]).toEqual({ url: TAB_URL, via: 'popup-tab', private: false, fresh: false, campaign: NEWSLETTER });
    await waitFor(() => expect(screen.getByTestId('campaign-note').textContent).toBe(t('popupCampaignNote', 'Newsletter')));
    expect(screen.queryByTestId('campaign-panel')).toBeNull();
    expect(wordsInAnotherScript(document.body, language, ['Newsletter', 'utm', 'source', 'medium', 'campaign', 'shop.example', 'HTML', 'QR'])).toEqual([]);
  });

  it('values typed once tag the address, named by their campaign; a missing one is said, and nothing is sent', async () => {
    const { connector, panel } = await openPanel();
    const typeIn = (key: Parameters<typeof t>[0], value: string) => fireEvent.input(within(panel).getByLabelText(t(key)), { target: { value } });
    typeIn('optionsCampaignSource', 'mastodon');
    fireEvent.click(within(panel).getByRole('button', { name: t('popupCampaignApply') }));
    expect(within(panel).getByRole('alert').textContent).toBe(t('optionsCampaignRequired'));
    expect(connector.shorten).toHaveBeenCalledTimes(1);

    typeIn('optionsCampaignMedium', 'social');
    typeIn('optionsCampaignCampaign', 'launch day');
    fireEvent.click(within(panel).getByRole('button', { name: t('popupCampaignApply') }));
    await waitFor(() => expect(connector.shorten).toHaveBeenCalledTimes(2));
    expect(connector.shorten.mock.calls[1]?.[0].campaign).toEqual({
      name: 'launch day',
      params: [
        { key: 'utm_source', value: 'mastodon' },
        { key: 'utm_medium', value: 'social' },
        { key: 'utm_campaign', value: 'launch day' },
      ],
    });
  });

  it('a value typed too long is named, with the most it may be, and nothing is sent', async () => {
    const { connector, panel } = await openPanel();
    const typeIn = (key: Parameters<typeof t>[0], value: string) => fireEvent.input(within(panel).getByLabelText(t(key)), { target: { value } });
    typeIn('optionsCampaignSource', 's'.repeat(201));
    typeIn('optionsCampaignMedium', 'social');
    typeIn('optionsCampaignCampaign', 'launch');
    fireEvent.click(within(panel).getByRole('button', { name: t('popupCampaignApply') }));
    expect(within(panel).getByRole('alert').textContent).toBe(t('optionsCampaignValueTooLong', 'utm_source', 200));
    expect(connector.shorten).toHaveBeenCalledTimes(1);
  });

  it('a value holding half of an emoji (as some copying leaves it) is named, and nothing is sent', async () => {
    const { connector, panel } = await openPanel();
    const typeIn = (key: Parameters<typeof t>[0], value: string) => fireEvent.input(within(panel).getByLabelText(t(key)), { target: { value } });
    typeIn('optionsCampaignSource', 'mastodon');
    typeIn('optionsCampaignMedium', 'social \uD83D');
    typeIn('optionsCampaignCampaign', 'launch 🚀');
    fireEvent.click(within(panel).getByRole('button', { name: t('popupCampaignApply') }));
    expect(within(panel).getByRole('alert').textContent).toBe(t('optionsCampaignValueBroken', 'utm_medium'));
    expect(connector.shorten).toHaveBeenCalledTimes(1);
  });

  it('says so when no preset is saved yet', async () => {
    const connector = fakePopupConnector(words, TAB_URL);
    render(<PopupApp connector={connector} firstAttempt={startFirstAttempt(connector)} />);
    await screen.findByRole('textbox', { name: t('popupShortLinkLabel') });
    fireEvent.click(screen.getByRole('button', { name: t('popupCampaign') }));
    await screen.findByText(t('popupCampaignNone'));
  });
});
