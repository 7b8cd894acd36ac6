import type { E2eHooks } from '../../src/background/testing/e2e-hooks';
import type { E2eSession } from './e2e-session';

/**
 * How long the worker's requests wait for an answer, through the e2e build's hook (no browser input sets it): a test
 * that holds the server's answer while it looks at a page raises it, or on a slow machine the build's 5 s
 * (E2E_REQUEST_TIMEOUT_MS) end the request before the test lets the answer go. A worker started later has the build's own.
 */
export async function setRequestTimeout(session: E2eSession, ms: number): Promise<void> {
  await (await session.worker()).evaluate((given) => (globalThis as unknown as { shrtnrE2e: E2eHooks }).shrtnrE2e.setRequestTimeout(given), ms);
}

/** Long enough for any look at a page while an answer is held: the test's own ceiling. */
export const HELD_ANSWER_MS = 180_000;
