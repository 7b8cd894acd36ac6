import { browser } from './browser';
import { errorText } from './error-text';

/** `StorageArea.setAccessLevel`, which the polyfill's types know only for storage.session. */
type Closable = { setAccessLevel?: (access: { accessLevel: 'TRUSTED_CONTEXTS' }) => Promise<void> };

/**
 * Closes storage.local and storage.sync to the extension's content scripts
 * (the scripts it injects into pages run in the page's renderer, which a
 * page that took it over controls): only its own pages and worker may read
 * them. Chromium lets an extension do so for every area
 * (`StorageArea.setAccessLevel`, kept across restarts); Firefox has it for
 * none of them (https://bugzil.la/1724754), where a content script never
 * reaches storage.session anyway. True when storage.local is closed: the
 * tokens may then stay there (storage/token-vault.ts).
 */
export async function closeStorageToPages(): Promise<boolean> {
  const [local] = await Promise.all([closeToPages(browser.storage.local as Closable), closeToPages(browser.storage.sync as Closable | undefined)]);
  return local;
}

async function closeToPages(area: Closable | undefined): Promise<boolean> {
  if (typeof area?.setAccessLevel !== 'function') return false;
  try {
    await area.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
    return true;
  } catch (error) {
    // A Chromium older than the change that allows it for local and sync ("only supported for session").
    console.warn('Shrtnr: a storage area could not be closed to pages.', errorText(error));
    return false;
  }
}
