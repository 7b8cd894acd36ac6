import type { PageLinkOffer } from '../shortening/page-short-link';
import type { Shortening, ShortenAnswer, ShortenRequest } from '../shortening/shortening';
import type { ShortenProgress } from '../shortening/shorten-request';
import { COPY_FORMATS } from '../storage/copy-format-setting';
import { PORT_NAMES } from './port-names';
import { isRecord, isStringArray, openPort, type PortEnd } from './ports';

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

export const openShortenPort = (): PortEnd<PopupToWorker, WorkerToPopup> => openPort(PORT_NAMES.shorten, isWorkerToPopup);

function isShortening(value: unknown): value is Shortening {
  if (!isRecord(value)) return false;
  const { shortUrl, longUrl, fromHistory, removedParams, secretParams, used, title } = value;
  return (
    typeof shortUrl === 'string' &&
    typeof longUrl === 'string' &&
    typeof fromHistory === 'boolean' &&
    isStringArray(removedParams) &&
    isStringArray(secretParams) &&
    (used === undefined || typeof used === 'number') &&
    (title === undefined || typeof title === 'string')
  );
}

function isShortenAnswer(value: unknown): value is ShortenAnswer {
  if (!isRecord(value) || typeof value.autoCopy !== 'boolean' || !COPY_FORMATS.includes(value.copyFormat as ShortenAnswer['copyFormat'])) return false;
  const { result } = value;
  if (!isRecord(result)) return false;
  return result.ok === true ? isShortening(result.value) : result.ok === false && isRecord(result.error) && typeof result.error.kind === 'string';
}

function isWorkerToPopup(message: unknown): message is WorkerToPopup {
  if (!isRecord(message)) return false;
  if (message.type === 'answer') return isShortenAnswer(message.answer);
  if (message.type === 'page-link') return typeof message.shortUrl === 'string' && (message.ask === undefined || (isRecord(message.ask) && typeof message.ask.page === 'string' && typeof message.ask.link === 'string'));
  const { progress } = message;
  return message.type === 'progress' && isRecord(progress) && (progress.state === 'sending' || (progress.state === 'waiting' && typeof progress.ahead === 'number'));
}
