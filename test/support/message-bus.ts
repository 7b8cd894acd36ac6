import type { Runtime } from '../../src/platform/browser';

type Listener = (message: unknown, sender: Runtime.MessageSender, sendResponse: (reply: unknown) => void) => true | undefined;

export const EXTENSION_ID = 'shrtnr-test-id';
export const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}/`;

/**
 * A fake `runtime`'s messages, as the browser carries them: `sendMessage` hands the message to each
 * `onMessage` listener, from `sender` (this extension's popup unless a test says otherwise), and
 * resolves with the first answer a listener gives through `sendResponse` after returning true, or
 * undefined when none takes it (as Chrome does).
 */
export function messageBus() {
  const listeners: Listener[] = [];
  let sender: Runtime.MessageSender = { id: EXTENSION_ID, url: `${EXTENSION_ORIGIN}src/popup/index.html` };
  const runtime = {
    id: EXTENSION_ID,
    getURL: (path: string) => `${EXTENSION_ORIGIN}${path}`,
    onMessage: { addListener: (listener: Listener) => void listeners.push(listener) },
    sendMessage: (message: unknown) =>
      new Promise<unknown>((resolve) => {
        const taken = listeners.filter((listener) => listener(structuredClone(message), sender, (reply) => resolve(structuredClone(reply))) === true);
        if (taken.length === 0) resolve(undefined);
      }),
  };
  return {
    runtime,
    /** The sender of the messages sent from now on. */
    sendFrom(from: Runtime.MessageSender) {
      sender = from;
    },
  };
}
