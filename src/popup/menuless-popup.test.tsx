// @vitest-environment happy-dom
// The popup in a browser with no context menu (Firefox for Android), against a fake connector: it still
// shortens and copies the page, says where the menu's tools are (a pasted link, a campaign preset, another
// account), and shortens the links of the page's selection, which it has no other way to; the desktop's popup
// shows none of it. The browser's side is src/popup/extension-connector.test.ts's; the worker's start-up
// without menus, src/background/main.test.ts's.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { wordsIn } from '../../test/support/locale-catalogue';
import { wordsInAnotherScript } from '../../test/support/untranslated-text';
import { textErrorSentence } from '../ui/text-error-words';
import { FAKE_SHORT_URL, fakePopupConnector } from './fake-popup-connector';
import { startFirstAttempt } from './first-attempt';
import { PopupApp } from './popup-app';

const TAB_URL = 'https://example.com/articles/one';

afterEach(cleanup);

describe.each(['en', 'de', 'ar'])('the popup with no context menu, in %s', (language) => {
  const words = wordsIn(language);
  const { t } = words;
  const menuless = (tab = { id: 7, private: true }) => {
    const connector = fakePopupConnector(words, TAB_URL, tab);
    connector.hasContextMenu = false;
    render(<PopupApp connector={connector} firstAttempt={startFirstAttempt(connector)} />);
    return connector;
  };

  it('shortens and copies the page, and says where the menu’s tools are', async () => {
    const connector = menuless();
    expect(await screen.findByRole('textbox', { name: t('popupShortLinkLabel') })).toHaveProperty('value', FAKE_SHORT_URL);
    await waitFor(() => expect(connector.copiedTexts()).toEqual([FAKE_SHORT_URL]));
    expect((await screen.findByTestId('menuless-tools')).textContent).toContain(t('popupNoMenuHint'));
    // Campaign presets, under the link made, as the note says.
    screen.getByRole('button', { name: t('popupCampaign') });
    expect(wordsInAnotherScript(document.body, language, ['HTML', 'QR'])).toEqual([]);
  });

  it("shortens the links of the page's selection, private as the tab's window is, and says how many", async () => {
    const connector = menuless();
    fireEvent.click(await screen.findByRole('button', { name: t('menuShortenSelection') }));
    expect(connector.shortenSelectionLinks.mock.calls).toEqual([[7, true]]);
    const status = await screen.findByText(t('notifyLinksReplaced', 2, 2));
    expect(status.closest('[role=status]')?.textContent).toBe(`${t('notifyTextCopiedTitle')} ${t('notifyLinksReplaced', 2, 2)}`);
  });

  it('says why, when the selection had no links or the worker could not be reached', async () => {
    const connector = menuless();
    connector.shortenSelectionLinks.mockResolvedValueOnce({ status: 'failed', error: { kind: 'no-links-selected' } }).mockResolvedValueOnce(undefined);
    const button = await screen.findByRole('button', { name: t('menuShortenSelection') });
    fireEvent.click(button);
    await screen.findByText(textErrorSentence({ kind: 'no-links-selected' }, words));
    fireEvent.click(button);
    await screen.findByText(textErrorSentence({ kind: 'internal', detail: 'the background worker could not be reached' }, words));
  });

  it('offers no selection on a page whose address the browser hides (nothing to read there)', async () => {
    const connector = fakePopupConnector(words, undefined, { id: 7 });
    connector.hasContextMenu = false;
    render(<PopupApp connector={connector} firstAttempt={startFirstAttempt(connector)} />);
    expect((await screen.findByTestId('menuless-tools')).textContent).toContain(t('popupNoMenuHint'));
    expect(screen.queryByRole('button', { name: t('menuShortenSelection') })).toBeNull();
  });
});

describe('the popup with a context menu', () => {
  it('loads none of it', async () => {
    const connector = fakePopupConnector(wordsIn('en'), TAB_URL);
    render(<PopupApp connector={connector} firstAttempt={startFirstAttempt(connector)} />);
    expect(await screen.findByRole('textbox', { name: wordsIn('en').t('popupShortLinkLabel') })).toHaveProperty('value', FAKE_SHORT_URL);
    expect(screen.queryByTestId('menuless-tools')).toBeNull();
    expect(connector.loadMenulessTools).not.toHaveBeenCalled();
  });
});
