import * as z from 'zod/mini';
import type { Runtime } from '../platform/browser';
import { storedRequestSchema } from '../storage/session/queued-jobs';
import { PORT_NAMES } from './port-names';
import { servePort, type PortEnd } from './ports';
import type { PopupToWorker, WorkerToPopup } from './shorten-port';
import { schemaFor } from '../storage/schema-for';

z.config({ jitless: true });

/** What the worker takes from the popup: a request as a stored one is checked, and the popup's own tab by its id. */
const popupToWorker = schemaFor<PopupToWorker>()(z.union([
  z.object({ type: z.literal('shorten'), request: storedRequestSchema, pageTab: z.optional(z.number().check(z.refine(Number.isInteger))) }),
  z.object({ type: z.literal('cancel') }),
]));

/** The worker's side of the popup's shortening port (shorten-port.ts): what it serves, and what it takes from the popup. */
export const serveShortenPort = (port: Runtime.Port, serve: (end: PortEnd<WorkerToPopup, PopupToWorker>) => void): boolean =>
  servePort(PORT_NAMES.shorten, popupToWorker, port, serve);
