// The unpacked extension as Chromium loads it: its manifest, and the id
// Chromium gives it, known before the browser starts.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface ExtensionManifest {
  key?: string;
  background?: { service_worker?: string };
  action?: { default_popup?: string };
}

export async function readManifest(extensionDir: string): Promise<ExtensionManifest> {
  try {
    return JSON.parse(await readFile(join(extensionDir, 'manifest.json'), 'utf8')) as ExtensionManifest;
  } catch (error) {
    throw new Error(`No readable manifest.json in ${extensionDir} (build the extension first?)`, { cause: error });
  }
}

/**
 * Chromium's id for an unpacked extension, computed instead of discovered: the first
 * 128 bits of SHA-256 over the manifest `key` (DER bytes) or, without a key, over the
 * extension directory's real path, written with the letters a-p. Checked against the
 * id Chromium 156 reported for the fixture extension.
 */
export function unpackedExtensionId(realDir: string, manifest: ExtensionManifest): string {
  const input = manifest.key === undefined ? Buffer.from(realDir) : Buffer.from(manifest.key, 'base64');
  const hex = createHash('sha256').update(input).digest('hex').slice(0, 32);
  return [...hex].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join('');
}
