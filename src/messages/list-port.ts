import * as z from 'zod/mini';
import type { ApiError } from '../api/errors';
import type { AccountError } from '../storage/account-tokens';
import type { ListPlan, ListProgress } from '../shortening/list-plan';
import { errorDataSchema } from '../storage/error-data';
import { runPaceSchema } from '../storage/session/bulk-run';
import { listRunSchema, type ListRun } from '../storage/session/list-run';
import { schemaFor } from '../storage/schema-for';
import { PORT_NAMES } from './port-names';
import { openPort, type PortEnd } from './ports';

z.config({ jitless: true });

export type { ListPlan, ListProgress, ListRun };

/**
 * "Shorten a list": the run lives in the worker (src/background/runs/), one
 * at a time, so the list page may close and open again, and the worker stop,
 * while it goes. The page talks to it over one `runtime.connect` port:
 * `watch` first, naming the page (one id per page load, the same on every
 * port it opens); `plan` a list (the worker answers what it comes to, under
 * the same `ask` number), `start` it, then `pause`, `resume` (refused, the
 * run kept paused, when the settings cannot send), `cancel` and, at its end,
 * `dismiss`. The worker answers with where the run stands after
 * every change (`progress`, ten times a second at most), the whole run at
 * its `end` (the table), `none` when there is no run, or why it did not start.
 * Every page in the same kind of window (private or not) follows the run,
 * wherever it was sent from: `own` says whether it was this page's list.
 */

/**
 * Why a list gives no plan or run: the settings cannot send, the run would not fit storage.session (`most`:
 * addresses like these that would), or another page's list is being shortened.
 */
export type ListStartError =
  | ApiError
  | AccountError
  | { kind: 'list-too-large'; addresses: number; most: number }
  | { kind: 'list-running' }
  /** Go on refused: the account the run was sent with is gone. */
  | { kind: 'list-account-removed' };

export type PageToList =
  | { type: 'watch'; page: string }
  | { type: 'plan'; ask: number; addresses: string[] }
  /** `places`: each address's row in the list as given (list-source.ts). */
  | { type: 'start'; addresses: string[]; places: number[] }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'cancel' }
  | { type: 'dismiss' };

export type ListToPage =
  | { type: 'none' }
  | { type: 'progress'; progress: ListProgress; own: boolean }
  | { type: 'ended'; run: ListRun; own: boolean }
  | { type: 'plan'; ask: number; plan: ListPlan }
  | { type: 'not-started'; ask?: number; error: ListStartError }
  /** Go on was refused, the run kept paused: the settings of now cannot send with its account. */
  | { type: 'not-resumed'; error: ListStartError };

const errorSchema = errorDataSchema<ApiError>();
// A refinement, not z.int() and z.nonnegative(): zod's checks are code in the chunk every context loads, the popup's too.
const count = z.number().check(z.refine((value) => Number.isInteger(value) && value >= 0));

const planSchema = schemaFor<ListPlan>()(z.object({
  addresses: count,
  fresh: count,
  inHistory: count,
  duplicates: count,
  invalid: z.array(z.object({ place: count, address: z.string(), error: errorSchema })),
  pace: runPaceSchema,
}));

const progressSchema = schemaFor<ListProgress>()(z.object({
  id: z.string(),
  paused: z.boolean(),
  pace: runPaceSchema,
  addresses: count,
  toShorten: count,
  made: count,
  fromHistory: count,
  failed: count,
  untilMs: z.optional(z.number()),
  forNetwork: z.optional(z.literal(true)),
}));

/** What the page hears, checked as it arrives. */
const listToPage = schemaFor<ListToPage>()(z.union([
  z.object({ type: z.literal('none') }),
  z.object({ type: z.literal('progress'), progress: progressSchema, own: z.boolean() }),
  z.object({ type: z.literal('ended'), run: listRunSchema, own: z.boolean() }),
  z.object({ type: z.literal('plan'), ask: z.number(), plan: planSchema }),
  z.object({ type: z.literal('not-started'), ask: z.optional(z.number()), error: errorDataSchema<ListStartError>() }),
  z.object({ type: z.literal('not-resumed'), error: errorDataSchema<ListStartError>() }),
]));

export const openListPort = (): PortEnd<PageToList, ListToPage> => openPort(PORT_NAMES.list, listToPage);
