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
  /** Left by the first test of a file, wiped by the next (token-audit.test.ts). */
  firstTest: 'leak-first-test-7e7e',
} as const;

/**
 * What the audit must find at a session's close when a file's first test,
 * `firstTest`, left the token in a request from outside the browser, in every
 * store and on the clipboard, and a later test wiped all of it (the
 * self-tests in Chromium and Firefox).
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
