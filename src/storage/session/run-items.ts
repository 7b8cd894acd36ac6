import * as z from 'zod/mini';
import { bulkRunSchema, type BulkRun } from './bulk-run';
import { listRunSchema, type ListRun } from './list-run';
import { bySchema } from '../stored-item';
import { sessionItem } from './session-area';

z.config({ jitless: true });

// The runs' storage.session items: every window's tabs run, the wish for one, and the list run.

const asRun = bySchema(bulkRunSchema);

/**
 * Every window's run, so a popup closed (or a worker stopped) loses nothing:
 * final states as they are, a tab still waiting as queued (where it stood in
 * the line means nothing to the next worker). A run that fails its schema
 * is dropped, the others kept.
 */
export const tabsRuns = sessionItem<BulkRun[]>(
  'bulk-runs',
  (stored) => (Array.isArray(stored) ? stored.flatMap((run: unknown) => asRun(run) ?? []) : undefined),
  [],
);

/**
 * A click on "Shorten all tabs" waiting for the user's answer to the
 * permission prompt (Chrome closes the popup as its prompt opens, so the
 * worker starts the run once the permission is granted): which window, and when.
 */
export const tabsRunWish = sessionItem<{ windowId: number; at: number } | undefined>(
  'bulk-wish',
  bySchema(z.object({ windowId: z.number(), at: z.number() })),
  undefined,
);

/**
 * The list run, so a page closed (or a worker stopped) loses nothing: final
 * states as they are, an address still waiting as queued. One that fails its
 * schema reads as none.
 */
export const listRun = sessionItem<ListRun | undefined>('list-run', bySchema(listRunSchema), undefined);
