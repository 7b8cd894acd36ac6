import * as z from 'zod/mini';
import { bulkItemSchema, runPaceSchema, type LinksRun, type RunPace } from './bulk-run';
import { schemaFor } from '../schema-for';

z.config({ jitless: true });

// The list run's shape apart from its storage.session item (run-items.ts): the list page checks what it hears with
// this schema, and carries no storage code.

/** The most addresses one list may hold: what the list page plans, the worker keeps and the table shows at once. */
export const MAX_LIST_ADDRESSES = 10_000;

/**
 * "Shorten a list": the addresses pasted or dropped on the list page, one
 * run at a time for the whole browser (the page shows it wherever it is
 * opened, closed and opened again), each address an item in the list's order.
 */
export interface ListRun extends LinksRun {
  pace: RunPace;
  account: string;
  /** The user paused it: its links not yet sent wait outside the queue until it goes on. */
  paused: boolean;
  /**
   * Each item's row in the list as given (list-source.ts), when they are not 1, 2, 3…: a heading, blank
   * rows and empty cells counted, so the table's rows and its lines line up with the user's own.
   */
  places?: number[];
  /** The list page (one load of it) whose list this is: a start from any other is refused while it goes. Absent in a run an earlier version started. */
  startedBy?: string;
}

/** A list run as stored, and as the list page hears it at its end (src/messages/list-port.ts), every address checked. */
export const listRunSchema = schemaFor<ListRun>()(z.object({
  id: z.string(),
  startedAt: z.number(),
  private: z.boolean(),
  pace: runPaceSchema,
  account: z.string(),
  paused: z.boolean(),
  items: z.array(bulkItemSchema),
  places: z.optional(z.array(z.number())),
  startedBy: z.optional(z.string()),
}));
