import { describe, expect, it } from 'vitest';
import manifest from '../../manifest.json' with { type: 'json' };
import { FIREFOX_ANDROID_MIN_VERSION, FIREFOX_MIN_VERSION, GECKO_ID, manifestFor } from '../../scripts/build/manifest-targets';

describe('per-target manifests, derived from the one manifest.json', () => {
  it('gives Chrome the source manifest unchanged: service worker, offscreen, the oldest Chrome the build is for', () => {
    expect(manifestFor('chrome', manifest)).toEqual(manifest);
    expect(manifest.minimum_chrome_version).toMatch(/^\d+$/);
  });

  it('gives Firefox an event page, a gecko id with its minimum versions (desktop and Android) and data use, menus, no offscreen and no externally_connectable', () => {
    const firefox = manifestFor('firefox', manifest);
    expect(firefox.background).toEqual({ scripts: [manifest.background.service_worker], type: 'module' });
    // `menus` beside `contextMenus`: Firefox names the element right-clicked only to an extension that holds it.
    expect(firefox.permissions).toEqual(['storage', 'contextMenus', 'menus', 'activeTab', 'scripting', 'clipboardWrite', 'notifications', 'alarms']);
    expect(firefox.browser_specific_settings).toEqual({
      gecko: { id: GECKO_ID, strict_min_version: FIREFOX_MIN_VERSION, data_collection_permissions: { required: ['browsingActivity'] } },
      gecko_android: { strict_min_version: FIREFOX_ANDROID_MIN_VERSION },
    });
    expect(firefox).not.toHaveProperty('externally_connectable');
    expect(firefox).not.toHaveProperty('minimum_chrome_version');
    // Everything else is the same manifest, keys in the same order.
    const { background: _b, permissions: _p, browser_specific_settings: _s, ...rest } = firefox;
    const { background: _cb, permissions: _cp, externally_connectable: _ce, minimum_chrome_version: _cm, ...chromeRest } = manifest;
    expect(rest).toEqual(chromeRest);
    expect(Object.keys(firefox).slice(0, -1)).toEqual(Object.keys(manifest).filter((key) => key !== 'externally_connectable' && key !== 'minimum_chrome_version'));
  });

  it("gives Edge the Chrome manifest less what only the Chrome Web Store reads (update_url, key)", () => {
    expect(manifestFor('edge', manifest)).toEqual(manifest);
    const fromTheStore = { ...manifest, update_url: 'https://clients2.google.com/service/update2/crx', key: 'MIIBIjAN' };
    expect(manifestFor('edge', fromTheStore)).toEqual(manifest);
  });

  it('refuses a manifest without a background script to carry over', () => {
    expect(() => manifestFor('firefox', { ...manifest, background: {} })).toThrow('service_worker');
  });
});
