import type * as z from 'zod/mini';
import { browser, type Runtime } from '../platform/browser';
import { fromOwnPages } from './own-pages';
import { errorText } from '../platform/error-text';

/**
 * Ports between an extension page and the worker, with their plumbing in one
 * place: the worker serves a port only from this extension's own pages; each
 * side drops what arrives unless it is what the other side may send (checked
 * by the zod schema each port module keeps beside its message types, and
 * handed on as the schema read it); posting to a
 * port that closed does nothing instead of throwing. Each port module
 * (shorten-port.ts, bulk-port.ts, host-access-trial-port.ts) gives a typed
 * `open…` for the page and `serve…` for the worker, so neither side names a
 * port or casts a message.
 */
export interface PortEnd<Sends, Hears> {
  post(message: Sends): void;
  onMessage(listener: (message: Hears) => void): void;
  /** The other end went away (its page closed, the worker stopped), with the browser's reason if it gave one; never called for close(). */
  onClose(listener: (reason: string | undefined) => void): void;
  close(): void;
}

function portEnd<Sends, Hears>(port: Runtime.Port, hears: z.ZodMiniType<Hears>): PortEnd<Sends, Hears> {
  let open = true;
  port.onDisconnect.addListener(() => {
    open = false;
  });
  return {
    post(message) {
      if (!open) return;
      try {
        // A runtime.Port, not a window: it takes no target origin.
        // oxlint-disable-next-line unicorn/require-post-message-target-origin
        port.postMessage(message);
      } catch (error) {
        // Closed between the last event and this post (a worker stopping): as good as closed.
        open = false;
        console.warn(`Shrtnr: the "${port.name}" port is closed.`, errorText(error));
      }
    },
    onMessage(listener) {
      port.onMessage.addListener((message: unknown) => {
        const heard = hears.safeParse(message);
        if (heard.success) listener(heard.data);
      });
    },
    onClose(listener) {
      // runtime.lastError is set only while this event runs.
      port.onDisconnect.addListener(() => listener(browser.runtime.lastError?.message));
    },
    close() {
      open = false;
      port.disconnect();
    },
  };
}

/** The page's end of a new port to the worker. Throws as runtime.connect does (the extension was reloaded under the page). */
export function openPort<Sends, Hears>(name: string, hears: z.ZodMiniType<Hears>): PortEnd<Sends, Hears> {
  return portEnd(browser.runtime.connect({ name }), hears);
}

/**
 * The worker's end, for runtime.onConnect: serves the port when it has this
 * name and comes from this extension's own pages; false otherwise (another
 * port's, left alone; or, with this name, a script's in a page, closed at once).
 */
export function servePort<Sends, Hears>(name: string, hears: z.ZodMiniType<Hears>, port: Runtime.Port, serve: (end: PortEnd<Sends, Hears>) => void): boolean {
  if (port.name !== name) return false;
  if (!fromOwnPages(port.sender)) {
    port.disconnect();
    return false;
  }
  serve(portEnd(port, hears));
  return true;
}
