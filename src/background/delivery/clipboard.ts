import type { Result } from '../../api';
import type { CopyFailure } from '../../messages/message-map';
import { sendMessage } from '../../messages/messaging';
import { offscreenDocuments } from '../../platform/browser';
import { writeClipboard } from '../../platform/clipboard';
import type { Words } from '../../platform/words';
import type { ClipboardPayload } from '../../shortening/copy-formats';
import { errorText } from '../../platform/error-text';

export type { CopyFailure };

const OFFSCREEN_PATH = 'src/offscreen/index.html';
// One readiness promise per worker lifetime, shared by concurrent copies: a
// document that exists is not yet listening until its script has run, and a
// copy sent in between finds no receiver (seen with 20 copies at once).
let offscreenReady: Promise<void> | undefined;

/**
 * Copies text, and HTML beside it when there is some, from the background
 * context. Chrome's service worker has no clipboard, so it goes through an
 * offscreen document (created once, then reused); Firefox's background page
 * has a DOM and copies directly.
 */
export async function copyFromBackground(payload: ClipboardPayload): Promise<Result<null, CopyFailure>> {
  try {
    const offscreen = offscreenDocuments();
    if (offscreen !== undefined) return await copyThroughOffscreen(offscreen, payload);
    // Firefox's background page has a DOM and the clipboardWrite permission: it copies directly. MDN:
    // https://developer.mozilla.org/en-US/docs/Mozilla/Add-ons/WebExtensions/Interact_with_the_clipboard
    // (Clipboard.write with text/html from Firefox 127; the offscreen trick's execCommand does not work in a background page).
    await writeClipboard(payload);
    return { ok: true, value: null };
  } catch (error) {
    return { ok: false, error: { reason: 'error', detail: errorText(error) } };
  }
}

type Offscreen = NonNullable<ReturnType<typeof offscreenDocuments>>;

// A document Chrome closed, or is still closing, is made again; concurrent
// copies share that one remaking (each creating its own raced into "Only a
// single offscreen document may be created", seen with 20 copies at once).
const OFFSCREEN_ATTEMPTS = 3;
const OFFSCREEN_RETRY_MS = 50;

async function copyThroughOffscreen(offscreen: Offscreen, payload: ClipboardPayload): Promise<Result<null, CopyFailure>> {
  for (let attempt = 1; ; attempt += 1) {
    const ready = ensureOffscreenDocument(offscreen);
    try {
      await ready;
      return await sendMessage('copy-text', payload);
    } catch (error) {
      if (attempt === OFFSCREEN_ATTEMPTS) throw error;
      // Only the first copy to find this document gone starts the remaking.
      if (offscreenReady === ready) offscreenReady = undefined;
      await new Promise((resolve) => setTimeout(resolve, OFFSCREEN_RETRY_MS * attempt));
    }
  }
}

function ensureOffscreenDocument(offscreen: Offscreen): Promise<void> {
  offscreenReady ??= (async () => {
    if (await offscreen.exists(OFFSCREEN_PATH)) return;
    try {
      await offscreen.create(OFFSCREEN_PATH, 'Copy short links to the clipboard.');
    } catch (error) {
      // Made meanwhile (or the old one not yet gone): the next attempt's message tells which.
      if (!(await offscreen.exists(OFFSCREEN_PATH))) throw error;
    }
  })();
  return offscreenReady;
}

/** What a failed copy says, on the badge and in the notification. */
export function copyFailureSentence(failure: CopyFailure, { t }: Words): string {
  return failure.reason === 'refused' ? t('copyRefused') : t('copyFailed', failure.detail);
}
