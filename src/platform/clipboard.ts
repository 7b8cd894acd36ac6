import { extensionApi as browser } from './extension-api';
import { sendMessage } from '../messages/messaging';
import type { Result } from '../api';
import type { CopyFailure } from '../messages/message-map';

const OFFSCREEN_PATH = 'src/offscreen/index.html';
// One readiness promise per worker lifetime, shared by concurrent copies: a
// document that exists is not yet listening until its script has run, and a
// copy sent in between finds no receiver (seen with 20 copies at once).
let offscreenReady: Promise<void> | undefined;

/**
 * Copies text from the background context. Chrome's service worker has no
 * clipboard, so it goes through an offscreen document (created once, then
 * reused); Firefox's background page has a DOM and copies directly.
 */
export async function copyFromBackground(text: string): Promise<Result<null, CopyFailure>> {
  try {
    if (typeof chrome !== 'undefined' && chrome.offscreen !== undefined) return await copyThroughOffscreen(text);
    await navigator.clipboard.writeText(text);
    return { ok: true, value: null };
  } catch (error) {
    return { ok: false, error: { message: `The short link could not be copied: ${describe(error)}` } };
  }
}

async function copyThroughOffscreen(text: string): Promise<Result<null, CopyFailure>> {
  try {
    await ensureOffscreenDocument();
    return await sendMessage('copy-text', { text });
  } catch {
    // Chrome may have closed the document since: make it again, once.
    offscreenReady = undefined;
    await ensureOffscreenDocument();
    return sendMessage('copy-text', { text });
  }
}

function ensureOffscreenDocument(): Promise<void> {
  offscreenReady ??= (async () => {
    const existing = await chrome.runtime.getContexts({
      contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT],
      documentUrls: [browser.runtime.getURL(OFFSCREEN_PATH)],
    });
    if (existing.length > 0) return;
    await chrome.offscreen.createDocument({
      url: OFFSCREEN_PATH,
      reasons: [chrome.offscreen.Reason.CLIPBOARD],
      justification: 'Copy short links to the clipboard.',
    });
  })();
  return offscreenReady;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
