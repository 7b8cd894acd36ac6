import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TARGETS, type Target } from '../build/manifest-targets.ts';
import { zipDirectory, zipEntries } from '../lib/zip.ts';
import { sourceEntries } from './source-files.ts';

export type ReleaseKind = Target | 'source';

export interface ReleaseZip {
  kind: ReleaseKind;
  path: string;
  bytes: number;
}

/**
 * Writes the store zips of `root`'s build (dist/, made first by `vite build`)
 * and the source zip for the add-on store's reviewers to `outDir`, named
 * `shrtnr-<kind>-<version>.zip`.
 */
export async function writeReleaseZips(root: string, outDir: string): Promise<ReleaseZip[]> {
  // package.json holds the version; the build writes it into each manifest.
  const version = await versionIn(join(root, 'package.json'));
  const zips: { kind: ReleaseKind; bytes: Buffer }[] = [];
  for (const target of TARGETS) {
    const dir = join(root, 'dist', target);
    // A dist/ left from another version would ship under this version's name.
    const built = await versionIn(join(dir, 'manifest.json'));
    if (built !== version) throw new Error(`${dir} was built from version ${built}, not ${version}: run \`npm run package\`, which builds first.`);
    zips.push({ kind: target, bytes: await zipDirectory(dir) });
  }
  zips.push({ kind: 'source', bytes: zipEntries(await sourceEntries(root)) });
  await mkdir(outDir, { recursive: true });
  return Promise.all(
    zips.map(async ({ kind, bytes }) => {
      const path = join(outDir, `shrtnr-${kind}-${version}.zip`);
      await writeFile(path, bytes);
      return { kind, path, bytes: bytes.length };
    }),
  );
}

async function versionIn(path: string): Promise<string> {
  const { version } = JSON.parse(await readFile(path, 'utf8')) as { version?: unknown };
  if (typeof version !== 'string') throw new Error(`${path} has no "version".`);
  return version;
}
