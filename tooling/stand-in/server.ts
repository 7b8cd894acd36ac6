import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { answerApiRequest, type ApiContext } from './api-routes';
import { createServerCertificate } from './certificate';
import { CreditBook } from './credit-book';
import { answerPageRequest, loadingOwnLinkPage, OWN_LINK_PATHS } from './demo-pages';
import { answerWithFault, FaultSwitch } from './faults';
import { DEFAULT_RATE_LIMIT, RateLimiter } from './rate-limiter';
import { isApiPath, readRequest, RequestLog } from './request-log';
import { PREFLIGHT_HEADERS, send, sendJson } from './responses';
import { ShortLinks } from './short-links';
import { announceStarted } from './started-stand-ins';
import { TimerSet } from './timer-set';
import type { RecordedRequest, StandIn, StandInOptions } from './types';

export type { Fault, RateLimitPolicy, RecordedRequest, StandIn, StandInOptions, ThrottleRecord, WindowTally } from './types';
export { whenStandInStarts } from './started-stand-ins';

const HOST = '127.0.0.1';
const DEFAULT_DEMO_CREDITS = 10_000;

/**
 * Starts a fresh stand-in of the Shrtnr API on 127.0.0.1; every instance has its own certificate and state.
 * Those who asked (whenStandInStarts) are told of it.
 */
export async function startStandIn(options: StandInOptions = {}): Promise<StandIn> {
  const tokens = options.tokens ?? [{ token: `demo_${randomBytes(16).toString('hex')}`, credits: DEFAULT_DEMO_CREDITS }];
  const demoToken = tokens[0]?.token;
  if (demoToken === undefined) throw new Error('startStandIn: `tokens` must name at least one token');

  const rateLimitHeaders = options.rateLimitHeaders ?? 'full';
  if (rateLimitHeaders !== 'full' && rateLimitHeaders !== 'none') {
    throw new RangeError(`startStandIn: rateLimitHeaders must be 'full' or 'none', got ${String(rateLimitHeaders)}`);
  }
  // Before the certificate: a bad policy should fail before anything is made.
  const rateLimiter = new RateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT, options.clock);
  const certificate = await createServerCertificate();
  const log = new RequestLog();
  const faults = new FaultSwitch();
  const timers = new TimerSet();
  // Answers a `hold` fault keeps until releaseHeld().
  const held: (() => void)[] = [];
  const sockets = new Set<Socket>();
  const credits = new CreditBook(tokens);
  const shortLinks = new ShortLinks();
  // The base URL is only known once the port is; handlers read it from here after listen().
  const api: ApiContext = {
    baseUrl: '',
    successStatus: options.successStatus ?? 200,
    credits,
    rateLimiter,
    rateLimitHeaders,
    shortLinks,
    log,
  };

  const answerHttps = (request: RecordedRequest, response: ServerResponse): void => {
    if (request.method === 'OPTIONS') return send(response, 204, '', options.cors === false ? {} : PREFLIGHT_HEADERS);
    if (request.path === OWN_LINK_PATHS.loading) {
      // A page still loading: its rest is held as an answer under the `hold` fault is.
      const { head, rest } = loadingOwnLinkPage();
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
      response.write(head);
      return void held.push(() => response.destroyed || response.end(rest));
    }
    if (!isApiPath(request.path)) return answerPageRequest(request, response, api);
    const fault = faults.take();
    if (fault === null) return answerApiRequest(request, response, api);
    // The client may have given up while it waited; there is then no one to answer.
    const answerIfWaited = (): void => {
      if (!response.destroyed) answerApiRequest(request, response, api);
    };
    if (fault.kind === 'delay') return timers.later(fault.ms, answerIfWaited);
    if (fault.kind === 'hold') return void held.push(answerIfWaited);
    return answerWithFault(fault, request, response, { baseUrl: api.baseUrl, later: timers.later });
  };

  const secureServer = https.createServer(
    { key: certificate.privateKeyPem, cert: certificate.certificatePem },
    recordThen('https', log, answerHttps),
  );
  const servers: http.Server[] = [secureServer];
  const baseUrl = `https://${HOST}:${await listen(secureServer, options.port ?? 0, sockets)}`;
  api.baseUrl = options.publicOrigin ?? baseUrl;

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= closeEverything(servers, sockets, timers);
    return closing;
  };

  let plainHttpUrl: string | undefined;
  if (options.plainHttpPort === true) {
    const plainServer = http.createServer(recordThen('http', log, answerPlainHttp));
    try {
      plainHttpUrl = `http://${HOST}:${await listen(plainServer, 0, sockets)}`;
      servers.push(plainServer);
    } catch (error) {
      // Half a stand-in would keep its HTTPS port open with no one holding close().
      await close();
      throw error;
    }
  }

  return announceStarted({
    baseUrl,
    ...(plainHttpUrl === undefined ? {} : { plainHttpUrl }),
    spkiHash: certificate.spkiHash,
    certificatePem: certificate.certificatePem,
    demoToken,
    requests: () => log.all(),
    apiRequests: () => log.api(),
    clearLog: () => log.clear(),
    everyRequest: () => log.everyRequest(),
    rateLimitWindows: () => log.windowTallies(),
    setFault: (fault, faultOptions) => faults.set(fault, faultOptions?.times, faultOptions?.after),
    releaseHeld: () => {
      for (const answer of held.splice(0)) answer();
    },
    addToken: (token, tokenCredits) => credits.add(token, tokenCredits),
    resetRateLimits: () => rateLimiter.reset(),
    spendRateLimit: (requests) => {
      for (let count = 0; count < requests; count += 1) rateLimiter.hit(demoToken);
    },
    close,
  });
}

type Answer = (request: RecordedRequest, response: ServerResponse) => void;

/** Like the real service, the plain-http companion refuses everything, so a client that downgrades is caught. */
const answerPlainHttp: Answer = (_request, response) => sendJson(response, 403, { message: 'HTTPS is required.' });

/** Reads and logs every request before answering it, whatever the answer turns out to be. */
function recordThen(scheme: RecordedRequest['scheme'], log: RequestLog, answer: Answer) {
  return (incoming: IncomingMessage, response: ServerResponse): void => {
    readRequest(incoming, scheme)
      .then((request) => {
        log.record(request);
        answer(request, response);
      })
      .catch((error: unknown) => {
        // Only a bug in the stand-in gets here: say so on stderr (its one console output)
        // and answer a 500 that names itself, rather than pass for one of the API's answers.
        console.error('stand-in: failed to answer a request', error);
        if (response.headersSent) response.destroy();
        else sendJson(response, 500, { message: 'Stand-in failure.' });
      });
  };
}

function listen(server: http.Server, port: number, sockets: Set<Socket>): Promise<number> {
  // Raw TCP sockets are tracked so close() can end keep-alive and half-answered connections at once.
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

async function closeEverything(servers: http.Server[], sockets: Set<Socket>, timers: TimerSet): Promise<void> {
  timers.cancelAll();
  const closed = servers.map(
    (server) => new Promise<void>((resolve) => server.close(() => resolve())),
  );
  for (const socket of sockets) socket.destroy();
  await Promise.all(closed);
}
