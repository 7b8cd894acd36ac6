// @vitest-environment happy-dom
// The popup's Share, against the fake connector, in English, German and
// Arabic: the system's sheet where the browser has one, else the menu, with
// the link shown and its page's title, nothing else; the menu's Escape is the
// menu's, not the popup's.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { wordsIn } from '../../test/support/locale-catalogue';
import { wordsInAnotherScript } from '../../test/support/untranslated-text';
import { FAKE_SHORT_URL, fakePopupConnector, shortenedAnswer, type FakePopupConnector } from './fake-popup-connector';
import { startFirstAttempt } from './first-attempt';
import { PopupApp } from './popup-app';

const TAB_URL = 'https://example.com/articles/2024/spring?ref=home';
const TYPED_URL = 'https://typed.example/some/page';

afterEach(cleanup);

describe.each(['en', 'de', 'ar'])('sharing from the popup in %s', (language) => {
  const words = wordsIn(language);
  const { t } = words;
  const shareButton = () => screen.getByRole('button', { name: t('share') });

  /** The popup on a tab titled `title`, until it shows the tab's link. */
  async function popupShowingLink(title: string | undefined): Promise<FakePopupConnector> {
    const connector = fakePopupConnector(words, TAB_URL, title === undefined ? {} : { title });
    connector.shorten.mockImplementationOnce(async (request) => shortenedAnswer(request.url, false, request.title === undefined ? {} : { title: request.title }));
    render(<PopupApp connector={connector} firstAttempt={startFirstAttempt(connector)} />);
    await screen.findByTestId('short-url');
    return connector;
  }

  it("opens the menu's destination with the link shown and the tab's title, and nothing else", async () => {
    const connector = await popupShowingLink('Spring: what’s new & next');
    expect(shareButton().getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.click(shareButton());
    await screen.findByRole('menu', { name: t('share') });
    expect(wordsInAnotherScript(document.body, language, ['Spring', 'what’s', 'new', 'next', 'HTML', 'QR'])).toEqual([]);
    fireEvent.click(screen.getByRole('menuitem', { name: t('shareX') }));
    await waitFor(() =>
      expect(connector.openShareTab.mock.calls).toEqual([['https://x.com/intent/post?text=Spring%3A%20what%E2%80%99s%20new%20%26%20next&url=https%3A%2F%2Fshrtnr.co%2FAb3d']]),
    );
    expect(connector.openShareSheet).not.toHaveBeenCalled();
    // The tab takes the focus (and the connector closes the popup): nothing is copied, nothing else opened.
    expect(connector.copy).not.toHaveBeenCalled();
    expect(connector.openHistory).not.toHaveBeenCalled();
  });

  it('shares a typed link with no title: it has none', async () => {
    const connector = await popupShowingLink('The tab, not the typed link');
    fireEvent.input(screen.getByRole('textbox', { name: t('popupShortenAnother') }), { target: { value: TYPED_URL } });
    fireEvent.click(screen.getByRole('button', { name: t('popupShorten') }));
    await waitFor(() => expect(connector.shortenedUrls()).toEqual([TAB_URL, TYPED_URL]));
    fireEvent.click(shareButton());
    fireEvent.click(await screen.findByRole('menuitem', { name: t('shareTelegram') }));
    await waitFor(() => expect(connector.openShareTab.mock.calls).toEqual([['https://t.me/share/url?url=https%3A%2F%2Fshrtnr.co%2FAb3d']]));
  });

  it("opens the system's share sheet where the browser has one, with the link and the tab's title", async () => {
    const connector = fakePopupConnector(words, TAB_URL, { title: 'Spring' });
    connector.hasShareSheet.mockReturnValue(true);
    connector.shorten.mockImplementationOnce(async (request) => shortenedAnswer(request.url, false, { title: 'Spring' }));
    render(<PopupApp connector={connector} firstAttempt={startFirstAttempt(connector)} />);
    await screen.findByTestId('short-url');
    fireEvent.click(shareButton());
    await waitFor(() => expect(connector.openShareSheet.mock.calls).toEqual([[{ url: FAKE_SHORT_URL, title: 'Spring' }]]));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(connector.loadShareMenu).not.toHaveBeenCalled();
  });

  it('closes its menu on Escape, its button focused again, and only a second Escape closes the popup', async () => {
    const connector = await popupShowingLink('Spring');
    shareButton().focus();
    fireEvent.keyDown(shareButton(), { key: 'ArrowDown' });
    await screen.findByRole('menu');
    expect(document.activeElement?.textContent).toBe(t('shareEmail'));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(shareButton());
    expect(connector.close).not.toHaveBeenCalled();
    fireEvent.keyDown(shareButton(), { key: 'Escape' });
    expect(connector.close).toHaveBeenCalledTimes(1);
  });

  it('closes its menu when another link is shown', async () => {
    const connector = await popupShowingLink('Spring');
    fireEvent.click(shareButton());
    await screen.findByRole('menu');
    connector.shorten.mockResolvedValueOnce(shortenedAnswer(TYPED_URL, false, { shortUrl: 'https://shrtnr.co/Zz9' }));
    fireEvent.input(screen.getByRole('textbox', { name: t('popupShortenAnother') }), { target: { value: TYPED_URL } });
    fireEvent.click(screen.getByRole('button', { name: t('popupShorten') }));
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('short-url').value).toBe('https://shrtnr.co/Zz9'));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(shareButton().getAttribute('aria-expanded')).toBe('false');
  });
});
