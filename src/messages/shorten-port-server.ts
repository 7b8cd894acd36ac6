import type { Runtime } from '../platform/browser';
import { storedRequestSchema } from '../storage/session/queued-jobs';
import { PORT_NAMES } from './port-names';
import { isRecord, servePort, type PortEnd } from './ports';
import type { PopupToWorker, WorkerToPopup } from './shorten-port';

/** The worker's side of the popup's shortening port (shorten-port.ts): what it serves, and what it takes from the popup. */
export const serveShortenPort = (port: Runtime.Port, serve: (end: PortEnd<WorkerToPopup, PopupToWorker>) => void): boolean =>
  servePort(PORT_NAMES.shorten, isPopupToWorker, port, serve);

function isPopupToWorker(message: unknown): message is PopupToWorker {
  if (!isRecord(message)) return false;
  const { pageTab } = message;
  return message.type === 'cancel' || (message.type === 'shorten' && storedRequestSchema.safeParse(message.request).success && (pageTab === undefined || Number.isInteger(pageTab)));
}

