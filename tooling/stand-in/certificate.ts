import { createHash, X509Certificate } from 'node:crypto';
import { generate } from 'selfsigned';

export interface ServerCertificate {
  certificatePem: string;
  privateKeyPem: string;
  /** base64 sha256 of the SPKI: Chromium trusts exactly this leaf with --ignore-certificate-errors-spki-list. */
  spkiHash: string;
}

const ONE_DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A fresh self-signed leaf for 127.0.0.1 and localhost, kept in memory only:
 * a key written to the repository would be a key anyone could reuse.
 */
export async function createServerCertificate(): Promise<ServerCertificate> {
  const now = Date.now();
  const generated = await generate([{ name: 'commonName', value: 'localhost' }], {
    // P-256: some 10 ms to make where RSA-2048 took 100 to 140 ms, for every stand-in of every test.
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    // Back-dated a day so a clock slightly behind ours does not call it "not yet valid".
    notBeforeDate: new Date(now - ONE_DAY_MS),
    notAfterDate: new Date(now + 30 * ONE_DAY_MS),
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      // No keyEncipherment: an EC key signs the handshake, it never encrypts a key.
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  return {
    certificatePem: generated.cert,
    privateKeyPem: generated.private,
    spkiHash: spkiSha256Base64(generated.cert),
  };
}

export function spkiSha256Base64(certificatePem: string): string {
  const spki = new X509Certificate(certificatePem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}
