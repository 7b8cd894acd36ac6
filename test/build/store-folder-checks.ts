// What `npm run package` writes for the stores (release/store/): per store and
// language, the listing's words within the stores' limits and pictures at the
// sizes each store accepts, read from the PNG headers. Checked on the folder
// the release itself wrote (release.test.ts, in its scratch clone: the
// pictures taken from the clone's e2e build in Chromium, against the stand-in),
// so the store's folder is made once per `npm test`, not twice.
import { readFile, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIMITS, readListing, SCENES, STORE_LOCALES, STORES } from '../../scripts/store/listing';

const SCREENSHOTS = SCENES.flatMap((scene, index) => (['light', 'dark'] as const).map((scheme) => `screenshot-${index + 1}-${scene}-${scheme}.png`));
const TEXTS = {
  chrome: ['description.txt', 'name.txt', 'summary.txt'],
  firefox: ['description.txt', 'name.txt', 'summary.txt', 'whats-new.txt'],
  edge: ['description.txt', 'name.txt', 'summary.txt'],
};
const PICTURES = {
  chrome: [...SCREENSHOTS, 'icon-128.png', 'promo-tile-440x280.png'],
  firefox: [...SCREENSHOTS, 'icon-128.png'],
  edge: [...SCREENSHOTS, 'store-logo-300.png', 'promo-tile-440x280.png'],
};

/** Width and height from a PNG's header: the signature, then the IHDR chunk, which must come first. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature)) throw new Error('not a PNG: wrong signature');
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG: no IHDR chunk first');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * The sizes each store takes (Chrome Web Store: 1280×800 or 640×400 screenshots, a 440×280 small promo tile, a
 * 128×128 icon; addons.mozilla.org: 1280×800 shown best; Edge Add-ons: 1280×800 or 640×480 screenshots, at most
 * 10, a 440×280 small promo tile, a square store logo, 300×300 recommended).
 */
function expectedSize(name: string): { width: number; height: number } {
  if (name.startsWith('screenshot-')) return { width: 1280, height: 800 };
  if (name === 'promo-tile-440x280.png') return { width: 440, height: 280 };
  if (name === 'icon-128.png') return { width: 128, height: 128 };
  if (name === 'store-logo-300.png') return { width: 300, height: 300 };
  throw new Error(`No size expected for ${name}`);
}

/**
 * The checks of a store folder, for a file that writes one: `root()` is the tree it was written from (its listings),
 * `folder()` the folder, both read once the tests before these have run.
 */
export function describeStoreFolder(root: () => string, folder: () => string): void {
  const storeDir = (name: string, locale: string): string => join(folder(), name, locale);

  describe('release/store/', () => {
    it('holds a folder per store and language, each with exactly its listing files and pictures', async () => {
      const folders = (await readdir(folder(), { recursive: true, withFileTypes: true })).filter((entry) => entry.isDirectory());
      expect(folders.map((entry) => relative(folder(), join(entry.parentPath, entry.name)).split(sep).join('/')).toSorted()).toEqual(
        [...STORES, ...STORES.flatMap((store) => STORE_LOCALES.map((locale) => `${store}/${locale}`))].toSorted(),
      );
      for (const store of STORES) {
        for (const locale of STORE_LOCALES) {
          expect((await readdir(storeDir(store, locale))).toSorted(), `${store}/${locale}`).toEqual([...TEXTS[store], ...PICTURES[store]].toSorted());
        }
      }
      expect(PICTURES.edge.filter((name) => name.startsWith('screenshot-')).length, "Edge Add-ons' most screenshots").toBeLessThanOrEqual(10);
    });

    it.each(STORES.flatMap((store) => STORE_LOCALES.flatMap((locale) => PICTURES[store].map((name) => [store, locale, name] as const))))(
      '%s/%s/%s is a PNG at the size its store takes',
      async (store, locale, name) => {
        expect(pngSize(await readFile(join(storeDir(store, locale), name)))).toEqual(expectedSize(name));
      },
    );

    it.each(STORE_LOCALES)('the %s listing is the one source in that language, within each store limits', async (locale) => {
      const listing = await readListing(root(), locale);
      for (const store of STORES) {
        const text = async (name: string): Promise<string> => (await readFile(join(storeDir(store, locale), name), 'utf8')).replace(/\n$/, '');
        const summary = await text('summary.txt');
        expect(summary).toBe(listing.summary);
        expect([...summary].length).toBeLessThanOrEqual(LIMITS.summary[store]);
        expect(await text('name.txt')).toBe(listing.name);
        expect([...listing.name].length).toBeLessThanOrEqual(LIMITS.name);
        expect(await text('description.txt')).toBe(listing.description);
        expect([...listing.description].length).toBeLessThanOrEqual(LIMITS.description);
      }
      expect(await readFile(join(storeDir('firefox', locale), 'whats-new.txt'), 'utf8')).toBe(`${listing.whatsNew}\n`);
      // Edge Add-ons shows the manifest's name and description as they are: no other browser's name in them.
      expect(await readFile(join(storeDir('edge', locale), 'name.txt'), 'utf8')).not.toMatch(/chrome/i);
      expect(await readFile(join(storeDir('edge', locale), 'summary.txt'), 'utf8')).not.toMatch(/chrome/i);
      expect(await readFile(join(storeDir('edge', locale), 'description.txt'), 'utf8')).not.toMatch(/chrome/i);
    });

    it("gives Edge Add-ons the Chrome Web Store's screenshots and promo tile, byte for byte", async () => {
      for (const locale of STORE_LOCALES) {
        for (const name of [...SCREENSHOTS, 'promo-tile-440x280.png']) {
          expect((await readFile(join(storeDir('edge', locale), name))).equals(await readFile(join(storeDir('chrome', locale), name))), `${locale}/${name}`).toBe(true);
        }
      }
    });

    it("gives each language its own pictures: no screenshot is another language's", async () => {
      for (const name of PICTURES.chrome) {
        const pictures = await Promise.all(STORE_LOCALES.map((locale) => readFile(join(storeDir('chrome', locale), name))));
        const distinct = new Set(pictures.map((bytes) => bytes.toString('base64')));
        // The icon is the same in every language; every other picture holds words.
        expect(distinct.size, name).toBe(name === 'icon-128.png' ? 1 : STORE_LOCALES.length);
      }
    });
  });
}
