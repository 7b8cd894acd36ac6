/**
 * The end-to-end build's worker timing (e2e-timing.ts sets them; the tests
 * read them here, a module with no imports, so Node can load it):
 * - requests give up after 5 s, not 10 s, so the tests that wait out a silent
 *   server take seconds (still 200 times the stand-in's usual round trip);
 * - the wake-up alarm of a stopped worker fires after 1 s, which Chrome
 *   allows the unpacked extension the tests run (a packed one waits 30 s).
 */
export const E2E_REQUEST_TIMEOUT_MS = 5_000;
export const E2E_RESUME_DELAY_MS = 1_000;
