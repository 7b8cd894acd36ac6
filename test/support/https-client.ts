import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';

export interface ClientRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** PEM of the certificate to trust for https (the stand-in's certificatePem); verification stays on. */
  ca?: string;
}

export interface ClientReply {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body decoded as UTF-8 (leniently); `bytes` holds what was sent. */
  body: string;
  bytes: Buffer;
  /** The size of each part of the body, in the order they arrived (a trickle comes in many). */
  chunkSizes: number[];
}

/** How a request ended: answered in full, or failed before or while the answer arrived. */
export type ClientOutcome =
  | { kind: 'answered'; reply: ClientReply }
  | { kind: 'failed'; stage: 'before-response' | 'during-body'; status?: number; error: Error };

/**
 * A small Node client for talking to the stand-in in tests: a fresh connection per
 * request (so a fault on one cannot leak into the next) and no redirect following.
 */
export function attempt(url: string, request: ClientRequest = {}): Promise<ClientOutcome> {
  const target = new URL(url);
  const options = {
    method: request.method ?? 'GET',
    headers: request.headers ?? {},
    agent: false as const,
    ...(request.ca === undefined ? {} : { ca: request.ca }),
  };
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const outgoing = transport.request(target, options, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', (error) => resolve({ kind: 'failed', stage: 'during-body', status: incoming.statusCode, error }));
      incoming.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const reply = { status: incoming.statusCode ?? 0, headers: incoming.headers, body: bytes.toString('utf8'), bytes, chunkSizes: chunks.map((chunk) => chunk.length) };
        resolve({ kind: 'answered', reply });
      });
    });
    // After a response has started, its own 'error' reports the failure; this one covers the rest.
    outgoing.on('error', (error) => resolve({ kind: 'failed', stage: 'before-response', error }));
    outgoing.end(request.body);
  });
}

/** Like attempt(), but a request that got no complete answer is an error. */
export async function send(url: string, request: ClientRequest = {}): Promise<ClientReply> {
  const outcome = await attempt(url, request);
  if (outcome.kind === 'failed') throw new Error(`${request.method ?? 'GET'} ${url} failed ${outcome.stage}`, { cause: outcome.error });
  return outcome.reply;
}
