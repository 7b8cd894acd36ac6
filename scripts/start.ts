// `npm start` (Chromium) and `npm start -- --firefox` / `npm run start:firefox`:
// the extension against the local stand-in, ready to try. A browser this
// machine lacks is installed first (scripts/install-browsers.sh, as CI does).
// With a display: a browser window with the extension loaded and set up, on a
// sample page; click the toolbar button. Without one: the flow runs headless,
// prints what it got and exits. `npm run screenshots` (--screenshots) runs it
// headless in Chromium and also writes the screenshots into docs/screenshots/
// (only when asked: a first run leaves the tree as it was).
import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { findChromium } from '../tooling/browsers/chromium-path';
import { launchExtensionBrowser, type ExtensionBrowser } from '../tooling/browsers/extension-browser';
import { launchFirefoxExtension, type FirefoxExtensionBrowser } from '../tooling/browsers/firefox-browser';
import { findFirefox } from '../tooling/browsers/firefox-path';
import { pointAtStandIn } from '../tooling/browsers/point-at-stand-in';
import { startStandIn, type StandIn } from '../tooling/stand-in/server';
import { accountItems } from '../tooling/browsers/account-items';

const ROOT = resolve(import.meta.dirname, '..');
const refreshScreenshots = process.argv.includes('--screenshots');
const SCREENSHOTS = resolve(ROOT, 'docs/screenshots');
const useFirefox = process.argv.includes('--firefox');
const headed = (process.env.DISPLAY ?? '') !== '' && process.env.HEADLESS === undefined && !refreshScreenshots;

// The browser first: a missing one is installed (or said, with how to get it) before any build.
try {
  execFileSync('bash', [resolve(ROOT, 'scripts/install-browsers.sh'), useFirefox ? 'firefox' : 'chromium'], { stdio: 'inherit' });
  const path = useFirefox ? findFirefox() : findChromium();
  console.log(`Using ${execFileSync(path, ['--version'], { encoding: 'utf8' }).trim()} (${path}).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
// NO_BUILD=1: use dist/ as it is (the smoke test's, while other tests may be reading it: a rebuild empties it first).
if (process.env.NO_BUILD === undefined) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });

const standIn = await startStandIn({ port: Number(process.env.STAND_IN_PORT ?? 0) });
let closeBrowser: (() => Promise<void>) | undefined;
const shutDown = async (code: number): Promise<never> => {
  await closeBrowser?.();
  await standIn.close();
  process.exit(code);
};
process.on('SIGINT', () => void shutDown(0));
process.on('SIGTERM', () => void shutDown(0));

try {
  if (useFirefox) await startFirefox();
  else await startChromium();
  await shutDown(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutDown(1);
}

function announce(browserName: string): void {
  console.log(`Stand-in Shrtnr API: ${standIn.baseUrl} (demo token set in the extension's settings)`);
  console.log(`${browserName} is open on a sample page. Click the Shrtnr button in the toolbar (or press Alt+Shift+S),`);
  console.log('right-click the sample link, or press Alt+Shift+L. Close the browser or press Ctrl+C to stop.');
}

async function startChromium(): Promise<void> {
  const browser = await launchExtensionBrowser({ extensionDir: resolve(ROOT, 'dist/chrome'), trustedSpkiHashes: [standIn.spkiHash], headless: !headed });
  closeBrowser = () => browser.close();
  await pointAtStandIn(browser, standIn);
  const samplePage = await browser.context.newPage();
  await samplePage.goto(`${standIn.baseUrl}/demo/article`);
  if (headed) {
    await samplePage.bringToFront();
    announce('Chromium');
    await new Promise((done) => browser.context.once('close', done));
  } else {
    await runChromiumHeadlessDemo(browser, standIn, samplePage);
  }
}

async function runChromiumHeadlessDemo(extension: ExtensionBrowser, server: StandIn, samplePage: Page): Promise<void> {
  console.log(`Stand-in Shrtnr API: ${server.baseUrl} (demo token set in the extension's settings)`);
  console.log('No display: running the popup flow headless.');
  const popup = await extension.openPopup(samplePage);
  await popup.getByTestId('copy-status').filter({ hasText: 'Copied' }).waitFor({ timeout: 10_000 });
  const shortUrl = await popup.getByLabel('Short link').inputValue();
  await popup.close();
  console.log(`Short URL shown in the popup: ${shortUrl}`);
  console.log(`Clipboard holds:              ${await extension.readClipboard(`${server.baseUrl}/demo/blank`)}`);

  const visit = await extension.context.newPage();
  await visit.goto(shortUrl);
  console.log(`Following it lands on:        ${visit.url()}`);
  await visit.close();
  if (!refreshScreenshots) return;

  const shots = await takeScreenshots(extension, samplePage, 'en');
  // Arabic (right to left) needs a browser started in that language.
  const arabic = await launchExtensionBrowser({ extensionDir: resolve(ROOT, 'dist/chrome'), trustedSpkiHashes: [server.spkiHash], language: 'ar' });
  try {
    await pointAtStandIn(arabic, server);
    const arabicPage = await arabic.context.newPage();
    await arabicPage.goto(`${server.baseUrl}/demo/article`);
    shots.push(...(await takeScreenshots(arabic, arabicPage, 'ar')));
  } finally {
    await arabic.close();
  }
  console.log(`Screenshots: ${shots.join(', ')}`);
}

/**
 * The README's screenshots, light and dark: the popup (its link copied, the
 * latest links below it), the settings page (connection tested) and the
 * history page. Two more pages are shortened first, so history has something to show.
 */
async function takeScreenshots(extension: ExtensionBrowser, tab: Page, language: string): Promise<string[]> {
  await mkdir(SCREENSHOTS, { recursive: true });
  const written: string[] = [];
  const { origin } = new URL(tab.url());
  for (const from of ['newsletter', 'chat']) {
    const page = await extension.context.newPage();
    await page.goto(`${origin}/demo/destination?from=${from}`);
    const popup = await extension.openPopup(page);
    await popup.getByTestId('short-url').waitFor({ timeout: 10_000 });
    await popup.close();
    await page.close();
  }
  for (const colorScheme of ['light', 'dark'] as const) {
    const popup = await extension.openPopup(tab);
    await popup.emulateMedia({ colorScheme });
    await popup.getByTestId('copy-status').filter({ hasText: /\S/ }).waitFor({ timeout: 10_000 });
    const popupFile = resolve(SCREENSHOTS, `popup-${language}-${colorScheme}.png`);
    await popup.screenshot({ path: popupFile });
    await popup.close();

    const options = await extension.context.newPage();
    await options.setViewportSize({ width: 760, height: 900 });
    await options.emulateMedia({ colorScheme });
    await options.goto(extension.extensionUrl('src/options/index.html'));
    await options.locator('.connection button').first().click();
    await options.getByTestId('connection-status').filter({ hasText: /\S/ }).waitFor();
    const optionsFile = resolve(SCREENSHOTS, `options-${language}-${colorScheme}.png`);
    await options.screenshot({ path: optionsFile, fullPage: true });
    await options.close();

    const history = await extension.context.newPage();
    await history.setViewportSize({ width: 900, height: 640 });
    await history.emulateMedia({ colorScheme });
    await history.goto(extension.extensionUrl('src/history/index.html'));
    await history.locator('#history-search').waitFor();
    const historyFile = resolve(SCREENSHOTS, `history-${language}-${colorScheme}.png`);
    await history.screenshot({ path: historyFile });
    await history.close();
    written.push(popupFile, optionsFile, historyFile);
  }
  return written;
}

async function startFirefox(): Promise<void> {
  const firefox = await launchFirefoxExtension({ extensionDir: resolve(ROOT, 'dist/firefox'), headless: !headed });
  closeBrowser = () => firefox.close();
  await firefox.evaluateInExtension(
    (settings) => (globalThis as unknown as { browser: typeof chrome }).browser.storage.local.set(settings),
    accountItems(standIn.baseUrl, standIn.demoToken),
  );
  const samplePage = await firefox.openTab(`${standIn.baseUrl}/demo/article`);
  if (headed) {
    await samplePage.bringToFront();
    announce('Firefox');
    await new Promise((done) => firefox.browser.once('disconnected', done));
  } else {
    await runFirefoxHeadlessDemo(firefox);
  }
}

/**
 * Headless Firefox gives the popup no current tab to read (only a real click on
 * the toolbar grants activeTab), so the demo shortens the sample page's address
 * as a user would type it into the popup.
 */
async function runFirefoxHeadlessDemo(firefox: FirefoxExtensionBrowser): Promise<void> {
  console.log(`Stand-in Shrtnr API: ${standIn.baseUrl} (demo token set in the extension's settings)`);
  console.log('No display: running the popup flow headless in Firefox, with the sample page typed in.');
  const popup = await firefox.openExtensionPage('src/popup/index.html');
  await popup.waitForSelector('#typed-url');
  await popup.type('#typed-url', `${standIn.baseUrl}/demo/article`);
  await popup.click('button::-p-text(Shorten)');
  await popup.waitForSelector('[data-testid="copy-status"]::-p-text(Copied)', { timeout: 10_000 });
  const shortUrl = await popup.$eval('[data-testid="short-url"]', (field) => (field as HTMLInputElement).value);
  console.log(`Short URL shown in the popup: ${shortUrl}`);
  console.log(`Clipboard holds:              ${await firefox.readClipboard(`${standIn.baseUrl}/demo/blank`)}`);
  const visit = await firefox.openTab(shortUrl);
  console.log(`Following it lands on:        ${visit.url()}`);
}
