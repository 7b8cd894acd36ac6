import * as z from 'zod/mini';
import type { Runtime } from '../platform/browser';
import type { PageToWorkerTrial } from './host-access-trial-port';
import { PORT_NAMES } from './port-names';
import { servePort, type PortEnd } from './ports';
import { schemaFor } from '../storage/schema-for';

z.config({ jitless: true });

const trialMessage = schemaFor<PageToWorkerTrial>()(z.object({ type: z.literal('on-trial'), pattern: z.string() }));

/** The worker's side of the host-access trial port (host-access-trial-port.ts). */
export const serveHostAccessTrialPort = (port: Runtime.Port, serve: (end: PortEnd<never, PageToWorkerTrial>) => void): boolean =>
  servePort(PORT_NAMES.hostAccessTrial, trialMessage, port, serve);
