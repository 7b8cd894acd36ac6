import type { ServerResponse } from 'node:http';
import { API_CORS_HEADERS, send, sendHtml, sendJson, type HeaderMap } from './responses';
import type { Fault, RecordedRequest } from './types';

/** How long reset-mid-response lets the partial answer travel before cutting the connection. */
const MID_RESPONSE_PAUSE_MS = 50;
/** How often a trickling body sends its next few bytes. */
const TRICKLE_TICK_MS = 100;
const HUGE_BODY_DEFAULT_BYTES = 1024 * 1024;

/** The fault armed by a test, counting down the requests it lets by first (`after`), then those it still applies to. */
export class FaultSwitch {
  private armed: { fault: Fault; remaining: number; passing: number } | null = null;

  set(fault: Fault | null, times?: number, after = 0): void {
    if (times !== undefined && (!Number.isInteger(times) || times < 1)) {
      throw new RangeError(`times must be a positive integer, got ${times}`);
    }
    if (!Number.isInteger(after) || after < 0) throw new RangeError(`after must be a whole number, got ${after}`);
    this.armed = fault === null ? null : { fault, remaining: times ?? Number.POSITIVE_INFINITY, passing: after };
  }

  /** The fault for the /api/ request being answered now, if any; it clears itself once `times` is used up. */
  take(): Fault | null {
    if (this.armed === null) return null;
    if (this.armed.passing > 0) {
      this.armed.passing -= 1;
      return null;
    }
    const { fault } = this.armed;
    this.armed.remaining -= 1;
    if (this.armed.remaining <= 0) this.armed = null;
    return fault;
  }
}

export interface FaultContext {
  baseUrl: string;
  /** Schedules work that close() must be able to cancel. */
  later(ms: number, work: () => void): void;
}

export type ImmediateFault = Exclude<Fault, { kind: 'delay' } | { kind: 'hold' }>;

/**
 * Answers in one of the broken ways a real server, proxy or network can. CORS
 * headers stay on every answer so a browser client sees the fault itself rather
 * than a CORS failure hiding it.
 */
export function answerWithFault(fault: ImmediateFault, request: RecordedRequest, response: ServerResponse, context: FaultContext): void {
  const json = (status: number, body: unknown): void => sendJson(response, status, body, API_CORS_HEADERS);
  const raw = (status: number, body: string | Uint8Array, headers: HeaderMap): void =>
    send(response, status, body, { ...API_CORS_HEADERS, ...headers });
  const fakeShortUrl = `${context.baseUrl}/Fau1tY7`;

  switch (fault.kind) {
    case 'drop-connection':
      response.destroy();
      return;
    case 'reset-mid-response':
      return startThenCut(response, successEnvelope(submittedUrl(request), fakeShortUrl), context);
    case 'html-500':
      return sendHtml(response, 500, SERVER_ERROR_PAGE, API_CORS_HEADERS);
    case 'empty-body':
      return raw(fault.status, '', {});
    case 'malformed-json':
      return raw(200, '{"data":{"used":1,"urls":{', { 'Content-Type': 'application/json' });
    case 'wrong-envelope':
      return json(200, { success: true, result: { short_url: fakeShortUrl } });
    case 'wrong-key':
      return json(200, successEnvelope('https://example.com/a-different-page', fakeShortUrl));
    case 'unsafe-short-url':
      return json(200, successEnvelope(submittedUrl(request), fault.shortUrl));
    case 'huge-body':
      return sendChunked(response, hugeEnvelope(submittedUrl(request), fakeShortUrl, fault.bytes ?? HUGE_BODY_DEFAULT_BYTES));
    case 'trickle':
      return trickle(response, JSON.stringify(successEnvelope(submittedUrl(request), fakeShortUrl)), fault.ms, context);
    case 'not-utf8': {
      const text = JSON.stringify({ ...successEnvelope(submittedUrl(request), fakeShortUrl), message: 'Lien cr\u00e9\u00e9' });
      return raw(200, Buffer.from(text, 'latin1'), { 'Content-Type': 'application/json' });
    }
    case 'byte-order-mark':
      return raw(200, `\ufeff${JSON.stringify(successEnvelope(submittedUrl(request), fakeShortUrl))}`, { 'Content-Type': 'application/json' });
    case 'duplicate-keys': {
      const urls = (shortUrl: string): string => JSON.stringify({ [submittedUrl(request)]: shortUrl });
      const text = `{"data":{"used":1,"urls":${urls(fakeShortUrl)},"urls":${urls(`${context.baseUrl}/Tw1nK3y`)}},"message":"OK","errors":null}`;
      return raw(200, text, { 'Content-Type': 'application/json' });
    }
    case 'status': {
      const body = fault.body ?? '';
      const defaultType: HeaderMap = body === '' ? {} : { 'Content-Type': 'application/json' };
      return raw(fault.status, body, { ...defaultType, ...fault.headers });
    }
    default:
      return assertNever(fault);
  }
}

/** Promises a whole body with Content-Length, sends half, then drops the connection. */
function startThenCut(response: ServerResponse, body: unknown, context: FaultContext): void {
  const text = JSON.stringify(body);
  response.writeHead(200, {
    ...API_CORS_HEADERS,
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(text)),
  });
  response.write(text.slice(0, Math.floor(text.length / 2)));
  context.later(MID_RESPONSE_PAUSE_MS, () => response.destroy());
}

/** A whole answer with no Content-Length (so chunked): a client can only count what arrives. */
function sendChunked(response: ServerResponse, body: string): void {
  response.writeHead(200, { ...API_CORS_HEADERS, 'Content-Type': 'application/json' });
  response.end(body);
}

/** A correct envelope with an extra field, an array of filler strings, then spaces: exactly `bytes` long (ASCII). */
function hugeEnvelope(longUrl: string, shortUrl: string, bytes: number): string {
  const start = JSON.stringify(successEnvelope(longUrl, shortUrl)).slice(0, -1);
  const item = '"0123456789abcdef0123456789abcdef"';
  const count = Math.max(0, Math.floor((bytes - start.length - ',"filler":[]}'.length + 1) / (item.length + 1)));
  const filled = `${start},"filler":[${Array.from({ length: count }, () => item).join(',')}]`;
  return `${filled}${' '.repeat(Math.max(0, bytes - filled.length - 1))}}`;
}

/**
 * Headers at once, then the body a few bytes per tick, its last byte after `ms`.
 * Stops as soon as the client has gone (or the stand-in closes: the ticks are its timers).
 */
function trickle(response: ServerResponse, body: string, ms: number, context: FaultContext): void {
  const bytes = Buffer.from(body);
  const ticks = Math.max(1, Math.ceil(ms / TRICKLE_TICK_MS));
  response.writeHead(200, { ...API_CORS_HEADERS, 'Content-Type': 'application/json', 'Content-Length': String(bytes.length) });
  response.flushHeaders();
  const sendTick = (tick: number): void => {
    if (response.destroyed) return;
    const from = Math.floor(((tick - 1) * bytes.length) / ticks);
    const to = Math.floor((tick * bytes.length) / ticks);
    if (tick === ticks) return void response.end(bytes.subarray(from));
    if (to > from) response.write(bytes.subarray(from, to));
    context.later(TRICKLE_TICK_MS, () => sendTick(tick + 1));
  };
  context.later(TRICKLE_TICK_MS, () => sendTick(1));
}

function successEnvelope(longUrl: string, shortUrl: string): Record<string, unknown> {
  return { data: { used: 1, urls: { [longUrl]: shortUrl } }, message: 'OK', errors: null };
}

/** The url the client sent, so envelope faults look right except for the one thing that is wrong. */
function submittedUrl(request: RecordedRequest): string {
  try {
    const body: unknown = JSON.parse(request.body);
    if (typeof body === 'object' && body !== null && 'url' in body && typeof body.url === 'string') return body.url;
  } catch {
    // Not JSON (a ping, or a broken client): any plausible URL will do.
  }
  return 'https://example.com/';
}

function assertNever(fault: never): never {
  throw new Error(`Unknown fault: ${JSON.stringify(fault)}`);
}

const SERVER_ERROR_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Server Error</title></head>
<body><h1>500 | Server Error</h1><p>Something went wrong on our side.</p></body>
</html>
`;
