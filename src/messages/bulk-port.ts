import type { ShrtnrError } from '../api/errors';

/**
 * "Shorten all tabs in this window" (issue 11). The run lives in the worker
 * (src/background/bulk-runs.ts), not in the popup: a popup closes whenever
 * focus leaves it, and the run goes on, its links recorded in history; a
 * popup opened again on the window shows the run where it stands. The popup
 * talks to it over one `runtime.connect` port: `watch` first, then `start`,
 * `cancel` or `dismiss`; the worker answers with the window's run after every
 * change (undefined when there is none), or why it could not start one.
 */
export const BULK_PORT_NAME = 'bulk';

/** The optional permission that reveals other tabs' addresses (manifest.json): asked by the popup, checked by the worker. */
export const TABS_PERMISSION = { permissions: ['tabs' as const] };

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
  /** The queue's job for it, while it has one (to cancel it, and to find it again after a restart). */
  job?: string;
}

export interface BulkRun {
  id: string;
  windowId: number;
  startedAt: number;
  /** A private window's: nothing of it is recorded in history. */
  private: boolean;
  /** In the window's tab order. */
  items: BulkItem[];
}

/** Why no run started: the `tabs` permission is missing, or the settings cannot send anything. */
export type BulkStartError = ShrtnrError | { kind: 'tabs-permission' };

/**
 * `start` goes before the popup asks for the permission (Chrome closes the
 * popup as its prompt opens: the worker starts the run once it is granted),
 * `refused` after, when the user said no.
 */
export type PopupToBulk = { type: 'watch'; windowId: number } | { type: 'start'; windowId: number } | { type: 'refused' } | { type: 'cancel' } | { type: 'dismiss' };

export type BulkToPopup = { type: 'run'; run: BulkRun | undefined } | { type: 'not-started'; error: BulkStartError };

const FINAL_STATES: ReadonlySet<BulkItemStatus['state']> = new Set(['skipped', 'done', 'failed']);

export const isFinal = (item: BulkItem): boolean => FINAL_STATES.has(item.status.state);

/** A run has ended when every tab in it has. */
export const hasEnded = (run: BulkRun): boolean => run.items.every(isFinal);
