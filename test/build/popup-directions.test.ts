// The popup's page per writing direction (src/platform/popup-pages.ts, scripts/build/popup-directions.ts), in the
// Chromium targets as built: the manifest's page with its stylesheets inline, the direction written in, and the
// manifest's policy allowing exactly those styles; Firefox's build has neither (scripts/build/manifest-targets.ts).
// Runs after `npm run build` (dist/ is read, never rebuilt here).
import { createHash } from 'node:crypto';
import { access, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TARGETS } from '../../scripts/build/manifest-targets';
import { POPUP_PAGE, POPUP_PAGE_OF_DIRECTION } from '../../src/platform/popup-pages';

const DIST = resolve(import.meta.dirname, '../../dist');
const LINKED = /<link rel="stylesheet"[^>]*\shref="\/([^"]+\.css)"[^>]*>/g;
const INLINE = /<link rel="stylesheet" href="\/([^"]+\.css)" disabled><style>([^<]*)<\/style>/g;
const hashOf = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

describe.each(TARGETS.filter((target) => target !== 'firefox'))('the %s build', (target) => {
  const read = (file: string) => readFile(join(DIST, target, file), 'utf8');
  const manifest = async () => JSON.parse(await read('manifest.json')) as { action: { default_popup: string }; content_security_policy: { extension_pages: string } };

  it.each(['ltr', 'rtl'] as const)("has the popup's %s page: the manifest's page with each stylesheet inline, in that direction", async (direction) => {
    const page = await read(POPUP_PAGE);
    const directional = await read(POPUP_PAGE_OF_DIRECTION[direction]);
    const inline = [...directional.matchAll(INLINE)];
    expect(inline.map(([, file]) => file)).toEqual([...page.matchAll(LINKED)].map(([, file]) => file));
    for (const [, file = '', css] of inline) expect(css, file).toBe((await read(file)).replaceAll('__MSG_@@bidi_dir__', direction));
    expect(directional.replace(INLINE, '')).toBe(page.replace(LINKED, ''));
  });

  it("allows the inline styles of those pages by their hashes, and no other, and keeps the manifest's page the popup", async () => {
    const { action, content_security_policy: policy } = await manifest();
    expect(action.default_popup).toBe(POPUP_PAGE);
    const styles = await Promise.all(Object.values(POPUP_PAGE_OF_DIRECTION).map(async (page) => [...(await read(page)).matchAll(INLINE)].map(([, , css = '']) => hashOf(css))));
    const allowed = /(?:^|;)\s*style-src ([^;]*)/.exec(policy.extension_pages)?.[1]?.split(' ') ?? [];
    expect(allowed.toSorted()).toEqual(["'self'", ...new Set(styles.flat())].toSorted());
  });
});

const inFirefoxBuild = (file: string) => join(DIST, 'firefox', file);

describe('the firefox build', () => {
  it("keeps the manifest's page alone: no page per direction, and no inline style allowed", async () => {
    const { action, content_security_policy: policy } = JSON.parse(await readFile(inFirefoxBuild('manifest.json'), 'utf8')) as { action: { default_popup: string }; content_security_policy: { extension_pages: string } };
    expect(action.default_popup).toBe(POPUP_PAGE);
    expect(/(?:^|;)\s*style-src ([^;]*)/.exec(policy.extension_pages)?.[1]).toBe("'self'");
    for (const page of Object.values(POPUP_PAGE_OF_DIRECTION)) await expect(access(inFirefoxBuild(page)), page).rejects.toThrow(/ENOENT/);
  });
});
