import type { ApiError } from './errors';
import { readRateLimitState } from './rate-limit-headers';
import type { BodyText } from './response-body';
import { errorBodySchema } from './response-schema';
import { readableServerText } from './server-text';

export interface HttpAnswer extends BodyText {
  status: number;
  headers: Headers;
}

/**
 * The one place that turns a non-2xx answer into the typed error the user
 * sees. The server's own words are used when they can be read safely; a body
 * too large or not UTF-8 has none (its bodyText is empty), and the status alone speaks.
 */
export function errorForStatus({ status, headers, bodyText }: HttpAnswer): ApiError {
  const body = readErrorBody(headers, bodyText);
  switch (status) {
    case 400:
      return withServerMessage({ kind: 'bad-request' }, body.message);
    case 401:
      return { kind: 'unauthorized' };
    case 403:
      return withServerMessage({ kind: 'forbidden' }, body.message);
    case 404:
    case 405:
      return { kind: 'not-shrtnr', status };
    case 422: {
      const reason = body.fieldError ?? body.message;
      return reason === undefined ? { kind: 'rejected-url' } : { kind: 'rejected-url', reason };
    }
    case 429:
      return rateLimitedError(headers);
    default:
      if (status >= 500 && status <= 599) return { kind: 'server-error', status };
      if (status >= 300 && status <= 399) return redirectedError();
      return { kind: 'unexpected-status', status };
  }
}

export function redirectedError(): ApiError {
  return { kind: 'redirected' };
}

function withServerMessage<Error extends { kind: 'bad-request' | 'forbidden' }>(error: Error, serverMessage: string | undefined): Error & { serverMessage?: string } {
  return serverMessage === undefined ? error : { ...error, serverMessage };
}

interface ReadableErrorBody {
  message?: string;
  /** The first validation message about the `url` field, framework style. */
  fieldError?: string;
}

function readErrorBody(headers: Headers, bodyText: string): ReadableErrorBody {
  // An HTML error page has no words meant for the user.
  if (/html/i.test(headers.get('content-type') ?? '') || bodyText.trim() === '') return {};
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    return {};
  }
  const parsed = errorBodySchema.safeParse(json);
  if (!parsed.success) return {};
  const { message, errors } = parsed.data;
  return { message: readableServerText(message), fieldError: firstUrlFieldError(errors) };
}

function firstUrlFieldError(errors: unknown): string | undefined {
  if (typeof errors !== 'object' || errors === null || !('url' in errors)) return undefined;
  const urlErrors: unknown = errors.url;
  if (Array.isArray(urlErrors)) return readableServerText(urlErrors[0]);
  return readableServerText(urlErrors);
}

function rateLimitedError(headers: Headers): ApiError {
  const { limit, remaining, retryAfterSeconds } = readRateLimitState(headers) ?? {};
  return { kind: 'rate-limited', limit, remaining, retryAfterSeconds };
}
