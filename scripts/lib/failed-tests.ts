// What `npm test` repeats at its very end for a job that failed: each test vitest reported as failed, with the first line
// of its error. A job's own output runs to thousands of lines, and a CI log is often read from its tail only; the summary
// alone should say which tests failed and how, whatever job printed them.

// oxlint-disable-next-line no-control-regex -- the escape sequences vitest colours its output with
const COLOUR = /\u001b\[[0-9;]*m/g;
/** vitest's line for a failed test or file: "FAIL  <project> <file> > <suite> > <test>"; or test/support/hang-watch.ts's, "HANG  <file> > …". */
const FAILED = /^\s*(?:FAIL|HANG)\s+(.*\S)\s*$/;
/** The error's first line, as vitest prints it a few lines under the FAIL line. */
const ERROR = /^\s*(\w*(Error|Exception)\b.*\S)\s*$/;
/** How many lines after a FAIL line its error may come (vitest prints it on the next, or after a blank line). */
const ERROR_WITHIN = 4;

export interface FailedTest {
  test: string;
  error?: string;
}

/** Reads a job's output a line at a time; `failures()` gives what it reported as failed, in order, each once. */
export function failedTestReader(): { read(line: string): void; failures(): FailedTest[] } {
  const found: FailedTest[] = [];
  let current: FailedTest | undefined;
  let linesSince = 0;
  return {
    read(line) {
      const plain = line.replace(COLOUR, '');
      const failed = FAILED.exec(plain);
      if (failed?.[1] !== undefined) {
        const test = failed[1];
        current = found.find((known) => known.test === test);
        if (current === undefined) {
          current = { test };
          found.push(current);
        }
        linesSince = 0;
        return;
      }
      if (current === undefined) return;
      linesSince += 1;
      const error = ERROR.exec(plain)?.[1];
      if (error !== undefined && current.error === undefined) current.error = error;
      if (error !== undefined || linesSince >= ERROR_WITHIN) current = undefined;
    },
    failures: () => found.map((failure) => ({ ...failure })),
  };
}
