import * as z from 'zod/mini';
import type { Runtime } from '../platform/browser';
import type { BulkToPopup, PopupToBulk } from './bulk-port';
import { PORT_NAMES } from './port-names';
import { servePort, type PortEnd } from './ports';
import { schemaFor } from '../storage/schema-for';

z.config({ jitless: true });

const popupToBulk = schemaFor<PopupToBulk>()(z.union([
  z.object({ type: z.literal('watch'), windowId: z.number() }),
  z.object({ type: z.literal('start'), windowId: z.number() }),
  z.object({ type: z.literal('refused') }),
  z.object({ type: z.literal('cancel') }),
  z.object({ type: z.literal('dismiss') }),
]));

/** The worker's side of the "Shorten all tabs" port (bulk-port.ts). */
export const serveBulkPort = (port: Runtime.Port, serve: (end: PortEnd<BulkToPopup, PopupToBulk>) => void): boolean => servePort(PORT_NAMES.bulk, popupToBulk, port, serve);
