/**
 * Puts text on the clipboard, and HTML beside it when there is some, so a
 * document editor pastes a link and a terminal the URL. For the contexts
 * that have a clipboard: an extension page (the popup, the history page),
 * which has the focus since the click that asked was on it, and Firefox's
 * background page, where the `clipboardWrite` permission lets it write with
 * no user activation. Chrome's service worker has none: it copies through
 * the offscreen document. Rejects with the browser's reason when it refuses.
 */
export async function writeClipboard({ text, html }: { text: string; html?: string }): Promise<void> {
  if (html === undefined) return navigator.clipboard.writeText(text);
  return navigator.clipboard.write([
    new ClipboardItem({ 'text/plain': new Blob([text], { type: 'text/plain' }), 'text/html': new Blob([html], { type: 'text/html' }) }),
  ]);
}
