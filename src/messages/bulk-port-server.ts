import type { Runtime } from '../platform/browser';
import type { BulkToPopup, PopupToBulk } from './bulk-port';
import { PORT_NAMES } from './port-names';
import { isRecord, servePort, type PortEnd } from './ports';

/** The worker's side of the "Shorten all tabs" port (bulk-port.ts). */
export const serveBulkPort = (port: Runtime.Port, serve: (end: PortEnd<BulkToPopup, PopupToBulk>) => void): boolean => servePort(PORT_NAMES.bulk, isPopupToBulk, port, serve);

function isPopupToBulk(message: unknown): message is PopupToBulk {
  if (!isRecord(message)) return false;
  if (message.type === 'watch' || message.type === 'start') return typeof message.windowId === 'number';
  return message.type === 'refused' || message.type === 'cancel' || message.type === 'dismiss';
}

