import type { ServerResponse } from 'node:http';

export type HeaderMap = Record<string, string>;

/**
 * On every /api/ response: a browser (the extension's service worker without a
 * host permission, or a web page) may only read the status, the body and the
 * rate-limit headers when the server says so.
 */
export const API_CORS_HEADERS: HeaderMap = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After',
};

/** The preflight answer that lets a POST with Authorization + Content-Type through from any origin. */
export const PREFLIGHT_HEADERS: HeaderMap = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept',
  'Access-Control-Max-Age': '600',
};

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: HeaderMap = {}): void {
  send(response, status, JSON.stringify(body), {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-cache, private',
    ...headers,
  });
}

export function sendHtml(response: ServerResponse, status: number, html: string, headers: HeaderMap = {}): void {
  send(response, status, html, { 'Content-Type': 'text/html; charset=utf-8', ...headers });
}

/**
 * Writes a complete answer. Content-Length is set so clients can tell a whole body
 * from a cut one, except where HTTP forbids a body (and so the header) at all.
 */
export function send(response: ServerResponse, status: number, body: string | Uint8Array, headers: HeaderMap): void {
  if (status === 204 || status === 304) {
    response.writeHead(status, headers);
    response.end();
    return;
  }
  response.writeHead(status, { ...headers, 'Content-Length': String(Buffer.byteLength(body)) });
  response.end(body);
}
