import type { Runtime } from '../../src/platform/browser';
import type { PortEnd } from '../../src/messages/ports';
import { EXTENSION_ID, EXTENSION_ORIGIN } from './message-bus';

type Hearing = Pick<PortEnd<unknown, unknown>, 'onMessage'>;

/** A runtime port whose other end the test plays: what it sends arrives as the browser hands it over. */
function fakePort(name: string) {
  const listeners: ((message: unknown) => void)[] = [];
  const port = {
    name,
    sender: { id: EXTENSION_ID, url: `${EXTENSION_ORIGIN}src/popup/index.html` },
    postMessage: () => undefined,
    disconnect: () => undefined,
    onMessage: { addListener: (listener: (message: unknown) => void) => listeners.push(listener) },
    onDisconnect: { addListener: () => undefined },
  };
  return { port: port as unknown as Runtime.Port, send: (message: unknown) => listeners.forEach((listener) => listener(message)) };
}

function heardBy(end: Hearing, send: (message: unknown) => void, messages: readonly unknown[]): unknown[] {
  const heard: unknown[] = [];
  end.onMessage((message) => heard.push(message));
  for (const message of messages) send(message);
  return heard;
}

/**
 * A fake `runtime` for a port module's two ends (for a `vi.mock` of src/platform/browser, as messageBus):
 * what the page's end (`open…`) or the worker's (`serve…`) hears of each message the other end sends.
 */
export function portEnds() {
  const opened: ReturnType<typeof fakePort>[] = [];
  const runtime = {
    id: EXTENSION_ID,
    getURL: (path: string) => `${EXTENSION_ORIGIN}${path}`,
    connect: ({ name }: { name: string }) => {
      const made = fakePort(name);
      opened.push(made);
      return made.port;
    },
  };
  return {
    runtime,
    pageHears(open: () => Hearing, messages: readonly unknown[]): unknown[] {
      const end = open();
      const other = opened.at(-1);
      if (other === undefined) throw new Error('no port was opened');
      return heardBy(end, other.send, messages);
    },
    workerHears<Sends, Hears>(name: string, serve: (port: Runtime.Port, serve: (end: PortEnd<Sends, Hears>) => void) => boolean, messages: readonly unknown[]): unknown[] {
      const other = fakePort(name);
      let heard: unknown[] = [];
      serve(other.port, (end) => {
        heard = heardBy(end, other.send, messages);
      });
      return heard;
    },
  };
}
