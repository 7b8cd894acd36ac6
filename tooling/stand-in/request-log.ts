import type { IncomingMessage } from 'node:http';
import type { RecordedRequest, ThrottleRecord, WindowTally } from './types';

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** Everything the stand-in received, in order, so tests can assert on it instead of on console output. */
export class RequestLog {
  private entries: RecordedRequest[] = [];
  /** Everything since the start, for the token audit: clear() leaves it, so a test clearing the log hides nothing from the audit. */
  private readonly received: RecordedRequest[] = [];

  record(request: RecordedRequest): void {
    this.entries.push(request);
    this.received.push(request);
  }

  /**
   * Adds the throttle's verdict to a request already recorded. The entry is
   * replaced, not changed, so an earlier result of all() keeps what it had.
   */
  recordThrottle(request: RecordedRequest, throttle: ThrottleRecord): void {
    const index = this.entries.indexOf(request);
    // Gone when the log was cleared while a delayed answer waited: nothing left to note it on.
    if (index !== -1) this.entries[index] = { ...request, throttle };
  }

  /** Copies, so a test holding an earlier result does not see it change. */
  all(): RecordedRequest[] {
    return [...this.entries];
  }

  /** API calls proper: CORS preflights are the browser's, not the client's, and stay in all(). */
  api(): RecordedRequest[] {
    return this.entries.filter((request) => isApiPath(request.path) && request.method !== 'OPTIONS');
  }

  /** Per window, in the order the windows opened: the requests it accepted and refused. */
  windowTallies(): WindowTally[] {
    const tallies = new Map<number, WindowTally>();
    for (const { throttle } of this.entries) {
      if (throttle === undefined) continue;
      const tally = tallies.get(throttle.window.id) ?? { window: throttle.window, accepted: 0, refused: 0 };
      if (throttle.verdict === 'allowed') tally.accepted += 1;
      else tally.refused += 1;
      tallies.set(throttle.window.id, tally);
    }
    // Ids are handed out as windows open; a delayed answer may be logged after a later window's.
    return [...tallies.values()].toSorted((first, second) => first.window.id - second.window.id);
  }

  /** Clears what tests see (all(), api(), windowTallies()); not what the audit has yet to read. */
  clear(): void {
    this.entries = [];
  }

  /** Every request since the start, cleared or not: the token audit's read (each audit reads on from where it stopped). */
  everyRequest(): readonly RecordedRequest[] {
    return this.received;
  }
}

/** Reads the whole request (body included) into the form the log keeps and the handlers work from. */
export async function readRequest(request: IncomingMessage, scheme: RecordedRequest['scheme']): Promise<RecordedRequest> {
  const target = parseTarget(request.url ?? '/');
  return {
    scheme,
    method: request.method ?? 'GET',
    path: target.pathname,
    query: firstValues(target.searchParams),
    headers: flattenHeaders(request.headers),
    body: await readBody(request),
    at: Date.now(),
  };
}

function parseTarget(target: string): URL {
  // Prefixing keeps a path such as "//evil.example/x" a path instead of a protocol-relative URL.
  const base = 'http://stand-in.invalid';
  try {
    return target.startsWith('/') ? new URL(base + target) : new URL(target, base);
  } catch {
    return new URL(base + '/');
  }
}

// Built through Object.fromEntries so a parameter or header named "__proto__" stays an ordinary entry.
function firstValues(params: URLSearchParams): Record<string, string> {
  const first = new Map<string, string>();
  for (const [name, value] of params) {
    if (!first.has(name)) first.set(name, value);
  }
  return Object.fromEntries(first);
}

function flattenHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  const flat = new Map<string, string>();
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return Object.fromEntries(flat);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  } catch {
    // The client went away mid-body: keep what arrived, the log should still show the attempt.
  }
  return Buffer.concat(chunks).toString('utf8');
}
