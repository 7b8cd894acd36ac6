import { isAbsolute } from 'node:path';
import { isExecutableFile, lookUpOnPath } from './find-executable';

export const FIREFOX_MISSING_MESSAGE =
  'No Firefox found. On Debian/Ubuntu: sudo apt-get install -y firefox-esr (or set FIREFOX_PATH=/path/to/firefox).';

const CANDIDATES = ['firefox-esr', 'firefox'];

/** Absolute path of a Firefox binary: FIREFOX_PATH first, then Debian's firefox-esr, then firefox on PATH. */
export function findFirefox(): string {
  const fromEnv = process.env.FIREFOX_PATH;
  if (fromEnv !== undefined && fromEnv !== '') {
    const resolved = isAbsolute(fromEnv) ? fromEnv : lookUpOnPath(fromEnv);
    if (resolved !== undefined && isExecutableFile(resolved)) return resolved;
    throw new Error(`FIREFOX_PATH=${fromEnv} is not an executable file. ${FIREFOX_MISSING_MESSAGE}`);
  }
  const found = CANDIDATES.map(lookUpOnPath).find((path) => path !== undefined);
  if (found === undefined) throw new Error(FIREFOX_MISSING_MESSAGE);
  return found;
}
