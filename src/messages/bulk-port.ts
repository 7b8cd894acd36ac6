import type { ShrtnrError } from '../api/errors';
import type { BulkItem, BulkRun } from '../storage/session/bulk-run';
import { PORT_NAMES } from './port-names';
import { isRecord, openPort, type PortEnd } from './ports';

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
 * Why no run started: the `tabs` permission is missing, the settings cannot
 * send anything, or the window has more tabs than a run can keep track of
 * (`most`, for tabs like these: see src/background/runs/run-capacity.ts).
 */
export type BulkStartError = ShrtnrError | { kind: 'tabs-permission' } | { kind: 'run-too-large'; tabs: number; most: number };

/**
 * `start` goes before the popup asks for the permission (Chrome closes the
 * popup as its prompt opens: the worker starts the run once it is granted),
 * `refused` after, when the user said no.
 */
export type PopupToBulk = { type: 'watch'; windowId: number } | { type: 'start'; windowId: number } | { type: 'refused' } | { type: 'cancel' } | { type: 'dismiss' };

export type BulkToPopup = { type: 'run'; run: BulkRun | undefined } | { type: 'not-started'; error: BulkStartError };

export const openBulkPort = (): PortEnd<PopupToBulk, BulkToPopup> => openPort(PORT_NAMES.bulk, isBulkToPopup);


const isItem = (item: unknown): item is BulkItem =>
  isRecord(item) && typeof item.url === 'string' && (item.title === undefined || typeof item.title === 'string') && isRecord(item.status) && typeof item.status.state === 'string';

const isPace = (pace: unknown): boolean => isRecord(pace) && typeof pace.limit === 'number' && pace.limit >= 1 && typeof pace.windowMs === 'number' && pace.windowMs > 0;

function isBulkToPopup(message: unknown): message is BulkToPopup {
  if (!isRecord(message)) return false;
  if (message.type === 'not-started') return isRecord(message.error) && typeof message.error.kind === 'string';
  const { run } = message;
  return (
    message.type === 'run' &&
    (run === undefined || (isRecord(run) && typeof run.id === 'string' && typeof run.windowId === 'number' && (run.pace === undefined || isPace(run.pace)) && Array.isArray(run.items) && run.items.every(isItem)))
  );
}

