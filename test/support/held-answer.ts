import type { E2eHooks } from '../../src/background/testing/e2e-hooks';
import { E2E_REQUEST_TIMEOUT_MS } from '../../src/background/testing/e2e-values';
import type { E2eSession } from './e2e-session';

/** Long enough for any look at a page while an answer is held: the test's own ceiling. */
const HELD_ANSWER_MS = 180_000;

/**
 * How long the worker's requests wait for an answer, through the e2e build's hook (no browser input sets it). A request
 * reads it as it starts; a worker started later has the build's own (E2E_REQUEST_TIMEOUT_MS).
 */
async function setRequestTimeout(session: E2eSession, ms: number): Promise<void> {
  await (await session.worker()).evaluate((given) => (globalThis as unknown as { shrtnrE2e: E2eHooks }).shrtnrE2e.setRequestTimeout(given), ms);
}

/**
 * The stand-in holds its next API answer (or the `times` next, once `after` more are answered) until releaseHeldAnswer,
 * and the worker waits for them as long: a test looks at a page meanwhile, and on a slow machine the build's 5 s would
 * end the request before the test lets the answer go.
 */
export async function holdNextAnswer(session: E2eSession, { times = 1, after = 0 }: { times?: number; after?: number } = {}): Promise<void> {
  await setRequestTimeout(session, HELD_ANSWER_MS);
  session.standIn.setFault({ kind: 'hold' }, { times, after });
}

/** Lets every held answer go; requests started from now on give up after the build's own timeout again. */
export async function releaseHeldAnswer(session: E2eSession): Promise<void> {
  session.standIn.releaseHeld();
  await restoreRequestTimeout(session);
}

/** The build's own timeout, whatever a test before left (one that failed while an answer was held). */
export async function restoreRequestTimeout(session: E2eSession): Promise<void> {
  await setRequestTimeout(session, E2E_REQUEST_TIMEOUT_MS);
}
