import type { Result } from '../api';
import type { CopyFailure } from '../messages/message-map';
import { sendMessage } from '../messages/messaging';
import { offscreenDocuments } from '../platform/browser';
import type { Words } from '../platform/words';

export type { CopyFailure };

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
    const offscreen = offscreenDocuments();
    if (offscreen !== undefined) return await copyThroughOffscreen(offscreen, text);
    await navigator.clipboard.writeText(text);
    return { ok: true, value: null };
  } catch (error) {
    return { ok: false, error: { reason: 'error', detail: describe(error) } };
  }
}

type Offscreen = NonNullable<ReturnType<typeof offscreenDocuments>>;

async function copyThroughOffscreen(offscreen: Offscreen, text: string): Promise<Result<null, CopyFailure>> {
  try {
    await ensureOffscreenDocument(offscreen);
    return await sendMessage('copy-text', { text });
  } catch {
    // Chrome may have closed the document since: make it again, once.
    offscreenReady = undefined;
    await ensureOffscreenDocument(offscreen);
    return sendMessage('copy-text', { text });
  }
}

function ensureOffscreenDocument(offscreen: Offscreen): Promise<void> {
  offscreenReady ??= (async () => {
    if (await offscreen.exists(OFFSCREEN_PATH)) return;
    await offscreen.create(OFFSCREEN_PATH, 'Copy short links to the clipboard.');
  })();
  return offscreenReady;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What a failed copy says, on the badge and in the notification. */
export function copyFailureSentence(failure: CopyFailure, { t }: Words): string {
  return failure.reason === 'refused' ? t('copyRefused') : t('copyFailed', failure.detail);
}
