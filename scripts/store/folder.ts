// release/store/{chrome,firefox,edge}/<locale>/: what each store's listing form
// asks for, per language: the listing's text files (listing.ts), eight
// 1280×800 screenshots (popup, menu, history, settings; light and dark), the
// 128 px icon (Chrome Web Store, addons.mozilla.org) or the 300 px store logo
// (Edge Add-ons), and for the Chrome Web Store and Edge Add-ons the 440×280
// small promo tile. The pictures come from the e2e build (dist-e2e/chrome)
// against the stand-in (captures.ts): Edge runs the same build.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { iconPng } from '../lib/icon-art.ts';
import { findChromium } from '../../tooling/browsers/chromium-path.ts';
import { startStandIn } from '../../tooling/stand-in/server.ts';
import { captureLocale, SERVER_ORIGIN } from './captures.ts';
import { listingFiles, listingProblems, readListing, SCENES, STORE_LOCALES, STORES, type Listing, type StoreLocale } from './listing.ts';
import { renderPromoTile, renderScreenshot, type Stage } from './stage.ts';

/** The side of Edge Add-ons' store logo, in pixels. */
export const STORE_LOGO_SIZE = 300;

export interface StoreFile {
  path: string;
  bytes: number;
}

/** Writes `outDir` afresh (a file left from an earlier run would be published too) and lists what it wrote. */
export async function writeStoreFolder(root: string, outDir: string, locales: readonly StoreLocale[] = STORE_LOCALES): Promise<StoreFile[]> {
  const listings = await Promise.all(locales.map((locale) => readListing(root, locale)));
  const problems = listings.flatMap(listingProblems);
  if (problems.length > 0) throw new Error(`The store listings break the stores' limits:\n${problems.join('\n')}`);
  const icon = await readFile(join(root, 'public/icons/icon-128.png'));
  const menuIcon = await readFile(join(root, 'public/icons/icon-16.png'));
  // Edge Add-ons' "Extension Store logo": square, 300 × 300 recommended; drawn at that size, not scaled up.
  const storeLogo = iconPng(STORE_LOGO_SIZE);

  await rm(outDir, { recursive: true, force: true });
  const written: StoreFile[] = [];
  const write = async (store: string, locale: string, name: string, bytes: Buffer | string): Promise<void> => {
    const dir = join(outDir, store, locale);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, name), bytes);
    written.push({ path: join(dir, name), bytes: Buffer.byteLength(bytes) });
  };

  const standIn = await startStandIn({ publicOrigin: SERVER_ORIGIN });
  const stageBrowser = await chromium.launch({ executablePath: findChromium() });
  try {
    const stagePage = await stageBrowser.newPage();
    for (const listing of listings) {
      // Each language starts with a full window: the pictures never show a rate-limit wait.
      standIn.resetRateLimits();
      const captures = await captureLocale(join(root, 'dist-e2e/chrome'), standIn, listing.locale);
      const stage: Stage = { ...captures.words, listing, icon, menuIcon };
      const pictures: [string, Buffer][] = [];
      for (const [index, scene] of SCENES.entries()) {
        for (const scheme of ['light', 'dark'] as const) {
          pictures.push([`screenshot-${index + 1}-${scene}-${scheme}.png`, await renderScreenshot(stagePage, stage, captures, scene, scheme)]);
        }
      }
      const tile = await renderPromoTile(stagePage, stage);
      for (const store of STORES) {
        for (const [name, text] of Object.entries(listingFiles(listing, store))) await write(store, listing.locale, name, text);
        for (const [name, png] of pictures) await write(store, listing.locale, name, png);
        if (store === 'edge') await write(store, listing.locale, `store-logo-${STORE_LOGO_SIZE}.png`, storeLogo);
        else await write(store, listing.locale, 'icon-128.png', icon);
        // addons.mozilla.org has no promo tile.
        if (store !== 'firefox') await write(store, listing.locale, 'promo-tile-440x280.png', tile);
      }
    }
  } finally {
    await stageBrowser.close();
    await standIn.close();
  }
  return written;
}

export type { Listing };
