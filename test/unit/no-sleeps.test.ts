import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// No test, and none of the tooling the tests run, waits a fixed time for something to happen
// (docs/testing.md): a wait is for the event (pollUntil, expect.poll, a promise the test settles),
// never for a clock, which a busy machine can outrun. A sleep, as a script can see one: a promise a
// timer resolves after a delay (`setTimeout(resolve, 50)`), Playwright's `waitForTimeout`, a loop
// that spins until a time. Not one: a timer that ends a wait with an error (a ceiling), a timer of no
// delay (the next task), a timer under fake timers (the test's own clock), pollUntil's pause between
// two probes. src/'s own timers are the product's; scripts/ (the bench) waits on purpose: an idle
// popup, a rate window, the soak's seeded moments.
const ROOT = resolve(import.meta.dirname, '../..');
const THE_ONE_POLL = 'tooling/poll.ts';
const THIS_FILE = relative(ROOT, import.meta.filename);
/** Files whose every test runs on fake timers (set before each, at the top): their timers fire only when the test moves the clock. */
const ON_FAKE_TIMERS = ['src/background/queue/shorten-queue.test.ts'];
const FAKE_BEFORE_EACH = /^beforeEach\(\(\) => \{\n {2}vi\.useFakeTimers\(/m;

const SLEEPS: [string, RegExp][] = [
  ['a timer resolving a promise after a delay', /setTimeout\(\s*[A-Za-z_$][\w$]*\s*,\s*(?!0\s*\))[^)\s]/],
  ['waitForTimeout', /\bwaitForTimeout\(/],
  ['a loop spinning until a time', /while\s*\(\s*(?:performance|Date)\.now\(\)\s*</],
];

const isTestCode = (file: string) => !file.startsWith('src/') || /\.test\.tsx?$/.test(file);
const files = ['src', 'test', 'tooling']
  .flatMap((folder) => readdirSync(join(ROOT, folder), { recursive: true }).map((file) => relative(ROOT, join(ROOT, folder, String(file)))))
  .filter((file) => /\.tsx?$/.test(file) && isTestCode(file) && file !== THE_ONE_POLL && file !== THIS_FILE);

const seen = (line: string) => SLEEPS.filter(([, pattern]) => pattern.test(line)).map(([what]) => what);

describe('waits', () => {
  it('no test or tooling of the tests sleeps: each waits for its event', () => {
    const sleeps = files.flatMap((file) => {
      if (ON_FAKE_TIMERS.includes(file)) return [];
      const text = readFileSync(join(ROOT, file), 'utf8');
      return text.split('\n').flatMap((line, index) => seen(line).map((what) => `${file}:${index + 1}: ${what}`));
    });
    expect(sleeps).toEqual([]);
  });

  it('lets timers be only in files that are on fake timers throughout', () => {
    expect(ON_FAKE_TIMERS.filter((file) => !FAKE_BEFORE_EACH.test(readFileSync(join(ROOT, file), 'utf8')))).toEqual([]);
  });

  it('sees the sleeps it is meant to see, and not the waits that are not', () => {
    expect(seen('await new Promise((done) => setTimeout(done, 1_500));')).toEqual(['a timer resolving a promise after a delay']);
    expect(seen('await new Promise((resolve) => setTimeout(resolve, PROMPT_READY_MS));')).toEqual(['a timer resolving a promise after a delay']);
    expect(seen('await page.waitForTimeout(100);')).toEqual(['waitForTimeout']);
    expect(seen('while (performance.now() < until);')).toEqual(['a loop spinning until a time']);
    expect(seen('const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);')).toEqual([]);
    expect(seen('await new Promise((done) => setTimeout(done, 0));')).toEqual([]);
    expect(seen('await new Promise((done) => requestAnimationFrame(() => setTimeout(() => setTimeout(done))));')).toEqual([]);
  });
});
