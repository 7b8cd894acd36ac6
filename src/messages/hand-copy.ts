import { errorText } from '../platform/error-text';
import { writeClipboard } from '../platform/clipboard';
import type { ClipboardPayload } from '../shortening/copy-formats';
import { sendMessage } from './messaging';

/**
 * A copy the user asked for in one of the extension's pages (a Copy button
 * in the popup, the history page or the list page): the worker hears of it
 * first, so that no link of an earlier click (a shortcut's, waiting for the
 * rate limit) lands over it afterwards, and one already being copied lands
 * before it (background/delivery/clipboard-rule.ts). A worker that cannot
 * be reached costs the user no copy. Rejects as writeClipboard does.
 */
export async function copyByHand(payload: ClipboardPayload): Promise<void> {
  await sendMessage('hand-copy', {}).catch((error: unknown) => {
    console.warn('Shrtnr: the worker did not hear of a copy by hand; a link of an earlier click may still be copied over it.', errorText(error));
  });
  await writeClipboard(payload);
}
