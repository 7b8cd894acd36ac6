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
