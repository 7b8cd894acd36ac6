/**
 * One token per exit the token audit watches, for its self-tests
 * (test/e2e/token-audit.test.ts, and the Firefox one in firefox.test.ts): each
 * finding is then known to come from the exit under test. Each is a valid host
 * name label too, since the notification's goes into a link's host.
 */
export const LEAKS = {
  workerConsole: 'leak-worker-console-1a1a',
  pageConsole: 'leak-page-console-2b2b',
  nestedObject: 'leak-nested-object-3c3c',
  headersObject: 'leak-headers-object-4d4d',
  requestBody: 'leak-request-body-5e5e',
  queryString: 'leak-query-string-6f6f',
  thirdHost: 'leak-third-host-7a7a',
  workerException: 'leak-worker-exception-8b8b',
  pageException: 'leak-page-exception-9c9c',
  closedPage: 'leak-closed-page-0d0d',
  openPage: 'leak-open-page-1e1e',
  sessionStorage: 'leak-session-storage-2f2f',
  syncStorage: 'leak-sync-storage-3a3a',
  clipboard: 'leak-clipboard-4b4b',
  notification: 'leak-notification-5c5c',
  badgeTitle: 'leak-badge-title-6d6d',
  /** In fields, put there by script: no markup shows them. */
  setRangeText: 'leak-set-range-text-8f8f',
  insertText: 'leak-insert-text-9a9a',
  openShadowRoot: 'leak-open-shadow-root-0b0b',
  closedShadowRoot: 'leak-closed-shadow-root-1c1c',
  /** Sent to a stand-in the test starts, which the test never hands to the audit. */
  startedServer: 'leak-started-server-2d2d',
  /** Left by the first test of a file, wiped by the next (token-audit.test.ts). */
  firstTest: 'leak-first-test-7e7e',
} as const;

/**
 * What the audit must find at the end of a file's first test, `firstTest`,
 * which left the token in a request from outside the browser, in every store
 * and on the clipboard (the self-tests in Chromium and Firefox).
 */
export function firstTestLeakFindings(firstTest: string): string[] {
  const atItsEnd = `at the end of the test "${firstTest}"`;
  return [
    `URL: https GET /demo/from-outside (stand-in's log)`,
    'could not be checked: requests: the stand-in got 1 that the browser did not report (https GET /demo/from-outside)',
    `storage.local, ${atItsEnd}`,
    `storage.session, ${atItsEnd}`,
    `storage.sync, ${atItsEnd}`,
    `IndexedDB shrtnr-history, ${atItsEnd}`,
    `clipboard, ${atItsEnd}`,
  ];
}

/**
 * The findings a failed checkpoint or close reported (one a line after the
 * heading), or nothing when it passed: for the audit's own self-tests.
 */
export function findingsOf(run: () => Promise<void>): Promise<string[]> {
  return run().then(
    () => [],
    (error: unknown) => String(error instanceof Error ? error.message : error).split('\n').slice(1),
  );
}
