import { extensionApi as browser } from './extension-api';
import { sendMessage } from '../messages/messaging';
import type { Result } from '../api';
import type { CopyFailure } from '../messages/message-map';

const OFFSCREEN_PATH = 'src/offscreen/index.html';
let creatingOffscreen: Promise<void> | undefined;

/**
 * Copies text from the background context. Chrome's service worker has no
 * clipboard, so it goes through an offscreen document (created once, then
 * reused); Firefox's background page has a DOM and copies directly.
 */
export async function copyFromBackground(text: string): Promise<Result<null, CopyFailure>> {
  try {
    if (typeof chrome !== 'undefined' && chrome.offscreen !== undefined) {
      await ensureOffscreenDocument();
      return await sendMessage('copy-text', { text });
    }
    await navigator.clipboard.writeText(text);
    return { ok: true, value: null };
  } catch (error) {
    return { ok: false, error: { message: `The short link could not be copied: ${describe(error)}` } };
  }
}

async function ensureOffscreenDocument(): Promise<void> {
  const url = browser.runtime.getURL(OFFSCREEN_PATH);
  const existing = await chrome.runtime.getContexts({
    contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT],
    documentUrls: [url],
  });
  if (existing.length > 0) return;
  // Two copies at once must not both create it: Chrome allows one offscreen document.
  creatingOffscreen ??= chrome.offscreen
    .createDocument({
      url: OFFSCREEN_PATH,
      reasons: [chrome.offscreen.Reason.CLIPBOARD],
      justification: 'Copy the short link to the clipboard after shortening from the menu or a shortcut.',
    })
    .finally(() => {
      creatingOffscreen = undefined;
    });
  await creatingOffscreen;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
