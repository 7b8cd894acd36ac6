import { vi } from 'vitest';
import { WAIT_CEILING_MS } from './component-setup';

/**
 * `vi.waitFor` with the unit tests' ceiling (30 s) instead of vitest's 1 s. It still waits
 * only for the assertion to pass. npm test runs the unit tests niced beside two
 * browsers, and on a busy two-core machine a chain of promises can take longer
 * than a second to run. A ceiling, not a measure.
 */
export const eventually = <T>(assertion: () => T | Promise<T>): Promise<T> => vi.waitFor(assertion, { timeout: WAIT_CEILING_MS });
