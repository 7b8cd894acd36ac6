import { describe, expect, it, vi } from 'vitest';
import { POPUP_PAGE_OF_DIRECTION } from './popup-pages';
import type { PopupApi } from './toolbar-popup';

// The polyfill throws outside an extension: each test hands in a browser of its own.
vi.mock('./browser', () => ({ browser: {} }));
const { usePopupOfUiDirection } = await import('./toolbar-popup');

/** A browser whose UI language writes in `direction`, recording the popups it is given. */
function browserIn(direction: string, setPopup: (popup: string) => Promise<void> = async () => undefined) {
  const popups: string[] = [];
  const api: PopupApi = {
    i18n: { getMessage: (name) => (name === '@@bidi_dir' ? direction : '') },
    action: { setPopup: async ({ popup }) => { popups.push(popup); await setPopup(popup); } },
  };
  return { api, popups };
}

describe("the toolbar's popup page", () => {
  it("is the page of the UI language's direction", async () => {
    for (const [direction, page] of [['rtl', POPUP_PAGE_OF_DIRECTION.rtl], ['ltr', POPUP_PAGE_OF_DIRECTION.ltr]]) {
      const { api, popups } = browserIn(direction ?? '');
      await usePopupOfUiDirection(api);
      expect(popups).toEqual([page]);
    }
  });

  it('is the left-to-right page when the browser names no direction it knows', async () => {
    const { api, popups } = browserIn('');
    await usePopupOfUiDirection(api);
    expect(popups).toEqual([POPUP_PAGE_OF_DIRECTION.ltr]);
  });

  it("stays the manifest's page, with nothing thrown, where the browser refuses", async () => {
    const { api, popups } = browserIn('rtl', () => Promise.reject(new Error('Could not set the popup.')));
    await expect(usePopupOfUiDirection(api)).resolves.toBeUndefined();
    expect(popups).toEqual([POPUP_PAGE_OF_DIRECTION.rtl]);
  });
});
