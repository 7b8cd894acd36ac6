// @vitest-environment happy-dom
// Share as a person meets it, with a fake for the browser: the system's sheet
// where there is one, else a menu button and its menu of destinations, driven
// by the keyboard as WAI-ARIA's menu button pattern has it, in English and Arabic.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../test/support/deferred';
import { wordsIn } from '../../test/support/locale-catalogue';
import { wordsInAnotherScript } from '../../test/support/untranslated-text';
import { WordsContext } from '../ui/words-context';
import { fakeShareActions, type FakeShareActions } from './fake-share-actions';
import { ShareButton } from './share-button';
import type { ShareMenuComponent } from './share-actions';

const LINK = { url: 'https://shrtnr.co/Ab3d', title: 'Spring news' };
/** The addresses each destination opens with LINK, written out by hand. */
const X_ADDRESS = 'https://x.com/intent/post?text=Spring%20news&url=https%3A%2F%2Fshrtnr.co%2FAb3d';
const TELEGRAM_ADDRESS = 'https://t.me/share/url?url=https%3A%2F%2Fshrtnr.co%2FAb3d&text=Spring%20news';

afterEach(cleanup);

const item = (name: string) => screen.getByRole('menuitem', { name });
const focused = () => document.activeElement?.textContent;
/** A key pressed where the focus is. */
const key = (name: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key: name });
const menuOpen = async () => screen.findByRole('menu');

describe.each(['en', 'ar'])('Share, in %s', (language) => {
  const words = wordsIn(language);
  const { t } = words;
  const NAMES = [t('shareEmail'), t('shareX'), t('shareLinkedIn'), t('shareFacebook'), t('shareReddit'), t('shareWhatsApp'), t('shareTelegram')];

  function renderShare(share: FakeShareActions = fakeShareActions()) {
    render(
      <WordsContext.Provider value={words}>
        <div dir={words.direction}>
          <button type="button">Before</button>
          <ShareButton link={LINK} share={share} />
          <button type="button">After</button>
        </div>
      </WordsContext.Provider>,
    );
    return share;
  }
  const shareButton = () => screen.getByRole('button', { name: t('share') });

  it('is a menu button where the browser has no share sheet: its menu names the seven destinations, in the page language', async () => {
    const share = renderShare();
    expect(shareButton().getAttribute('aria-haspopup')).toBe('menu');
    expect(shareButton().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(shareButton());
    const menu = await menuOpen();
    expect(shareButton().getAttribute('aria-expanded')).toBe('true');
    expect(shareButton().getAttribute('aria-controls')).toBe(menu.id);
    expect(menu.getAttribute('aria-labelledby')).toBe(shareButton().id);
    expect(screen.getAllByRole('menuitem').map((each) => each.textContent)).toEqual(NAMES);
    // Only the menu's current item takes the focus; Tab leaves the menu.
    expect(screen.getAllByRole('menuitem').map((each) => each.getAttribute('tabindex'))).toEqual(Array(7).fill('-1'));
    expect(share.openShareSheet).not.toHaveBeenCalled();
    expect(wordsInAnotherScript(document.body, language, ['Before', 'After'])).toEqual([]);
  });

  it('opens the chosen destination in a new tab, with the link and the title, then closes and gives its button the focus back', async () => {
    const share = renderShare();
    fireEvent.click(shareButton());
    await menuOpen();
    fireEvent.click(item(t('shareX')));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(share.openShareTab.mock.calls).toEqual([[X_ADDRESS]]);
    expect(document.activeElement).toBe(shareButton());
  });

  it('is walked by the keyboard: Down and Up wrap, Home and End, a letter; Enter and Space are left to the item focused, which opens', async () => {
    const share = renderShare();
    shareButton().focus();
    key('ArrowDown');
    await menuOpen();
    expect(focused()).toBe(NAMES[0]);
    key('ArrowDown');
    expect(focused()).toBe(NAMES[1]);
    key('ArrowUp');
    key('ArrowUp');
    expect(focused()).toBe(NAMES[6]);
    key('ArrowDown');
    expect(focused()).toBe(NAMES[0]);
    key('End');
    expect(focused()).toBe(NAMES[6]);
    key('Home');
    expect(focused()).toBe(NAMES[0]);
    // The first letter of a destination's name goes to it.
    key(NAMES[5]?.charAt(0) ?? '');
    expect(focused()).toBe(NAMES[5]);
    key('End');
    // Enter and Space are the item's own (a button's click): the menu leaves them to it.
    expect(key('Enter')).toBe(true);
    expect(key(' ')).toBe(true);
    fireEvent.click(document.activeElement ?? document.body);
    await waitFor(() => expect(share.openShareTab.mock.calls).toEqual([[TELEGRAM_ADDRESS]]));
  });

  it('opens on its last item with Up', async () => {
    renderShare();
    shareButton().focus();
    key('ArrowUp');
    await menuOpen();
    expect(focused()).toBe(NAMES[6]);
  });

  it('closes on Escape with the focus back on its button, and the page never hears that Escape (the popup would close)', async () => {
    renderShare();
    const pageHeard: string[] = [];
    const listener = (event: KeyboardEvent) => pageHeard.push(event.key);
    document.addEventListener('keydown', listener);
    try {
      fireEvent.click(shareButton());
      await menuOpen();
      key('ArrowDown');
      key('Escape');
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      expect(document.activeElement).toBe(shareButton());
      expect(shareButton().getAttribute('aria-expanded')).toBe('false');
      expect(pageHeard).toEqual([]);
    } finally {
      document.removeEventListener('keydown', listener);
    }
  });

  it('closes on Tab, and on a press outside it; a second press on its button closes it too', async () => {
    renderShare();
    fireEvent.click(shareButton());
    await menuOpen();
    key('Tab');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    fireEvent.click(shareButton());
    await menuOpen();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'After' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    fireEvent.click(shareButton());
    await menuOpen();
    // Pressing the button is no press outside: it toggles.
    fireEvent.pointerDown(shareButton());
    fireEvent.click(shareButton());
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('says so when the tab could not be opened, and stays open on the item', async () => {
    const share = renderShare();
    share.openShareTab.mockResolvedValueOnce({ ok: false, reason: 'No current window' });
    fireEvent.click(shareButton());
    await menuOpen();
    item(t('shareTelegram')).focus();
    fireEvent.click(item(t('shareTelegram')));
    expect((await screen.findByRole('alert')).textContent).toBe(t('shareOpenFailed', t('shareTelegram'), 'No current window'));
    expect(focused()).toBe(t('shareTelegram'));
  });

  it('says it is loading the menu, and that it could not: pressed again, it tries again', async () => {
    const share = fakeShareActions();
    const chunk = deferred<ShareMenuComponent>();
    share.loadShareMenu.mockReturnValueOnce(chunk.promise);
    renderShare(share);
    fireEvent.click(shareButton());
    expect(screen.getByRole('status').textContent).toBe(t('shareLoading'));
    // What the button controls until the menu comes.
    expect(shareButton().getAttribute('aria-controls')).toBe(screen.getByRole('status').id);
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    chunk.reject(new Error('Failed to fetch dynamically imported module'));
    expect((await screen.findByRole('alert')).textContent).toBe(t('shareLoadFailed'));
    expect(warned.mock.calls).toEqual([['Shrtnr: the share menu could not be loaded.', 'Failed to fetch dynamically imported module']]);
    warned.mockRestore();
    fireEvent.click(shareButton());
    fireEvent.click(shareButton());
    await menuOpen();
    expect(share.loadShareMenu).toHaveBeenCalledTimes(2);
  });

  it("opens the system's share sheet where the browser has one, with the link and the title, and no menu", async () => {
    const share = fakeShareActions();
    share.hasShareSheet.mockReturnValue(true);
    renderShare(share);
    // A plain button then: what it opens is the system's, not a menu.
    expect(shareButton().hasAttribute('aria-haspopup')).toBe(false);
    expect(shareButton().hasAttribute('aria-expanded')).toBe(false);
    fireEvent.click(shareButton());
    await waitFor(() => expect(share.openShareSheet.mock.calls).toEqual([[LINK]]));
    expect(share.hasShareSheet).toHaveBeenCalledWith(LINK);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(share.loadShareMenu).not.toHaveBeenCalled();
    // Closed by the user: nothing more.
    share.openShareSheet.mockResolvedValueOnce('cancelled');
    fireEvent.click(shareButton());
    await waitFor(() => expect(share.openShareSheet).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('offers its menu when the share sheet refuses the link', async () => {
    const share = fakeShareActions();
    share.hasShareSheet.mockReturnValue(true);
    share.openShareSheet.mockResolvedValueOnce('failed');
    renderShare(share);
    fireEvent.click(shareButton());
    await menuOpen();
    expect(focused()).toBe(NAMES[0]);
  });
});
