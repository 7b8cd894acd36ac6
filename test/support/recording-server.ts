import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createServerCertificate } from '../../tooling/stand-in/certificate';

export interface RecordingServer {
  /** e.g. https://127.0.0.1:43123 */
  origin: string;
  /** For Chromium's --ignore-certificate-errors-spki-list. */
  spkiHash: string;
  /** Every request, as `METHOD path headers body`. */
  received: string[];
  close(): Promise<void>;
}

/**
 * A plain HTTPS server on 127.0.0.1, no stand-in: it answers every request
 * (CORS preflights included) with an empty 204 and keeps what it got. The
 * token audit's self-tests send tokens to it, a third host the audit is not told about.
 */
export async function startRecordingServer(): Promise<RecordingServer> {
  const certificate = await createServerCertificate();
  const received: string[] = [];
  const server: Server = createServer({ key: certificate.privateKeyPem, cert: certificate.certificatePem }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push(`${request.method} ${request.url} ${JSON.stringify(request.headers)} ${Buffer.concat(chunks).toString('utf8')}`);
      response.writeHead(204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'Authorization, Content-Type' }).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spkiHash: certificate.spkiHash,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
