/**
 * Names of the User Timing marks the extension sets (with performance.mark)
 * at the moments a user waits for; `npm run bench` reads them. The calls
 * name them literally: importing this module would cost the popup and the
 * worker a shared chunk of its own.
 */
export const TIMING_MARKS = {
  /** The popup has asked the worker for its tab's link (the user's click, as the queue hears it). */
  popupAsked: 'shrtnr:popup-asked',
  popupShortUrlShown: 'shrtnr:popup-short-url-shown',
  popupCopied: 'shrtnr:popup-copied',
  popupRunListShown: 'shrtnr:popup-run-list-shown',
  backgroundCopied: 'shrtnr:background-copied',
  historyListShown: 'shrtnr:history-list-shown',
  historySearchDone: 'shrtnr:history-search-done',
} as const;
