import { browser } from './browser';
import { allowsInlineStyles, POPUP_PAGE_OF_DIRECTION, type WritingDirection } from './popup-pages';

/** The part of the browser this needs: a test hands in its own. */
export interface PopupApi {
  i18n: { getMessage(name: string): string };
  runtime: { getManifest(): { content_security_policy?: string | { extension_pages?: string } } };
  action: { setPopup(details: { popup: string }): Promise<void> };
}

/**
 * Whether this build has the popup's pages per direction: only where its
 * manifest allows their inline styles (src/platform/popup-pages.ts). Firefox's
 * build has none: there the panel painted sooner with the stylesheet files
 * than with them inline (docs/performance.md, "The first frame").
 */
function hasDirectionPages(api: PopupApi): boolean {
  const policy = api.runtime.getManifest().content_security_policy;
  return allowsInlineStyles(typeof policy === 'string' ? policy : (policy?.extension_pages ?? ''));
}

/**
 * Makes the popup the page drawn in the UI language's direction with no
 * stylesheet to fetch (src/platform/popup-pages.ts). Called at every start of
 * the worker, one message to the browser: so it holds after an install, a
 * browser start, and the extension turned off and on again (which has no
 * event of its own). Until it has run, and wherever the browser refuses, the
 * manifest's page shows: the same popup, its styles from files.
 */
export async function usePopupOfUiDirection(api: PopupApi = browser): Promise<void> {
  if (!hasDirectionPages(api)) return;
  const direction: WritingDirection = api.i18n.getMessage('@@bidi_dir') === 'rtl' ? 'rtl' : 'ltr';
  try {
    await api.action.setPopup({ popup: POPUP_PAGE_OF_DIRECTION[direction] });
  } catch {
    // Nothing to tell anyone: the manifest's page is the same popup, a few milliseconds later on screen.
  }
}
