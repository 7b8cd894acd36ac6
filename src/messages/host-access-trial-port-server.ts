import type { Runtime } from '../platform/browser';
import type { PageToWorkerTrial } from './host-access-trial-port';
import { PORT_NAMES } from './port-names';
import { isRecord, servePort, type PortEnd } from './ports';

/** The worker's side of the host-access trial port (host-access-trial-port.ts). */
export const serveHostAccessTrialPort = (port: Runtime.Port, serve: (end: PortEnd<never, PageToWorkerTrial>) => void): boolean =>
  servePort(PORT_NAMES.hostAccessTrial, isTrialMessage, port, serve);

function isTrialMessage(message: unknown): message is PageToWorkerTrial {
  return isRecord(message) && message.type === 'on-trial' && typeof message.pattern === 'string';
}
