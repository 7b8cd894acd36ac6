import type { ClipboardPayload } from '../shortening/copy-formats';

/**
 * Copies from an extension page (popup, history page), which has the focus
 * (the click that asked was on it): plain text, or plain text and HTML
 * together, so a document editor pastes a link and a terminal the URL.
 * Rejects with the browser's reason when it refuses.
 */
export async function writeClipboard(payload: ClipboardPayload): Promise<void> {
  if (payload.html === undefined) {
    await navigator.clipboard.writeText(payload.text);
    return;
  }
  await navigator.clipboard.write([
    new ClipboardItem({
      'text/plain': new Blob([payload.text], { type: 'text/plain' }),
      'text/html': new Blob([payload.html], { type: 'text/html' }),
    }),
  ]);
}

/**
 * Long enough for the browser to have taken the file from the object URL
 * (revoking it at once can cancel the download in Firefox), short enough not
 * to keep an export in memory for the page's lifetime.
 */
const OBJECT_URL_LIFETIME_MS = 60_000;

/** Saves a file as a download: an object URL on a temporary link, no `downloads` permission needed. */
export function saveDownload(fileName: string, data: Blob): void {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  // In the document while clicked: Firefox has ignored clicks on detached links.
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}
