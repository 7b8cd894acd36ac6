// @vitest-environment happy-dom
// The page's own short link in the popup, against the fake connector: offered
// beside the server's link when the page declares one, and said for what it
// is when the worker used it (the setting on).
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { wordsIn } from '../../test/support/locale-catalogue';
import { wordsInAnotherScript } from '../../test/support/untranslated-text';
import { FAKE_SHORT_URL, fakePopupConnector, shortenedAnswer } from './fake-popup-connector';
import { startFirstAttempt } from './first-attempt';
import { PopupApp } from './popup-app';

const TAB_URL = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PL1';
const OWN = 'https://youtu.be/dQw4w9WgXcQ';

afterEach(cleanup);

describe.each(['en', 'ar'])('the page\'s own short link in the popup, in %s', (language) => {
  const words = wordsIn(language);
  const { t } = words;
  const shortLink = () => screen.findByRole<HTMLInputElement>('textbox', { name: t('popupShortLinkLabel') });

  it('is offered beside the server\'s link, read from the popup\'s own tab, and copied as it is', async () => {
    const connector = fakePopupConnector(words, TAB_URL, { id: 7 });
    connector.shorten.mockImplementationOnce(async (request, _onProgress, page) => {
      page?.onShortLink({ shortUrl: OWN });
      return shortenedAnswer(request.url, false);
    });
    render(<PopupApp connector={connector} firstAttempt={startFirstAttempt(connector)} />);

    expect((await shortLink()).value).toBe(FAKE_SHORT_URL);
    const offer = await screen.findByTestId('page-link');
    // Named by its host, whatever the link's text.
    expect(offer.textContent).toContain(t('popupPageLinkOffer', 'youtu.be'));
    expect(screen.queryByRole('button', { name: t('popupPageLinkUse', 'youtu.be', 'www.youtube.com') })).toBeNull();
    const shown = offer.querySelector('bdi');
    expect(shown?.textContent).toBe('youtu.be/dQw4w9WgXcQ');
    expect(shown?.getAttribute('dir')).toBe('ltr');
    expect(connector.shorten.mock.calls[0]?.[2]?.tab).toBe(7);
    expect(wordsInAnotherScript(document.body, language, ['HTML', 'QR', 'youtu.be/dQw4w9WgXcQ', 'youtu.be'])).toEqual([]);

    const copyButtons = screen.getAllByRole('button', { name: t('popupCopy') });
    fireEvent.click(copyButtons[copyButtons.length - 1] as HTMLElement);
    await waitFor(() => expect(connector.copiedTexts()).toEqual([OWN]));
    expect(offer.textContent).toContain(t('popupCopied'));
  });

  it('is not offered for a page that declares none, and a typed link never asks about a page', async () => {
    const connector = fakePopupConnector(words, TAB_URL, { id: 7 });
    render(<PopupApp connector={connector} firstAttempt={startFirstAttempt(connector)} />);
    await shortLink();
    expect(screen.queryByTestId('page-link')).toBeNull();

    fireEvent.input(screen.getByRole('textbox', { name: t('popupShortenAnother') }), { target: { value: 'https://typed.example/a' } });
    fireEvent.click(screen.getByRole('button', { name: t('popupShorten') }));
    await waitFor(() => expect(connector.shortenedUrls()).toEqual([TAB_URL, 'https://typed.example/a']));
    expect(connector.shorten.mock.calls[1]?.[2]).toBeUndefined();
  });

  it('on a host not the page\'s, with the setting on, asks; its yes accepts the host for the page\'s, and the page is shortened again with it', async () => {
    const connector = fakePopupConnector(words, TAB_URL, { id: 7, title: 'A video' });
    const hosts = { page: 'www.youtube.com', link: 'youtu.be' };
    connector.shorten.mockImplementationOnce(async (request, _onProgress, page) => {
      page?.onShortLink({ shortUrl: OWN, ask: hosts });
      return shortenedAnswer(request.url, false);
    });
    connector.shorten.mockImplementationOnce(async (request) => shortenedAnswer(request.url, false, { shortUrl: OWN, pageOwn: true }));
    render(<PopupApp connector={connector} firstAttempt={startFirstAttempt(connector)} />);

    fireEvent.click(await screen.findByRole('button', { name: t('popupPageLinkUse', 'youtu.be', 'www.youtube.com') }));
    await waitFor(() => expect(connector.usePageLinkHost).toHaveBeenCalledWith(hosts));
    await waitFor(() => expect(connector.shorten.mock.calls[1]?.[0]).toMatchObject({ url: TAB_URL, via: 'popup-tab', title: 'A video', fresh: false }));
    // Its page read again: the worker decides whether it may be used.
    expect(connector.shorten.mock.calls[1]?.[2]?.tab).toBe(7);
    expect((await shortLink()).value).toBe(OWN);
    await waitFor(() => expect(screen.getByTestId('link-origin').textContent).toContain(t('linkPageOwn')));
    // It is the link shown now: not offered beside itself.
    expect(screen.queryByTestId('page-link')).toBeNull();
  });

  it('says so when its host could not be accepted, and shortens nothing again', async () => {
    const connector = fakePopupConnector(words, TAB_URL, { id: 7 });
    connector.usePageLinkHost.mockResolvedValueOnce(false);
    connector.shorten.mockImplementationOnce(async (request, _onProgress, page) => {
      page?.onShortLink({ shortUrl: OWN, ask: { page: 'www.youtube.com', link: 'youtu.be' } });
      return shortenedAnswer(request.url, false);
    });
    render(<PopupApp connector={connector} firstAttempt={startFirstAttempt(connector)} />);
    fireEvent.click(await screen.findByRole('button', { name: t('popupPageLinkUse', 'youtu.be', 'www.youtube.com') }));
    await waitFor(() => expect(screen.getByTestId('page-link').textContent).toContain(t('popupPageLinkUseFailed')));
    expect(connector.shorten).toHaveBeenCalledTimes(1);
  });

  it('used by the worker (the setting on), says so, and a new link from the server is one click away', async () => {
    const connector = fakePopupConnector(words, TAB_URL, { id: 7 });
    connector.shorten.mockResolvedValueOnce({ ...shortenedAnswer(TAB_URL, false, { shortUrl: OWN, pageOwn: true }) });
    render(<PopupApp connector={connector} firstAttempt={startFirstAttempt(connector)} />);

    expect((await shortLink()).value).toBe(OWN);
    expect(screen.getByTestId('link-origin').textContent).toContain(t('linkPageOwn'));
    fireEvent.click(screen.getByRole('button', { name: t('popupNewLink') }));
    await waitFor(() => expect(connector.shorten.mock.calls[1]?.[0]).toMatchObject({ url: TAB_URL, fresh: true }));
  });
});
