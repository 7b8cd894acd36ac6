import * as z from 'zod/mini';
import type { ApiError } from '../api/errors';
import type { AccountError } from '../storage/account-tokens';
import { errorDataSchema } from '../storage/error-data';
import { bulkRunSchema, type BulkRun } from '../storage/session/bulk-run';
import { PORT_NAMES } from './port-names';
import { openPort, type PortEnd } from './ports';
import { schemaFor } from '../storage/schema-for';

z.config({ jitless: true });

export type { BulkItem, BulkItemStatus, BulkRun, BulkSkip } from '../storage/session/bulk-run';

/**
 * "Shorten all tabs in this window". The run lives in the worker
 * (src/background/runs/), not in the popup: a popup closes whenever focus
 * leaves it, and the run goes on, its links recorded in history; a popup
 * opened again on the window shows the run where it stands. The popup talks
 * to it over one `runtime.connect` port: `watch` first, then `start`,
 * `cancel` or `dismiss`; the worker answers with the window's run after every
 * change (undefined when there is none), or why it could not start one.
 * (The run's shapes are stored ones: src/storage/session/bulk-run.ts.)
 */

/**
 * Why no run started: the settings cannot send anything (the account's, or
 * the API's checks), the `tabs` permission is missing, or the window has
 * more tabs than a run can keep track of (`most`, for tabs like these: see
 * src/background/runs/run-capacity.ts). The run's own two are declared here,
 * where they cross to the popup.
 */
export type BulkStartError = ApiError | AccountError | { kind: 'tabs-permission' } | { kind: 'run-too-large'; tabs: number; most: number };

/**
 * `start` goes before the popup asks for the permission (Chrome closes the
 * popup as its prompt opens: the worker starts the run once it is granted),
 * `refused` after, when the user said no.
 */
export type PopupToBulk = { type: 'watch'; windowId: number } | { type: 'start'; windowId: number } | { type: 'refused' } | { type: 'cancel' } | { type: 'dismiss' };

/** `run` absent when the window has none (a field sent as undefined arrives so: Chrome's ports carry JSON). */
export type BulkToPopup = { type: 'run'; run?: BulkRun } | { type: 'not-started'; error: BulkStartError };

/** What the popup hears: the window's run, checked as a stored one is, or why none started. */
const bulkToPopup = schemaFor<BulkToPopup>()(z.union([
  z.object({ type: z.literal('run'), run: z.optional(bulkRunSchema) }),
  z.object({ type: z.literal('not-started'), error: errorDataSchema<BulkStartError>() }),
]));

export const openBulkPort = (): PortEnd<PopupToBulk, BulkToPopup> => openPort(PORT_NAMES.bulk, bulkToPopup);
