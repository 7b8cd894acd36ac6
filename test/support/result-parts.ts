import type { Result } from '../../src/api/result';

/** The value of a result a test expects to succeed: a failure fails the test, saying what came instead. */
export function valueOf<T, E>(result: Result<T, E>): T {
  if (result.ok) return result.value;
  throw new Error(`Expected a success, got the error ${JSON.stringify(result.error)}`);
}

/** The error of a result a test expects to fail: a success fails the test, saying what came instead. */
export function errorOf<T, E>(result: Result<T, E>): E {
  if (!result.ok) return result.error;
  throw new Error(`Expected an error, got the success ${JSON.stringify(result.value)}`);
}
