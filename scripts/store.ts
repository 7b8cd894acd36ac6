// The end of `npm run package` (`npm run package:store`, after the e2e build):
// release/store/, what the Chrome Web Store's, addons.mozilla.org's and Edge Add-ons' listing
// forms ask for, per language: the words, screenshots, promo tile and icon
// (scripts/store/). The pictures are taken in Chromium, installed first when
// missing, as npm start does.
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { zipDirectory } from './lib/zip.ts';
import { writeStoreFolder } from './store/folder.ts';

const root = resolve(import.meta.dirname, '..');
execFileSync('bash', [resolve(root, 'scripts/install-browsers.sh'), 'store'], { stdio: 'inherit' });
const storeDir = resolve(root, 'release/store');
const files = await writeStoreFolder(root, storeDir);
console.log(`${relative(process.cwd(), storeDir)}/  ${files.length} files for the Chrome Web Store, addons.mozilla.org and Edge Add-ons`);
// The folder in one file too, for a release to carry beside the extension's zips.
const { version } = JSON.parse(await readFile(resolve(root, 'package.json'), 'utf8')) as { version: string };
const storeZip = resolve(root, `release/shrtnr-store-${version}.zip`);
await writeFile(storeZip, await zipDirectory(storeDir));
console.log(relative(process.cwd(), storeZip));
