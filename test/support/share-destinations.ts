import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { SHARE_DESTINATIONS } from '../../src/share/share-destinations';
import { createServerCertificate } from '../../tooling/stand-in/certificate';

/** What a share destination's stand-in was asked for. */
export interface DestinationRequest {
  /** The whole address, as the browser asked for it: https://host/path?query. */
  url: string;
  /** The Referer the browser sent with it, if any. */
  referer: string | undefined;
}

export interface ShareDestinations {
  /** The web sites the share menu opens (x.com, t.me…), each answered here and nowhere else. */
  hosts: string[];
  /** Every page asked for (favicons aside), in order. */
  requests(): DestinationRequest[];
  /** For Chromium: --host-resolver-rules entries that send each host to this server. */
  hostRules: string[];
  /** For Chromium's --ignore-certificate-errors-spki-list: this server's certificate, whatever host it answers for. */
  spkiHash: string;
  /** For Firefox: profile preferences that send https to these hosts through this server's proxy (loopback stays direct). */
  firefoxPrefs: Record<string, string | number>;
  close(): Promise<void>;
}

/** A page a test can tell apart: the destination's stand-in, titled with its host. */
const page = (host: string) => `<!doctype html><meta charset="utf-8"><title>Stand-in for ${host}</title><p>Shared.</p>`;

/**
 * A local HTTPS server standing in for every web destination of the share
 * menu (its hosts read from src/share/share-destinations.ts), so that no test
 * reaches the real sites: each answers with a page of its own and is logged.
 * Chromium reaches it through host-resolver rules; Firefox, which has none,
 * through an HTTP proxy on the same server that tunnels CONNECT to these hosts
 * (and refuses any other) into the HTTPS server. Its certificate names
 * 127.0.0.1: Chromium trusts it by its SPKI hash, Firefox (acceptInsecureCerts) as it trusts the stand-in's.
 */
export async function startShareDestinations(): Promise<ShareDestinations> {
  const hosts = SHARE_DESTINATIONS.map(({ address }) => new URL(address({ url: 'https://short.example/a' }))).filter(({ protocol }) => protocol === 'https:').map(({ host }) => host);
  const certificate = await createServerCertificate();
  const logged: DestinationRequest[] = [];
  const https: HttpsServer = createHttpsServer({ key: certificate.privateKeyPem, cert: certificate.certificatePem }, (request, response) => {
    const host = request.headers.host ?? '';
    if (request.url !== '/favicon.ico') logged.push({ url: `https://${host}${request.url ?? ''}`, referer: request.headers.referer });
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(host));
  });
  const proxy: HttpServer = createHttpServer((_request, response) => response.writeHead(405).end());
  proxy.on('connect', (request, socket, head) => {
    const [host, port] = (request.url ?? '').split(':');
    if (!hosts.includes(host ?? '') || port !== '443') {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) socket.unshift(head);
    https.emit('connection', socket);
  });
  const [httpsPort, proxyPort] = await Promise.all([listen(https), listen(proxy)]);
  return {
    hosts,
    requests: () => [...logged],
    hostRules: hosts.map((host) => `MAP ${host} 127.0.0.1:${httpsPort}`),
    spkiHash: certificate.spkiHash,
    // Manual proxy for https only; Firefox never sends loopback (the stand-ins) through a proxy.
    firefoxPrefs: { 'network.proxy.type': 1, 'network.proxy.ssl': '127.0.0.1', 'network.proxy.ssl_port': proxyPort },
    close: async () => {
      await Promise.all([stop(proxy), stop(https)]);
    },
  };
}

/** Listens on a free loopback port, and says which. */
function listen(server: HttpServer | HttpsServer): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function stop(server: HttpServer | HttpsServer): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
