import * as z from 'zod/mini';
import { MAX_LIST_ADDRESSES } from '../storage/session/list-run';
import type { Runtime } from '../platform/browser';
import type { ListToPage, PageToList } from './list-port';
import { PORT_NAMES } from './port-names';
import { servePort, type PortEnd } from './ports';
import { schemaFor } from '../storage/schema-for';

z.config({ jitless: true });

/** A list as the page sends it: at most MAX_LIST_ADDRESSES addresses (the page refuses more before sending). */
// A refinement, not z.maxLength(): zod's checks are code in the chunk every context loads, the popup's too.
const addresses = z.array(z.string()).check(z.refine((list) => list.length <= MAX_LIST_ADDRESSES));
/** Each address's row as given: whole numbers from 1, rising, one an address. */
const placed = (start: { addresses: string[]; places: number[] }) =>
  start.places.length === start.addresses.length && start.places.every((place, index) => Number.isInteger(place) && place > (start.places[index - 1] ?? 0));

const pageToList = schemaFor<PageToList>()(z.union([
  z.object({ type: z.literal('watch'), page: z.string() }),
  z.object({ type: z.literal('plan'), ask: z.number(), addresses }),
  z.object({ type: z.literal('start'), addresses, places: z.array(z.number()) }).check(z.refine(placed)),
  z.object({ type: z.literal('pause') }),
  z.object({ type: z.literal('resume') }),
  z.object({ type: z.literal('cancel') }),
  z.object({ type: z.literal('dismiss') }),
]));

/** The worker's side of the list page's port (list-port.ts). */
export const serveListPort = (port: Runtime.Port, serve: (end: PortEnd<ListToPage, PageToList>) => void): boolean => servePort(PORT_NAMES.list, pageToList, port, serve);
