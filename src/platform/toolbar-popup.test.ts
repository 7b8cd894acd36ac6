import { describe, expect, it, vi } from 'vitest';
import { POPUP_PAGE_OF_DIRECTION } from './popup-pages';
import type { PopupApi } from './toolbar-popup';

// The polyfill throws outside an extension: each test hands in a browser of its own.
vi.mock('./browser', () => ({ browser: {} }));
const { usePopupOfUiDirection } = await import('./toolbar-popup');

/** What Chrome's and Edge's builds allow: the direction pages' styles, by hash (scripts/build/popup-directions.ts). */
const WITH_PAGES = "default-src 'none'; script-src 'self'; style-src 'self' 'sha256-AAAA' 'sha256-BBBB'; img-src 'self'";
/** Firefox's build: no inline style, no direction pages. */
const WITHOUT_PAGES = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'";

/** A browser whose UI language writes in `direction`, running a build of `policy`, recording the popups it is given. */
function browserIn(direction: string, setPopup: (popup: string) => Promise<void> = async () => undefined, policy = WITH_PAGES) {
  const popups: string[] = [];
  const api: PopupApi = {
    i18n: { getMessage: (name) => (name === '@@bidi_dir' ? direction : '') },
    runtime: { getManifest: () => ({ content_security_policy: { extension_pages: policy } }) },
    action: { setPopup: async ({ popup }) => { popups.push(popup); await setPopup(popup); } },
  };
  return { api, popups };
}

describe("the toolbar's popup page", () => {
  it.each(['rtl', 'ltr'] as const)("is the page of the UI language's direction: %s", async (direction) => {
    const { api, popups } = browserIn(direction);
    await usePopupOfUiDirection(api);
    expect(popups).toEqual([POPUP_PAGE_OF_DIRECTION[direction]]);
  });

  it('is the left-to-right page when the browser names no direction it knows', async () => {
    const { api, popups } = browserIn('');
    await usePopupOfUiDirection(api);
    expect(popups).toEqual([POPUP_PAGE_OF_DIRECTION.ltr]);
  });

  it("stays the manifest's page in a build with no page per direction (Firefox's): its policy allows no inline style", async () => {
    const { api, popups } = browserIn('rtl', undefined, WITHOUT_PAGES);
    await usePopupOfUiDirection(api);
    expect(popups).toEqual([]);
  });

  it("stays the manifest's page, with nothing thrown, where the browser refuses", async () => {
    const { api, popups } = browserIn('rtl', () => Promise.reject(new Error('Could not set the popup.')));
    await expect(usePopupOfUiDirection(api)).resolves.toBeUndefined();
    expect(popups).toEqual([POPUP_PAGE_OF_DIRECTION.rtl]);
  });
});
