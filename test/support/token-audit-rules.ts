import type { RecordedRequest } from '../../tooling/stand-in/server';
import type { PageReading } from './page-reading';

/** A request the browser made, or was about to make, as the browser itself reported it. */
export interface ObservedRequest {
  /** The context that made it, as far as the browser tells (a target's type and URL, a principal). */
  source: string;
  url: string;
  method: string;
  /** Header names in lower case, as the request was made. */
  headers: Record<string, string>;
  /** Headers as they went on the wire, when the browser reports them apart (Chromium), with `host` or `:authority`. */
  wireHeaders?: Record<string, string>;
  body: string;
  /** Only its headers as sent, which came after the request itself was reported: its URL was judged then. */
  wireOnly?: boolean;
}

/** What kind of output a recorded text was; notifications and badge titles are told apart by their e2e echo. */
export type OutputKind = 'console' | 'uncaught exception' | 'browser log';

/** The tracked tokens a text holds. */
export type Finder = (text: string | undefined) => string[];
/** Whether a token may go, in the Authorization header over https, to an origin. */
export type MayGo = (token: string, origin: string) => boolean;

/**
 * A demo page opened in a new tab by an extension page (history's "Open") is
 * loaded before the audit's CDP session reaches the tab (seen in Chromium 156).
 * A browser's top-level page load says so in its Fetch Metadata headers, which a
 * request from outside the browser does not send; the stand-in's log of it is
 * scanned for the token all the same.
 */
export function isDemoPageLoad(request: { method: string; path: string; headers: Record<string, string> }): boolean {
  return request.method === 'GET' && request.path.startsWith('/demo/') && request.headers['sec-fetch-mode'] === 'navigate' && request.headers['sec-fetch-dest'] === 'document';
}

/** The token may go in one place only: the Authorization header of an https request to an origin it may go to. */
export function requestLeaks(request: ObservedRequest, found: Finder, mayGo: MayGo): string[] {
  const leaks: string[] = [];
  const where = `${request.method} ${request.url.slice(0, 300)} (from ${request.source})`;
  const url = URL.canParse(request.url) ? new URL(request.url) : undefined;
  if (request.wireOnly !== true && found(request.url).length > 0) leaks.push(`URL: ${where}`);
  if (found(request.body).length > 0) leaks.push(`request body: ${where}`);
  for (const [headers, onWire] of [[request.headers, false], [request.wireHeaders ?? {}, true]] as const) {
    for (const [name, value] of Object.entries(headers)) {
      const tokens = found(value);
      if (tokens.length === 0) continue;
      if (name !== 'authorization') leaks.push(`header ${name}: ${where}`);
      else if (url?.protocol !== 'https:') leaks.push(`${url?.protocol === 'http:' ? 'plain-http request' : 'not over https'}: ${where}`);
      else if (!tokens.every((token) => mayGo(token, url.origin))) leaks.push(`request to another origin: ${where}`);
      // Wire headers are matched to a request by id only; the host they went to must be the request's.
      else if (onWire && (headers.host ?? headers[':authority']) !== url.host) leaks.push(`request to another origin: Authorization sent to ${headers.host ?? headers[':authority'] ?? 'an unknown host'}, for ${where}`);
    }
  }
  return leaks;
}

/** A server's own log, whatever the browser reported: each token only in the Authorization header, and only its own server's. */
export function serverLogLeaks(requests: readonly RecordedRequest[], origin: string, log: string, found: Finder, mayGo: MayGo): string[] {
  const leaks: string[] = [];
  for (const request of requests) {
    const where = `${describeRequest(request)} (${log})`;
    if (request.scheme !== 'https' && found(JSON.stringify(request)).length > 0) leaks.push(`plain-http request: ${where}`);
    if (found(request.path).length > 0 || found(JSON.stringify(request.query)).length > 0) leaks.push(`URL: ${where}`);
    if (found(request.body).length > 0) leaks.push(`request body: ${where}`);
    for (const [name, value] of Object.entries(request.headers)) {
      if (name !== 'authorization' && found(value).length > 0) leaks.push(`header ${name}: ${where}`);
      // The server under the name it was asked by: the stand-in answers to 127.0.0.1, localhost and the IDN test host.
      const askedAs = request.headers.host === undefined ? origin : `https://${request.headers.host}`;
      if (name === 'authorization' && !found(value).every((token) => mayGo(token, askedAs))) leaks.push(`another server's token: ${where}`);
    }
  }
  return leaks;
}

/**
 * The pages: each markup recorded as pages changed, then what the open ones
 * hold now. A token is reported once a page (`firstTime`): a page left open
 * fails the test that put the token there, not every test after.
 */
export function pageLeaks(markups: readonly { url: string; markup: string }[], readings: readonly PageReading[], found: Finder, firstTime: (url: string, token: string) => boolean): string[] {
  const leaks: string[] = [];
  const report = (what: string, url: string, text: string) => {
    for (const token of found(text).filter((candidate) => firstTime(url, candidate))) leaks.push(`${what}: ${url}: ${excerpt(text, [token])}`);
  };
  for (const { url, markup } of markups) report('page markup', url, markup);
  for (const { url, fields, content } of readings) {
    for (const { field, value } of fields) if (!isTokenEntry(url, field)) report(`page field ${field}`, url, value);
    report('page content', url, content);
  }
  return leaks;
}

/** The settings page's token field, where a person gives the extension its token: the token's way in, not out. */
function isTokenEntry(url: string, field: string): boolean {
  return field === 'input#token' && /^(chrome|moz)-extension:\/\/[^/]+\/src\/options\/index\.html([?#]|$)/.test(url);
}

export function outputLabel(kind: OutputKind, text: string): string {
  if (kind !== 'console') return kind;
  if (text.includes('[e2e] shown in notification:')) return 'notification';
  if (text.includes('[e2e] shown in badge-title:')) return 'badge title';
  return 'console';
}

/** The text around the first token found, so a finding says where without pages of output. */
export function excerpt(text: string, tokens: string[]): string {
  const at = Math.min(...tokens.map((token) => text.indexOf(token)));
  const start = Math.max(0, at - 120);
  const end = Math.min(text.length, at + 80);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`.replace(/\s+/g, ' ');
}

export function originOf(url: string): string {
  return URL.canParse(url) ? new URL(url).origin : url;
}

export function describeRequest(request: RecordedRequest): string {
  return `${request.scheme} ${request.method} ${request.path}`;
}
