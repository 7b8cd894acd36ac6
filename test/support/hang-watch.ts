// A setup file of the unit, integration and build projects (vite.config.ts), which have no time ceiling:
// npm test runs them niced beside three browsers, where a property test of a second alone once took
// over two minutes (CI, 2026-11-29) and a release's packages over fifteen (2026-11-30), so any ceiling
// is a clock a busier machine can miss. A test that
// hangs must still end the run. What marks a hang is not how long a test takes but that nothing works
// on it: neither the test's thread nor a process it started spends CPU time, waiting for what never
// comes. A starved thread still spends some (niced beside eight busy processes, some 3 % of a core); a
// deadlocked one spends none.
import { readdirSync, readFileSync, writeSync } from 'node:fs';
import { relative } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { afterAll, expect } from 'vitest';
import { statOf } from '../../tooling/proc-stat';

/** How often the thread's CPU time is read, in real time. HANG_WATCH_SAMPLE_MS shortens it for the watch's own test. */
export const SAMPLE_MS = Number(process.env.HANG_WATCH_SAMPLE_MS ?? 10_000);
/** Fewer clock ticks (of 10 ms) than this in a sample: nothing worked on the tests. */
export const IDLE_TICKS = 2;
/** This many idle samples in a row (two minutes) is a hang: no test waits that long for a real timer or socket. */
export const IDLE_SAMPLES_FOR_A_HANG = 12;

/** Counts the samples in a row in which fewer than IDLE_TICKS of CPU time were spent. */
export function idleRun(readTicks: () => number): () => number {
  let last = readTicks();
  let idleInARow = 0;
  return () => {
    const now = readTicks();
    idleInARow = now - last < IDLE_TICKS ? idleInARow + 1 : 0;
    last = now;
    return idleInARow;
  };
}

/** What a read of /proc gives, or `otherwise` when what it reads has ended meanwhile (a process, or a thread of one). */
function readOr<T>(read: () => T, otherwise: T): T {
  try {
    return read();
  } catch {
    return otherwise;
  }
}

/** The processes a process started, and theirs in turn, which Linux lists by thread. One that ended is in its parent's reaped ticks. */
function descendants(pid: number): number[] {
  const children = readOr(() => readdirSync(`/proc/${pid}/task`), []).flatMap((tid) =>
    readOr(() => readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number), []),
  );
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** A process's ticks, its own and those of the children it reaped (`/proc/<path>/stat`). */
function ownAndReaped(path: string): number {
  const { own, reapedChildren } = statOf(path);
  return own + reapedChildren;
}

/**
 * The CPU time spent for this thread's tests where Linux says it: the thread's own (`/proc/thread-self`),
 * and that of the processes the tests started (a build, a nested vitest), running or ended. Elsewhere the
 * process's, which counts vitest's own thread too: a hang is then found only once every file waits.
 */
function workTicks(): number {
  try {
    // Each one's own ticks and those of the children it reaped: a grandchild that ends moves its ticks into its parent's
    // reaped count, so the total never drops (a drop would read as a sample of no work).
    const started = descendants(process.pid).reduce((sum, pid) => sum + readOr(() => ownAndReaped(String(pid)), 0), 0);
    return statOf('thread-self').own + statOf('self').reapedChildren + started;
  } catch {
    const { user, system } = process.cpuUsage();
    return Math.floor((user + system) / 10_000);
  }
}

// Taken before a test can install fake timers over them.
const realSetInterval = globalThis.setInterval;
const realClearInterval = globalThis.clearInterval;

function endThisFile(): void {
  const { currentTestName, testPath } = expect.getState();
  const where = [testPath === undefined ? 'a test file' : relative(process.cwd(), testPath), currentTestName ?? 'a hook or the file loading'].join(' > ');
  const idleSeconds = (SAMPLE_MS * IDLE_SAMPLES_FOR_A_HANG) / 1000;
  // Written at once, straight to the terminal (vitest forwards a thread's console only later), as vitest
  // writes a failure, so that npm test's list of failed tests (scripts/lib/failed-tests.ts) names it too.
  writeSync(2, `\n HANG  ${where}\nHangError: no CPU time spent on it for ${idleSeconds} s: it waits for what never comes.\n`);
  // In a process of its own (the build project's forks), what its tests started goes with it: nothing is left holding
  // a folder (test/build/command.ts ends its group only when a test is given up on, which a hang never is). A thread
  // (unit, integration) shares its process's children with other files' threads, and leaves them be.
  if (isMainThread) for (const pid of descendants(process.pid)) readOr(() => process.kill(pid, 'SIGKILL'), false);
  // vitest's threads replace process.exit with a throw (to catch a test that calls it); Node's own exit
  // beneath it ends this thread alone: vitest reports "Worker exited unexpectedly", fails the run and goes on.
  (process as unknown as { reallyExit(code: number): never }).reallyExit(1);
}

// Started as the file loads (a setup file loads before the test file), so a hang in its imports counts too.
const sample = idleRun(workTicks);
const watch = realSetInterval(() => {
  if (sample() >= IDLE_SAMPLES_FOR_A_HANG) endThisFile();
}, SAMPLE_MS);
// Never what keeps a finished file's thread alive.
watch.unref();

afterAll(() => {
  realClearInterval(watch);
});
