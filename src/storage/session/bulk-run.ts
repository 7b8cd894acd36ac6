import * as z from 'zod/mini';
import type { ApiError } from '../../api/errors';
import { errorDataSchema } from '../error-data';
import { schemaFor } from '../schema-for';
import type { JobFailure } from './job-failure';

z.config({ jitless: true });

// A run's shapes apart from its storage.session items (run-items.ts): the popup checks what it hears
// with this schema, and carries no storage code.

/** Why a tab (or a list's address) is passed over: each has its own words in the popup and the list page. */
export type BulkSkip =
  /** chrome://, about:, a browser's own pages and the like: no web address. */
  | { reason: 'browser-page' }
  /** One of this extension's own pages (the popup opened as a tab, the history or settings page). */
  | { reason: 'own-page' }
  /** The same long URL as an earlier tab (`of`, its 1-based place in the list). */
  | { reason: 'duplicate'; of: number }
  /** Any other address the extension cannot send (a file, a URL too long, credentials in it). */
  | { reason: 'not-shortenable'; error: ApiError };

export type BulkItemStatus =
  | { state: 'skipped'; skip: BulkSkip }
  /** In line, not yet told where it stands (or read back after the worker restarted). */
  | { state: 'queued' }
  /** `forNetwork`: for the network (the browser offline, or the server gave no answer), not the server's limit. */
  | { state: 'waiting'; untilMs?: number; ahead: number; forNetwork?: true }
  | { state: 'sending' }
  | { state: 'done'; shortUrl: string; longUrl: string; fromHistory: boolean }
  | { state: 'failed'; error: JobFailure };

export interface BulkItem {
  /** The tab's address as the browser gave it. */
  url: string;
  title?: string;
  status: BulkItemStatus;
  /** Its job's id in the queue, named when the run starts (to cancel it, and to find it in the journal after a restart). */
  job?: string;
  /** The tab's id, kept while it waits when its page's own short link may stand for it (that setting on). */
  tab?: number;
}

/** The server's limit a run was planned with: `limit` requests per `windowMs` (src/shortening/run-pace.ts). */
export interface RunPace {
  limit: number;
  windowMs: number;
}

/** What every run of many links keeps: a window's tabs (below), or a list pasted or dropped on the list page (list-run.ts). */
export interface LinksRun {
  id: string;
  startedAt: number;
  /** A private window's: nothing of it is recorded in history. */
  private: boolean;
  /** The pace it was planned at (its page says how long it takes); absent in a run an earlier version started. */
  pace?: RunPace;
  /** The account it shortens with (by id), the one active at its start, to its end and across a restarted worker; absent in a run an earlier version started (then the active one). */
  account?: string;
  items: BulkItem[];
}

/** "Shorten all tabs in this window": one run per window, in the window's tab order. */
export interface BulkRun extends LinksRun {
  windowId: number;
}

// z.union where z.discriminatedUnion would say the same: 0.45 KiB less in every context that loads zod (one chunk,
// the popup's too).

const skipSchema = schemaFor<BulkSkip>()(z.union([
  z.object({ reason: z.literal('browser-page') }),
  z.object({ reason: z.literal('own-page') }),
  z.object({ reason: z.literal('duplicate'), of: z.number() }),
  z.object({ reason: z.literal('not-shortenable'), error: errorDataSchema<ApiError>() }),
]));

const statusSchema = schemaFor<BulkItemStatus>()(z.union([
  z.object({ state: z.literal('skipped'), skip: skipSchema }),
  z.object({ state: z.literal('queued') }),
  z.object({ state: z.literal('waiting'), untilMs: z.optional(z.number()), ahead: z.number(), forNetwork: z.optional(z.literal(true)) }),
  z.object({ state: z.literal('sending') }),
  z.object({ state: z.literal('done'), shortUrl: z.string(), longUrl: z.string(), fromHistory: z.boolean() }),
  z.object({ state: z.literal('failed'), error: errorDataSchema<JobFailure>() }),
]));

/** One link of a run, as stored and as a page hears it. */
export const bulkItemSchema = schemaFor<BulkItem>()(z.object({ url: z.string(), title: z.optional(z.string()), status: statusSchema, job: z.optional(z.string()), tab: z.optional(z.number()) }));

export const runPaceSchema = schemaFor<RunPace>()(z.object({ limit: z.number().check(z.refine((limit) => limit >= 1)), windowMs: z.number().check(z.refine((windowMs) => windowMs > 0)) }));

/** A run as stored, and as the popup hears it over its port (src/messages/bulk-port.ts), every tab of it checked. */
export const bulkRunSchema = schemaFor<BulkRun>()(z.object({
  id: z.string(),
  windowId: z.number(),
  startedAt: z.number(),
  private: z.boolean(),
  pace: z.optional(runPaceSchema),
  account: z.optional(z.string()),
  items: z.array(bulkItemSchema),
}));
