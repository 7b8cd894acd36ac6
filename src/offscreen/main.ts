import { listenForMessages } from '../messages/messaging';

const buffer = document.getElementById('clipboard-buffer');
if (!(buffer instanceof HTMLTextAreaElement)) throw new Error('The offscreen page lost its clipboard buffer.');

// navigator.clipboard.writeText fails here ("Document is not focused"), the
// offscreen document never has focus; execCommand('copy') on a selection works.
listenForMessages('offscreen', {
  'copy-text': async ({ text }) => {
    buffer.value = text;
    buffer.select();
    const copied = document.execCommand('copy');
    buffer.value = '';
    return copied ? { ok: true, value: null } : { ok: false, error: { reason: 'refused' } };
  },
});
