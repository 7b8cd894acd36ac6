import * as z from 'zod/mini';
import type { PageLinkOffer } from '../shortening/page-short-link';
import type { ShortenAnswer, ShortenRequest } from '../shortening/shortening';
import type { ShortenProgress } from '../shortening/shorten-request';
import { COPY_FORMATS } from '../storage/copy-format-setting';
import { errorDataSchema } from '../storage/error-data';
import type { JobFailure } from '../storage/session/job-failure';
import { PORT_NAMES } from './port-names';
import { openPort, type PortEnd } from './ports';
import { schemaFor } from '../storage/schema-for';

z.config({ jitless: true });

/**
 * The popup's shortening travels over a `runtime.connect` port rather than
 * one message: a link that waits for the server's rate limit reports where it
 * stands until its answer comes, and the popup can cancel it. One port per
 * shortening; the popup sends `shorten` once, then maybe `cancel`; the worker
 * sends progress (and the page's own short link, if it has one), then one answer. A port that closes before the answer (the
 * popup closed) leaves the job to finish in the background.
 */

/** `pageTab`: the tab whose page the request's URL is (the popup's own tab), whose own short link the worker may read. */
export type PopupToWorker = { type: 'shorten'; request: ShortenRequest; pageTab?: number } | { type: 'cancel' };

/** `page-link`: the page declares its own short link (offered beside the server's, which still comes; `ask`: whether to use such links). */
export type WorkerToPopup = { type: 'progress'; progress: ShortenProgress } | ({ type: 'page-link' } & PageLinkOffer) | { type: 'answer'; answer: ShortenAnswer };

const shortening = z.object({
  shortUrl: z.string(),
  longUrl: z.string(),
  used: z.optional(z.number()),
  fromHistory: z.boolean(),
  removedParams: z.array(z.string()),
  secretParams: z.array(z.string()),
  title: z.optional(z.string()),
  pageOwn: z.optional(z.literal(true)),
});

const answer = schemaFor<ShortenAnswer>()(z.object({
  result: z.union([z.object({ ok: z.literal(true), value: shortening }), z.object({ ok: z.literal(false), error: errorDataSchema<JobFailure>() })]),
  autoCopy: z.boolean(),
  copyFormat: z.enum(COPY_FORMATS),
  accounts: z.optional(z.array(z.object({ id: z.string(), name: z.string() }))),
  account: z.optional(z.string()),
}));

const progress = schemaFor<ShortenProgress>()(z.union([
  z.object({ state: z.literal('waiting'), untilMs: z.optional(z.number()), ahead: z.number(), forNetwork: z.optional(z.literal(true)) }),
  z.object({ state: z.literal('sending') }),
]));

/** What the popup hears from the worker. */
const workerToPopup = schemaFor<WorkerToPopup>()(z.union([
  z.object({ type: z.literal('progress'), progress }),
  z.object({ type: z.literal('page-link'), shortUrl: z.string(), ask: z.optional(z.object({ page: z.string(), link: z.string() })) }),
  z.object({ type: z.literal('answer'), answer }),
]));

export const openShortenPort = (): PortEnd<PopupToWorker, WorkerToPopup> => openPort(PORT_NAMES.shorten, workerToPopup);
