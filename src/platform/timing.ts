/**
 * Names of the User Timing marks the extension sets at the moments a user
 * waits for. `npm run bench` reads them; they cost nothing and change nothing.
 */
export const TIMING_MARKS = {
  popupShortUrlShown: 'shrtnr:popup-short-url-shown',
  popupCopied: 'shrtnr:popup-copied',
  backgroundCopied: 'shrtnr:background-copied',
} as const;

export function markTiming(name: (typeof TIMING_MARKS)[keyof typeof TIMING_MARKS]): void {
  performance.mark(name);
}
