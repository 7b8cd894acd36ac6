import { createHash, X509Certificate } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

export interface HttpsTestServer {
  /** e.g. https://127.0.0.1:43123 (no trailing slash) */
  origin: string;
  /** base64 sha256 of the leaf certificate's SPKI, for --ignore-certificate-errors-spki-list */
  spkiHash: string;
  close(): Promise<void>;
}

/** Pages the harness test needs: one with a link to right-click, and a blank one to read the clipboard from. */
const PAGES: Record<string, string> = {
  '/demo/link': `<!doctype html><meta charset="utf-8"><title>Link page</title>
<body style="margin:0;font:16px sans-serif">
<p style="padding:40px"><a id="target" href="https://example.test/some/long/path?x=1">A link to shorten</a></p>
</body>`,
  '/demo/blank': '<!doctype html><meta charset="utf-8"><title>Blank</title><body></body>',
};

/** SHA-256 of the certificate's SubjectPublicKeyInfo: Chromium trusts exactly that leaf with this hash. */
export function spkiHashOf(certPem: string): string {
  const spki = new X509Certificate(certPem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}

/** A tiny HTTPS server on 127.0.0.1 (random port) with a fresh self-signed certificate. */
export async function startHttpsTestServer(): Promise<HttpsTestServer> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    algorithm: 'sha256',
    keyType: 'ec',
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }, { type: 2, value: 'localhost' }] },
    ],
  });
  const server: Server = createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const path = new URL(request.url ?? '/', 'https://127.0.0.1').pathname;
    const body = PAGES[path];
    if (body === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    spkiHash: spkiHashOf(pems.cert),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
