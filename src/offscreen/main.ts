import { listenForMessages } from '../messages/messaging';
import type { ClipboardPayload } from '../shortening/copy-formats';

const buffer = document.getElementById('clipboard-buffer');
if (!(buffer instanceof HTMLTextAreaElement)) throw new Error('The offscreen page lost its clipboard buffer.');

// navigator.clipboard fails here ("Document is not focused"), the offscreen
// document never has focus; execCommand('copy') on a selection works.
listenForMessages('offscreen', {
  // The payload's shape is checked where it arrives (messaging.ts).
  'copy-text': async (payload) => (copyWithCommand(buffer, payload) ? { ok: true, value: null } : { ok: false, error: { reason: 'refused' } }),
});

/**
 * execCommand('copy') fires a `copy` event; a listener that sets the event's
 * data and prevents the default decides what lands on the clipboard, which is
 * the only way to give it an HTML flavour from here. The textarea's selection
 * stays as the plain-text fallback should the event carry no clipboardData.
 */
function copyWithCommand(textarea: HTMLTextAreaElement, { text, html }: ClipboardPayload): boolean {
  const fill = (event: ClipboardEvent) => {
    if (event.clipboardData === null) return;
    event.clipboardData.setData('text/plain', text);
    if (html !== undefined) event.clipboardData.setData('text/html', html);
    event.preventDefault();
  };
  document.addEventListener('copy', fill, { once: true });
  textarea.value = text;
  textarea.select();
  try {
    return document.execCommand('copy');
  } finally {
    // Gone even when no event fired, so it never fills a later copy.
    document.removeEventListener('copy', fill);
    textarea.value = '';
  }
}
