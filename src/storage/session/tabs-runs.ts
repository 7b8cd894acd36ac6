import type { ShrtnrError } from '../../api/errors';
import { isFiniteNumber, isRecord } from './guards';
import { sessionItem } from './session-area';

/** Why a tab is passed over: each has its own words in the popup. */
export type BulkSkip =
  /** chrome://, about:, a browser's own pages and the like: no web address. */
  | { reason: 'browser-page' }
  /** One of this extension's own pages (the popup opened as a tab, the history or settings page). */
  | { reason: 'own-page' }
  /** The same long URL as an earlier tab (`of`, its 1-based place in the list). */
  | { reason: 'duplicate'; of: number }
  /** Any other address the extension cannot send (a file, a URL too long, credentials in it). */
  | { reason: 'not-shortenable'; error: ShrtnrError };

export type BulkItemStatus =
  | { state: 'skipped'; skip: BulkSkip }
  /** In line, not yet told where it stands (or read back after the worker restarted). */
  | { state: 'queued' }
  | { state: 'waiting'; untilMs?: number; ahead: number }
  | { state: 'sending' }
  | { state: 'done'; shortUrl: string; longUrl: string; fromHistory: boolean }
  | { state: 'failed'; error: ShrtnrError };

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

/** "Shorten all tabs in this window": one run per window, in the window's tab order. */
export interface BulkRun {
  id: string;
  windowId: number;
  startedAt: number;
  /** A private window's: nothing of it is recorded in history. */
  private: boolean;
  /** The pace it was planned at (the popup says how long it takes); absent in a run an earlier version started. */
  pace?: RunPace;
  /** The account it shortens with (by id), the one active at its start, to its end and across a restarted worker; absent in a run an earlier version started (then the active one). */
  account?: string;
  items: BulkItem[];
}

const isPace = (pace: unknown): pace is RunPace => isRecord(pace) && isFiniteNumber(pace.limit) && pace.limit >= 1 && isFiniteNumber(pace.windowMs) && pace.windowMs > 0;

// An error is data the popup words (src/ui/error-words.ts has a sentence for any kind, known or not).
const isError = (value: unknown): value is ShrtnrError => isRecord(value) && typeof value.kind === 'string';

function isSkip(skip: unknown): skip is BulkSkip {
  if (!isRecord(skip)) return false;
  switch (skip.reason) {
    case 'browser-page':
    case 'own-page':
      return true;
    case 'duplicate':
      return isFiniteNumber(skip.of);
    case 'not-shortenable':
      return isError(skip.error);
    default:
      return false;
  }
}

function isStatus(status: unknown): status is BulkItemStatus {
  if (!isRecord(status)) return false;
  switch (status.state) {
    case 'skipped':
      return isSkip(status.skip);
    case 'queued':
    case 'sending':
      return true;
    case 'waiting':
      return isFiniteNumber(status.ahead) && (status.untilMs === undefined || isFiniteNumber(status.untilMs));
    case 'done':
      return typeof status.shortUrl === 'string' && typeof status.longUrl === 'string' && typeof status.fromHistory === 'boolean';
    case 'failed':
      return isError(status.error);
    default:
      return false;
  }
}

const isItem = (item: unknown): item is BulkItem =>
  isRecord(item) && typeof item.url === 'string' && (item.title === undefined || typeof item.title === 'string') && isStatus(item.status) && (item.job === undefined || typeof item.job === 'string') && (item.tab === undefined || isFiniteNumber(item.tab));

/** Whether a stored value is a run, every tab of it checked (hand-written: the worker carries no more schema code than it must). */
export const isRun = (run: unknown): run is BulkRun =>
  isRecord(run) && typeof run.id === 'string' && isFiniteNumber(run.windowId) && isFiniteNumber(run.startedAt) && typeof run.private === 'boolean' && (run.pace === undefined || isPace(run.pace)) && (run.account === undefined || typeof run.account === 'string') && Array.isArray(run.items) && run.items.every(isItem);

/**
 * Every window's run, so a popup closed (or a worker stopped) loses nothing:
 * final states as they are, a tab still waiting as queued (where it stood in
 * the line means nothing to the next worker). A run that fails its schema
 * is dropped, the others kept.
 */
export const tabsRuns = sessionItem<BulkRun[]>(
  'bulk-runs',
  (stored) => (Array.isArray(stored) ? stored.filter(isRun) : undefined),
  [],
);

/**
 * A click on "Shorten all tabs" waiting for the user's answer to the
 * permission prompt (Chrome closes the popup as its prompt opens, so the
 * worker starts the run once the permission is granted): which window, and when.
 */
export const tabsRunWish = sessionItem<{ windowId: number; at: number } | undefined>(
  'bulk-wish',
  (wish) => (isRecord(wish) && isFiniteNumber(wish.windowId) && isFiniteNumber(wish.at) ? { windowId: wish.windowId, at: wish.at } : undefined),
  undefined,
);
