import type { ShortenAnswer, ShortenRequest } from '../shortening/shortening';
import type { ShortenProgress } from '../shortening/shorten-request';

/**
 * The popup's shortening travels over a `runtime.connect` port rather than
 * one message (issue 11): a link that waits for the server's rate limit
 * reports where it stands until its answer comes, and the popup can cancel
 * it. One port per shortening; the popup sends `shorten` once, then maybe
 * `cancel`; the worker sends progress, then one answer. A port that closes
 * before the answer (the popup closed) leaves the job to finish in the
 * background.
 */
export const SHORTEN_PORT_NAME = 'shorten';

export type PopupToWorker = { type: 'shorten'; request: ShortenRequest } | { type: 'cancel' };

export type WorkerToPopup = { type: 'progress'; progress: ShortenProgress } | { type: 'answer'; answer: ShortenAnswer };
