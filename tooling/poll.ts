export interface PollOptions {
  /** How long to keep probing: `failure` is thrown once a probe at or past this deadline still found nothing. */
  timeoutMs: number;
  /** The pause between two probes; default 50 ms. */
  intervalMs?: number;
  /** The error's message when time runs out; a function can describe the last state the probe saw. */
  failure: string | (() => string);
}

const DEFAULT_INTERVAL_MS = 50;

/**
 * Waits, from Node, for something a browser, a server or a window does on its own time:
 * calls `probe` until it returns anything but undefined, and returns that. An error the
 * probe throws ends the wait at once. The one poll loop of the tooling and the tests;
 * inside a test, vitest's `expect.poll` does as well when only an assertion is wanted.
 */
export async function pollUntil<T>(probe: () => T | undefined | Promise<T | undefined>, options: PollOptions): Promise<T> {
  const value = await pollWithin(probe, options);
  if (value !== undefined) return value;
  throw new Error(typeof options.failure === 'string' ? options.failure : options.failure());
}

/**
 * pollUntil for a wait that may come to nothing and is then tried another way (a key press
 * typed again): undefined once the time is up, where pollUntil fails.
 */
export async function pollWithin<T>(probe: () => T | undefined | Promise<T | undefined>, options: Omit<PollOptions, 'failure'>): Promise<T | undefined> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined || Date.now() >= deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? DEFAULT_INTERVAL_MS));
  }
}
