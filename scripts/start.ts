// `npm start`: the extension against the local stand-in, ready to try.
// With a display: a Chromium window with the extension loaded and set up,
// on a sample page; click the toolbar button. Without one: the popup flow
// runs headless, prints what it got, saves screenshots and exits.
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { launchExtensionBrowser, type ExtensionBrowser } from '../test/support/extension-browser';
import { pointAtStandIn } from '../test/support/point-at-stand-in';
import { startStandIn, type StandIn } from '../test/support/stand-in/server';

const DIST = resolve(import.meta.dirname, '../dist/chrome');
const SCREENSHOTS = resolve(import.meta.dirname, '../docs/screenshots');
const headed = (process.env.DISPLAY ?? '') !== '' && process.env.HEADLESS === undefined;

const standIn = await startStandIn({ port: Number(process.env.STAND_IN_PORT ?? 0) });
let browser: ExtensionBrowser | undefined;
const shutDown = async (code: number): Promise<never> => {
  await browser?.close();
  await standIn.close();
  process.exit(code);
};
process.on('SIGINT', () => void shutDown(0));
process.on('SIGTERM', () => void shutDown(0));

try {
  browser = await launchExtensionBrowser({ extensionDir: DIST, trustedSpkiHashes: [standIn.spkiHash], headless: !headed });
  await pointAtStandIn(browser, standIn);
  const samplePage = await browser.context.newPage();
  await samplePage.goto(`${standIn.baseUrl}/demo/article`);
  console.log(`Stand-in Shrtnr API: ${standIn.baseUrl} (demo token set in the extension's settings)`);
  if (headed) {
    await samplePage.bringToFront();
    console.log('Chromium is open on a sample page. Click the Shrtnr button in the toolbar (or press Alt+Shift+S),');
    console.log('right-click the sample link, or press Alt+Shift+L. Close the browser or press Ctrl+C to stop.');
    await new Promise((done) => browser?.context.once('close', done));
    await shutDown(0);
  } else {
    await runHeadlessDemo(browser, standIn, samplePage);
    await shutDown(0);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutDown(1);
}

async function runHeadlessDemo(extension: ExtensionBrowser, server: StandIn, samplePage: Awaited<ReturnType<ExtensionBrowser['context']['newPage']>>): Promise<void> {
  console.log('No display: running the popup flow headless.');
  await mkdir(SCREENSHOTS, { recursive: true });
  const popup = await extension.openPopup(samplePage);
  await popup.getByTestId('copy-status').filter({ hasText: 'Copied' }).waitFor({ timeout: 10_000 });
  const shortUrl = await popup.getByLabel('Short link').inputValue();
  await popup.screenshot({ path: resolve(SCREENSHOTS, 'popup.png') });
  await popup.close();
  console.log(`Short URL shown in the popup: ${shortUrl}`);
  console.log(`Clipboard holds:              ${await extension.readClipboard(`${server.baseUrl}/demo/blank`)}`);

  const visit = await extension.context.newPage();
  await visit.goto(shortUrl);
  console.log(`Following it lands on:        ${visit.url()}`);
  await visit.close();

  const options = await extension.context.newPage();
  await options.setViewportSize({ width: 760, height: 860 });
  await options.goto(extension.extensionUrl('src/options/index.html'));
  await options.getByRole('button', { name: 'Test connection' }).click();
  await options.getByTestId('connection-status').filter({ hasText: /\S/ }).waitFor();
  await options.screenshot({ path: resolve(SCREENSHOTS, 'options.png'), fullPage: true });
  console.log(`Screenshots: ${resolve(SCREENSHOTS, 'popup.png')}, ${resolve(SCREENSHOTS, 'options.png')}`);
}
