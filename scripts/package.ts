// `npm run package` (which runs `vite build` first): the store zips and the
// source zip in release/. How to rebuild them: scripts/package/SOURCE-README.md.
import { relative, resolve } from 'node:path';
import { writeReleaseZips } from './package/release-zips.ts';

const root = resolve(import.meta.dirname, '..');
const zips = await writeReleaseZips(root, resolve(root, 'release'));
for (const zip of zips) console.log(`${relative(process.cwd(), zip.path)}  ${(zip.bytes / 1024).toFixed(1)} KiB (${zip.bytes} bytes)`);
// Deflate's bytes depend on the zlib Node bundles; a rebuild compares against this.
console.log(`Made with Node ${process.versions.node}, zlib ${process.versions.zlib}.`);
