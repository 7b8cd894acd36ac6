import { pollUntil } from '../poll';
import type { ExtensionBrowser } from './extension-browser';
import { xdotool } from './xvfb';

/** Chromium holds its permission prompt's Allow disabled for a moment (against clickjacking), and says nothing when it is ready. */
export const PROMPT_READY_MS = 1_500;

export const hasTabsPermission = async (extension: ExtensionBrowser): Promise<boolean> =>
  (await extension.serviceWorker()).evaluate(() => chrome.permissions.contains({ permissions: ['tabs'] }));

/**
 * Answers Chromium's permission prompt with real keys: it opens with Deny
 * focused and Allow held disabled for a moment, so Tab then Return allows and
 * Return alone denies. Headed Chromium only (the prompt is a native window).
 */
export async function pressPromptKeys(display: string, answer: 'allow' | 'deny'): Promise<void> {
  if (answer === 'allow') await xdotool(display, 'key', '--delay', '150', 'Tab', 'Return');
  else await xdotool(display, 'key', 'Return');
}

/**
 * The optional `tabs` permission held, as a person grants it at Chromium's
 * prompt from a click in the extension's settings page; nothing when it is
 * held already. In a profile that held it before, the request is allowed with
 * no prompt (permissions.remove leaves it granted), and no key is pressed.
 */
export async function holdTabsPermission(extension: ExtensionBrowser, display: string): Promise<void> {
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
  await settingsPage.mouse.click(2, 2);
  await new Promise((done) => setTimeout(done, PROMPT_READY_MS));
  // Answered already (no prompt): keys pressed now would land in this page (Tab, Return: a button).
  if (!(await settingsPage.evaluate(() => 'tabsRequestAnswered' in globalThis))) await pressPromptKeys(display, 'allow');
  await pollUntil(async () => ((await hasTabsPermission(extension)) ? true : undefined), { timeoutMs: 10_000, failure: 'The tabs permission was not granted at the prompt.' });
  await settingsPage.close();
}
