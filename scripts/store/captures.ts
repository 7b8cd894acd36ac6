// The raw pictures behind the store screenshots, from the real extension in
// one language: Chromium started in that language with the extension loaded,
// against the stand-in reached as https://shrtnr.co (Chromium's --host-rules
// maps the name to it; the extension's own default server is then the one in
// the pictures), shortening a page at https://news.example.
import type { Page } from 'playwright-core';
import { launchExtensionBrowser, type ExtensionBrowser } from '../../tooling/browsers/extension-browser.ts';
import type { StandIn } from '../../tooling/stand-in/server.ts';
import type { StoreLocale } from './listing.ts';
import { accountItems } from '../../tooling/browsers/account-items.ts';

export const SERVER_ORIGIN = 'https://shrtnr.co';
const PAGE_ORIGIN = 'https://news.example';
export type ColorScheme = 'light' | 'dark';

/** The size of the page area in a store screenshot: 1280×800 less the caption's band. */
export const CONTENT = { width: 1280, height: 704 } as const;

export interface SchemeCaptures {
  /** The page the popup and the menu were used on. */
  article: Buffer;
  popup: Buffer;
  history: Buffer;
  settings: Buffer;
}

export interface Captures {
  light: SchemeCaptures;
  dark: SchemeCaptures;
  /** The sample link's box on the article page, where the menu was opened. */
  link: { x: number; y: number; width: number; height: number };
  /** The notification the right-click's "Shorten link" showed, line by line. */
  notification: string[];
  /** The extension's own words in the browser's language (chrome.i18n): its direction, short name and menu item. */
  words: ExtensionWords;
}

export interface ExtensionWords {
  direction: 'ltr' | 'rtl';
  shortName: string;
  /** The title of the menu item on a link. */
  menuItem: string;
}

/** Chromium flags that send the two public names to the stand-in's port (its certificate is trusted by its SPKI hash). */
export function mappedHostArgs(standIn: StandIn): string[] {
  const port = new URL(standIn.baseUrl).port;
  return [`--host-rules=MAP shrtnr.co:443 127.0.0.1:${port}, MAP news.example:443 127.0.0.1:${port}`];
}

/**
 * Takes every raw picture for one language from `extensionDir` (the e2e build:
 * the shipped extension plus the hook that lets a script choose its menu item,
 * which headless Chromium has no native menu for).
 */
export async function captureLocale(extensionDir: string, standIn: StandIn, locale: StoreLocale): Promise<Captures> {
  const extension = await launchExtensionBrowser({ extensionDir, trustedSpkiHashes: [standIn.spkiHash], language: locale, extraArgs: mappedHostArgs(standIn) });
  try {
    const worker = await extension.serviceWorker();
    const words = await worker.evaluate(() => ({
      direction: chrome.i18n.getMessage('@@bidi_dir') === 'rtl' ? ('rtl' as const) : ('ltr' as const),
      shortName: chrome.i18n.getMessage('extensionShortName'),
      menuItem: chrome.i18n.getMessage('menuShortenLink'),
    }));
    // As the settings page saves a token: bound to the server it was entered for (here the default one).
    await worker.evaluate((items) => chrome.storage.local.set(items), accountItems(SERVER_ORIGIN, standIn.demoToken));
    // Two links made earlier, so history and the popup's latest links have something to show.
    for (const from of ['newsletter', 'chat']) await shortenInPopup(extension, `${PAGE_ORIGIN}/demo/destination?from=${from}`);
    const article = await extension.context.newPage();
    await article.setViewportSize(CONTENT);
    await article.goto(`${PAGE_ORIGIN}/demo/article`);
    const link = await article.locator('#sample-link').boundingBox();
    if (link === null) throw new Error('The sample page has no visible #sample-link.');
    const notification = await chooseShortenLink(extension, `${PAGE_ORIGIN}/demo/article`, await article.locator('#sample-link').getAttribute('href'));
    return {
      light: await captureScheme(extension, article, 'light'),
      dark: await captureScheme(extension, article, 'dark'),
      link,
      notification,
      words,
    };
  } finally {
    await extension.close();
  }
}

async function shortenInPopup(extension: ExtensionBrowser, url: string): Promise<void> {
  const page = await extension.context.newPage();
  await page.goto(url);
  const popup = await extension.openPopup(page);
  await popup.getByTestId('short-url').waitFor();
  await popup.close();
  await page.close();
}

/** What a right-click on the sample link and "Shorten link" shows: the worker's own handler, its notification's lines. */
async function chooseShortenLink(extension: ExtensionBrowser, pageUrl: string, linkUrl: string | null): Promise<string[]> {
  if (linkUrl === null) throw new Error('The sample link has no href.');
  const worker = await extension.serviceWorker();
  const shown = await worker.evaluate(
    async ({ info, url }) => {
      type Hooks = { onMenuClicked(info: unknown, tab: unknown): Promise<unknown>; shown: { surface: string; text: string }[] };
      const hooks = (globalThis as unknown as { shrtnrE2e?: Hooks }).shrtnrE2e;
      if (hooks === undefined) throw new Error('No e2e hooks: the store pictures are taken from dist-e2e/ (npm run build:e2e).');
      await hooks.onMenuClicked(info, { url, index: 0, active: true, incognito: false });
      return hooks.shown.filter(({ surface }) => surface === 'notification').at(-1)?.text;
    },
    { info: { menuItemId: 'shorten-link', editable: false, linkUrl, pageUrl }, url: pageUrl },
  );
  if (shown === undefined) throw new Error('"Shorten link" showed no notification.');
  return shown.split('\n').filter((line) => line !== '');
}

async function captureScheme(extension: ExtensionBrowser, article: Page, colorScheme: ColorScheme): Promise<SchemeCaptures> {
  await article.emulateMedia({ colorScheme });
  const popup = await extension.openPopup(article);
  await popup.emulateMedia({ colorScheme });
  await popup.getByTestId('copy-status').filter({ hasText: /\S/ }).waitFor();
  // The browser sizes a popup's window to its content; the page held here is wider than that.
  const popupPicture = await popup.locator('.popup').first().screenshot();
  await popup.close();
  const articlePicture = await article.screenshot();

  const history = await extensionPage(extension, 'src/history/index.html', colorScheme);
  await history.locator('#history-search').waitFor();
  const historyPicture = await history.screenshot();
  await history.close();

  const settings = await extensionPage(extension, 'src/options/index.html', colorScheme);
  // Test connection, so the picture shows the server answering.
  await settings.locator('.connection button').first().click();
  await settings.getByTestId('connection-status').filter({ hasText: /\S/ }).waitFor();
  const settingsPicture = await settings.screenshot();
  await settings.close();
  return { article: articlePicture, popup: popupPicture, history: historyPicture, settings: settingsPicture };
}

async function extensionPage(extension: ExtensionBrowser, path: string, colorScheme: ColorScheme): Promise<Page> {
  const page = await extension.context.newPage();
  await page.setViewportSize(CONTENT);
  await page.emulateMedia({ colorScheme });
  await page.goto(extension.extensionUrl(path));
  return page;
}
