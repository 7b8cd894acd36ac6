import { isAbsolute } from 'node:path';
import { isExecutableFile, lookUpOnPath } from './find-executable';

const MISSING_MESSAGE =
  'No Chromium found. On Debian/Ubuntu: sudo apt-get install -y chromium (or set CHROMIUM_PATH=/path/to/chrome).';

// The real binary comes before Debian's /usr/bin/chromium wrapper script, which
// works too but prints a harmless shell warning on every launch.
const ABSOLUTE_CANDIDATES = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'];
const PATH_CANDIDATES = ['chromium', 'chromium-browser', 'google-chrome'];

/** Absolute path of a Chromium binary: CHROMIUM_PATH first, then the usual Debian places, then PATH. */
export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv !== undefined && fromEnv !== '') {
    const resolved = isAbsolute(fromEnv) ? fromEnv : lookUpOnPath(fromEnv);
    if (resolved !== undefined && isExecutableFile(resolved)) return resolved;
    throw new Error(`CHROMIUM_PATH=${fromEnv} is not an executable file. ${MISSING_MESSAGE}`);
  }
  const found =
    ABSOLUTE_CANDIDATES.find(isExecutableFile) ??
    PATH_CANDIDATES.map(lookUpOnPath).find((path) => path !== undefined);
  if (found === undefined) throw new Error(MISSING_MESSAGE);
  return found;
}
