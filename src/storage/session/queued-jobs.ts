import * as z from 'zod/mini';
import { campaignSchema, type Campaign } from '../campaign';
import { WAYS_IN, type WayIn } from '../ways-in';
import { bySchema } from '../stored-item';
import { sessionFamily } from './session-area';
import { schemaFor } from '../schema-for';

z.config({ jitless: true });

/** One shortening as a way in asks for it (src/shortening/shorten-request.ts names it ShortenRequest). */
export interface StoredRequest {
  url: string;
  via: WayIn;
  /** The page's title, when the way in knows it (for history and the Markdown/HTML formats). */
  title?: string;
  /** Asked for in a private window: never recorded. */
  private: boolean;
  /** The user asked for a new short link: the cache is not consulted. */
  fresh: boolean;
  /** Campaign tags to add to the address before it is shortened (a preset, or values typed once). */
  campaign?: Campaign;
  /** The account to shorten with, by id (the menu's "Shorten link with ▸"); absent: the active one. */
  account?: string;
}

/**
 * A shortening waiting in the worker's queue (src/background/queue/), kept so
 * that a worker stopped while links wait, or while a request is under way,
 * leaves them on record for the next one: written when it is queued and
 * before each request, removed when it ends.
 */
export interface QueuedJob {
  /** A UUID: the journal's key is `job:<id>`. */
  id: string;
  request: StoredRequest;
  /** The long URL as prepared when it was queued (tracking parameters off, checked and normalised). */
  longUrl: string;
  removedParams: string[];
  /** The server it was queued for: with its account, its limit's key (src/background/queue/queue-types.ts `limitKey`). */
  server: string;
  /** The account it was queued for (by id): sent with its token, recorded as its link, or not at all. */
  account: string;
  /** Date.now() at the click (absolute, so a restarted worker reads it the same). */
  queuedAt: number;
  /** Increases with every click, across workers: of several clicks, the last one's link is the one left on the clipboard. */
  clickOrder: number;
  /** Requests sent for it so far (counted before each is sent, so one cut off by a stopped worker counts). */
  attempts: number;
  /**
   * Who takes the answer: a popup that is watching, the background
   * (notification and the clipboard rule), a "Shorten all tabs" run (its
   * list, never the clipboard), or the links of a selection or a text field
   * (their text; a restarted worker only keeps the link in history, as the
   * text it belonged in went with the worker).
   */
  owner: 'popup' | 'background' | 'bulk' | 'text';
  /**
   * How long it may wait from its click, when that is not the queue's own
   * bound (two minutes): a tabs run's jobs wait as long as the run's size
   * needs at the server's limit.
   */
  waitBoundMs?: number;
}

/** A request as it crosses a boundary (storage.session, the popup's port). */
export const storedRequestSchema = schemaFor<StoredRequest>()(z.object({
  url: z.string(),
  via: z.enum(WAYS_IN),
  title: z.optional(z.string()),
  private: z.boolean(),
  fresh: z.boolean(),
  campaign: z.optional(campaignSchema),
  account: z.optional(z.string()),
}));

const queuedJobSchema = schemaFor<QueuedJob>()(z.object({
  id: z.string(),
  request: storedRequestSchema,
  longUrl: z.string(),
  removedParams: z.array(z.string()),
  server: z.string(),
  account: z.string(),
  queuedAt: z.number(),
  clickOrder: z.number(),
  attempts: z.number(),
  owner: z.enum(['popup', 'background', 'bulk', 'text']),
  waitBoundMs: z.optional(z.number()),
}));

/** The journal: `job:<id>` → the job. */
export const queuedJobs = sessionFamily('job:', bySchema(queuedJobSchema));
