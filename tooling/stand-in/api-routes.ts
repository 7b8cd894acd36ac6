import type { ServerResponse } from 'node:http';
import type { CreditBook } from './credit-book';
import type { RateLimitVerdict, RateLimiter } from './rate-limiter';
import type { RequestLog } from './request-log';
import { API_CORS_HEADERS, sendJson, type HeaderMap } from './responses';
import type { ShortLinks } from './short-links';
import type { RateLimitHeaders, RecordedRequest } from './types';
import { checkUrlField } from './url-rules';

export interface ApiContext {
  baseUrl: string;
  successStatus: number;
  credits: CreditBook;
  rateLimiter: RateLimiter;
  rateLimitHeaders: RateLimitHeaders;
  shortLinks: ShortLinks;
  /** Where the throttle's verdict on each request is noted. */
  log: RequestLog;
}

type Route = 'shorten' | 'ping';

const ROUTES = new Map<string, Route>([
  ['/api/v1/shorten/single', 'shorten'],
  ['/api/v1/ping', 'ping'],
]);

/**
 * Answers one /api/ request the way the contract describes, checking in the
 * service's order: route, method, token, throttle, credits, body, url rules.
 */
export function answerApiRequest(request: RecordedRequest, response: ServerResponse, context: ApiContext): void {
  const token = tokenOf(request);
  const knownToken = context.credits.knows(token) ? token : undefined;
  const withLimits = context.rateLimitHeaders === 'full';
  const reply = (status: number, body: unknown, verdict: RateLimitVerdict, headers: HeaderMap = {}): void =>
    sendJson(response, status, body, { ...API_CORS_HEADERS, ...(withLimits ? rateLimitHeaders(verdict) : {}), ...headers });

  const route = ROUTES.get(request.path);
  // Unrouted and wrong-method requests never reach the throttle, so they only report its state.
  if (route === undefined) return reply(404, { message: 'Not Found.' }, context.rateLimiter.peek(knownToken));
  if (request.method !== 'POST') {
    const message = `The ${request.method} method is not supported for route ${request.path.slice(1)}. Supported methods: POST.`;
    return reply(405, { message }, context.rateLimiter.peek(knownToken), { Allow: 'POST' });
  }
  if (knownToken === undefined) return reply(401, { message: 'Unauthenticated.' }, context.rateLimiter.peek(undefined));

  const verdict = context.rateLimiter.hit(knownToken);
  context.log.recordThrottle(request, { verdict: verdict.allowed ? 'allowed' : 'refused', window: verdict.window });
  if (!verdict.allowed) {
    const retryAfter: HeaderMap = withLimits ? { 'Retry-After': String(verdict.retryAfterSeconds) } : {};
    return reply(429, { message: 'Too Many Attempts.' }, verdict, retryAfter);
  }
  if (route === 'ping') return reply(context.successStatus, { data: { pong: true }, message: 'OK', errors: null }, verdict);

  if (!context.credits.hasCreditLeft(knownToken)) {
    return reply(403, { message: 'Your plan has no URL credits left.' }, verdict);
  }
  const body = parseJsonBody(request.body);
  if (!body.parsed) return reply(400, { message: 'Malformed JSON body.' }, verdict);
  const check = checkUrlField(body.value);
  if (!check.valid) return reply(422, { message: check.message, errors: { url: [check.message] } }, verdict);

  context.credits.spendOne(knownToken);
  const code = context.shortLinks.create(check.url);
  const urls = { [check.url]: `${context.baseUrl}/${code}` };
  return reply(context.successStatus, { data: { used: 1, urls }, message: 'OK', errors: null }, verdict);
}

/** Both documented ways: the Authorization header (what the extension uses) or the api_token query parameter. */
function tokenOf(request: RecordedRequest): string | undefined {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers['authorization'] ?? '');
  if (bearer?.[1] !== undefined) return bearer[1];
  return request.query['api_token'];
}

/**
 * X-RateLimit-Reset is sent on every answer as delta seconds to the window's
 * end. Real servers differ (Laravel sends it only with a 429, GitHub as an epoch
 * second), so a client must treat it as optional and read both forms.
 */
function rateLimitHeaders(verdict: RateLimitVerdict): HeaderMap {
  return {
    'X-RateLimit-Limit': String(verdict.limit),
    'X-RateLimit-Remaining': String(verdict.remaining),
    'X-RateLimit-Reset': String(verdict.resetSeconds),
  };
}

type JsonBody = { parsed: true; value: unknown } | { parsed: false };

/** An empty body is an empty input (the framework then says the url is required), not malformed JSON. */
function parseJsonBody(text: string): JsonBody {
  if (text.trim() === '') return { parsed: true, value: {} };
  try {
    return { parsed: true, value: JSON.parse(text) };
  } catch {
    return { parsed: false };
  }
}
