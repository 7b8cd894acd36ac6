import { describe, expect, it } from 'vitest';
import { failedTestReader } from '../../scripts/lib/failed-tests';

const ESC = '\u001b';
/** Lines as vitest 4 prints them in colour, copied from a CI log. */
const failedBlock = [
  `${ESC}[41m${ESC}[1m FAIL ${ESC}[22m${ESC}[49m ${ESC}[30m${ESC}[45m e2e ${ESC}[49m${ESC}[39m test/e2e/queue.test.ts${ESC}[2m > ${ESC}[22mone queue${ESC}[2m > ${ESC}[22mthe popup counts down`,
  `${ESC}[31m${ESC}[1mTimeoutError${ESC}[22m: locator.waitFor: Timeout 30000ms exceeded.`,
  'Call log:',
];
const timedOut = [
  `${ESC}[41m${ESC}[1m FAIL ${ESC}[22m${ESC}[49m ${ESC}[30m${ESC}[42m unit ${ESC}[49m${ESC}[39m src/api/a.property.test.ts${ESC}[2m > ${ESC}[22mshorten()${ESC}[2m > ${ESC}[22maccepts an envelope`,
  `${ESC}[31m${ESC}[1mError${ESC}[22m: Test timed out in 30000ms.`,
  'If this is a long-running test, pass a timeout value as the last argument or configure it globally with "testTimeout".',
];

function read(lines: string[]) {
  const reader = failedTestReader();
  for (const line of lines) reader.read(line);
  return reader.failures();
}

describe("npm test's list of failed tests", () => {
  it('names each failed test, without colours, with the first line of its error', () => {
    expect(read([' ✓ src/ok.test.ts (3 tests) 12ms', ...failedBlock, '', ...timedOut, ' Test Files  2 failed | 150 passed (152)'])).toEqual([
      { test: 'e2e  test/e2e/queue.test.ts > one queue > the popup counts down', error: 'TimeoutError: locator.waitFor: Timeout 30000ms exceeded.' },
      { test: 'unit  src/api/a.property.test.ts > shorten() > accepts an envelope', error: 'Error: Test timed out in 30000ms.' },
    ]);
  });

  it('names a test once when vitest reports it twice, and keeps a failure whose error it could not find', () => {
    const reported = [...failedBlock, ...failedBlock];
    expect(read(reported)).toHaveLength(1);
    expect(read([' FAIL  e2e  test/e2e/x.test.ts', 'line 1', 'line 2', 'line 3', 'line 4', 'AssertionError: too late to be its error'])).toEqual([
      { test: 'e2e  test/e2e/x.test.ts' },
    ]);
  });

  it('lists nothing for a job whose tests all passed, or that printed no test at all', () => {
    expect(read([' ✓ src/ok.test.ts (3 tests) 12ms', ' Test Files  1 passed (1)'])).toEqual([]);
    expect(read(['src/a.ts(3,1): error TS2304: Cannot find name "x".'])).toEqual([]);
  });
});
