import { withoutInlineStyles } from './popup-directions.ts';

/**
 * The browsers the one source manifest (top-level manifest.json, written for
 * Chrome) is built for, and how each target's manifest is derived from it.
 * Nothing here is hand-kept twice: Firefox's and Edge's manifests are Chrome's, transformed.
 * Edge runs the Chrome build as it is (Chromium, offscreen documents included); its package
 * is that build with nothing only the Chrome Web Store reads.
 */
export const TARGETS = ['chrome', 'firefox', 'edge'] as const;
export type Target = (typeof TARGETS)[number];

/** The add-on's id on addons.mozilla.org and in Firefox profiles. */
export const GECKO_ID = 'shorten-and-copy@shrtnr-extension';
/**
 * Firefox 140 (an ESR): the first with `data_collection_permissions`;
 * everything else the extension uses (MV3 module background scripts, storage.session,
 * optional_host_permissions, action.openPopup) is older.
 */
export const FIREFOX_MIN_VERSION = '140.0';
/**
 * Firefox for Android: `data_collection_permissions` arrived there in 142, after the desktop's 140; every other
 * key the manifest holds is older there, or ignored where Android lacks the API (`commands`, `omnibox`; the
 * extension checks for each before it uses it, src/platform/features.ts). docs/platforms.md lists them.
 */
export const FIREFOX_ANDROID_MIN_VERSION = '142.0';
/**
 * Keys only the Chrome Web Store or Chrome reads: where Chrome updates the extension from (the store adds it
 * to what it serves) and the key that pins Chrome's id. Neither belongs in another store's package.
 */
const CHROME_ONLY_KEYS = ['update_url', 'key'] as const;
/** The offscreen document exists only for the workers of Chromium's browsers, which have no clipboard. */
export const OFFSCREEN_PAGE = 'src/offscreen/index.html';

export interface ExtensionManifest {
  background?: { service_worker?: string; scripts?: string[]; type?: string };
  content_security_policy?: { extension_pages?: string };
  permissions?: string[];
  externally_connectable?: unknown;
  browser_specific_settings?: unknown;
  [key: string]: unknown;
}

export function manifestFor(target: Target, chromeManifest: ExtensionManifest): ExtensionManifest {
  if (target === 'chrome') return chromeManifest;
  if (target === 'edge') return Object.fromEntries(Object.entries(chromeManifest).filter(([key]) => !(CHROME_ONLY_KEYS as readonly string[]).includes(key)));
  // Firefox does not implement externally_connectable (https://bugzil.la/1319168) and warns
  // of an unknown key; no other extension can reach this one there but through
  // runtime.onMessageExternal/onConnectExternal, which it never listens to.
  const { background, permissions = [] } = chromeManifest;
  const script = background?.service_worker;
  if (script === undefined) throw new Error('The Chrome manifest names no background.service_worker to run in Firefox.');
  const firefox: ExtensionManifest = {
    ...chromeManifest,
    // Firefox runs MV3 backgrounds as (non-persistent) event pages, not service workers.
    background: { scripts: [script], type: background?.type ?? 'module' },
    // Firefox has no offscreen documents (and needs none: its background page has a DOM). Its `menus`, beside
    // `contextMenus` (whose namespace the code uses), names the element right-clicked (targetElementId, read with
    // menus.getTargetElement): the field changed is the one the user chose, not one a page focused (issue 33).
    permissions: permissions.flatMap((permission) => (permission === 'offscreen' ? [] : permission === 'contextMenus' ? [permission, 'menus'] : [permission])),
    browser_specific_settings: {
      gecko: {
        id: GECKO_ID,
        strict_min_version: FIREFOX_MIN_VERSION,
        // Declared for the add-on store: the URL the user asks to shorten (a
        // page's or a link's address) is sent to the Shrtnr server they chose.
        // Nothing else leaves the browser; the token is that server's own credential.
        data_collection_permissions: { required: ['browsingActivity'] },
      },
      gecko_android: { strict_min_version: FIREFOX_ANDROID_MIN_VERSION },
    },
  };
  delete firefox.externally_connectable;
  // Firefox's own minimum is gecko's strict_min_version; Chrome's key is nothing to it.
  delete firefox.minimum_chrome_version;
  // Firefox's panel painted sooner with the popup's stylesheet files than with them inline (docs/performance.md,
  // "The first frame"): it keeps the manifest's page, its build ships no page per direction, and allows no inline style.
  const policy = chromeManifest.content_security_policy?.extension_pages;
  if (policy !== undefined) firefox.content_security_policy = { ...chromeManifest.content_security_policy, extension_pages: withoutInlineStyles(policy) };
  return firefox;
}
