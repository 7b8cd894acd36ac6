import { pollUntil } from '../poll';
import type { ExtensionBrowser } from './extension-browser';
import { answerPermissionPrompt } from './permission-prompt';
import type { XvfbServer } from './xvfb';

export const hasTabsPermission = async (extension: ExtensionBrowser): Promise<boolean> =>
  (await extension.serviceWorker()).evaluate(() => chrome.permissions.contains({ permissions: ['tabs'] }));

/**
 * The optional `tabs` permission held, as a person grants it at Chromium's
 * prompt from a click in the extension's settings page; nothing when it is
 * held already. In a profile that held it before, the request is allowed with
 * no prompt (permissions.remove leaves it granted), and no key is pressed.
 * Headed Chromium under `xvfb` only (the prompt is read from its screen).
 */
export async function holdTabsPermission(extension: ExtensionBrowser, xvfb: XvfbServer): Promise<void> {
  if (await hasTabsPermission(extension)) return;
  const settingsPage = await extension.context.newPage();
  await settingsPage.goto(extension.extensionUrl('src/options/index.html'));
  // A real click is the user gesture permissions.request needs.
  await settingsPage.evaluate(() =>
    document.addEventListener(
      'click',
      () => void chrome.permissions.request({ permissions: ['tabs'] }).then((granted) => Object.assign(globalThis, { tabsRequestAnswered: granted })),
      { once: true },
    ),
  );
  // Answered at once (no prompt), keys would land in this page (Tab, Return: a button): none is pressed then.
  const answeredAtOnce = () => settingsPage.evaluate(() => 'tabsRequestAnswered' in globalThis);
  await answerPermissionPrompt(xvfb, () => settingsPage.mouse.click(2, 2), 'allow', answeredAtOnce);
  await pollUntil(async () => ((await hasTabsPermission(extension)) ? true : undefined), { timeoutMs: 30_000, failure: 'The tabs permission was not granted at the prompt.' });
  await settingsPage.close();
}
