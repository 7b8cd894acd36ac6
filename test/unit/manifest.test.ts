import { describe, expect, it } from 'vitest';
import manifest from '../../manifest.json' with { type: 'json' };

// Each permission's reason in docs/permissions.md: checked against both built manifests,
// kind by kind, in test/build/store-declarations.test.ts.
describe('manifest.json', () => {
  it('asks for exactly these permissions', () => {
    expect(manifest.permissions).toEqual(['storage', 'contextMenus', 'activeTab', 'scripting', 'clipboardWrite', 'offscreen', 'notifications', 'alarms']);
    expect(manifest.host_permissions).toEqual(['https://shrtnr.co/*']);
    expect(manifest.optional_host_permissions).toEqual(['https://*/*']);
    // "Shorten all tabs" asks for it from its click: no install warning for anyone who never uses it.
    expect(manifest.optional_permissions).toEqual(['tabs']);
  });

  it('lets no other extension and no web page connect to it (Chrome: no ids, no matches)', () => {
    expect(manifest.externally_connectable).toEqual({ ids: [] });
  });

  it('keeps the strict content security policy: nothing by default, own scripts, styles and images, https requests, no form submits', () => {
    expect(manifest.content_security_policy).toEqual({
      extension_pages: "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src https:; object-src 'none'; base-uri 'none'; form-action 'none'",
    });
  });
});
