// `npm test`: every check of the project, in two phases of jobs that run side
// by side (issue 18), on a two-core machine where much of the time is spent
// waiting (for browsers, servers, rate-limit windows) rather than computing.
//   1. the browsers are there (scripts/check-browsers.ts), then, at once:
//      typecheck · lint · the two builds (dist/, dist-e2e/), a few seconds each
//   2. once all of phase 1 passed, at once: the unit and integration tests ·
//      the build checks (sizes, web-ext lint, reproducible zips, the store folder) ·
//      the end-to-end files, in three processes of one browser at a time (see
//      inFirefoxProcess below). The unit tests run beside the end-to-end
//      files rather than before them: the end-to-end processes are the longest
//      jobs, and mostly wait on browsers, so starting them some 45 s sooner
//      is worth the cores they share with the unit tests meanwhile; the unit
//      tests and the build checks run niced, so the browsers come first.
// Each line of a job's output is printed as it comes, after the job's name;
// a summary at the end says how each job ended. The exit code is 0 only when
// every job passed; a phase 1 failure (a type error, a lint finding, a build
// that breaks) skips phase 2.
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, delimiter, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { type FailedTest, failedTestReader } from './lib/failed-tests';
import { machineCpuMeter, machineCpuWords } from './lib/run-cpu';

interface Job {
  name: string;
  /** Commands run one after the other; the first to fail ends the job. */
  steps: string[][];
}

interface Outcome {
  name: string;
  /** The exit code, or the signal that ended the job; 'skipped' when it did not run. */
  ended: number | NodeJS.Signals | 'skipped';
  seconds: number;
  /** The tests its output reported as failed. */
  failures: FailedTest[];
}

const ROOT = resolve(import.meta.dirname, '..');
const E2E_DIR = 'test/e2e';
/**
 * The end-to-end files run in three processes of one browser at a time, about equal in length (some 200 s each when the
 * machine is idle): Firefox's files and those that start browsers of their own (npm start's demo, the production
 * build's load check); the files that mostly wait (out rate-limit windows of runs and lists, for history's live updates) with the private
 * window, bad input and accessibility; and the rest of Chromium's. Each process has its own Xvfb per browser, so real input in one
 * cannot reach another's windows.
 */
const inFirefoxProcess = (file: string): boolean => /^(firefox.*|scripts|production-build)\.test\.ts$/.test(basename(file));
const inWaitingProcess = (file: string): boolean =>
  /^(bulk|list|queue|queue-no-headers|load|page-short-link|private-window|history|bad-input|accessibility)\.test\.ts$/.test(basename(file));
// Every file of vitest's e2e project (test/e2e/**/*.test.ts) goes to exactly one of the three processes.
const e2eFiles = readdirSync(resolve(ROOT, E2E_DIR), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .toSorted();
// The e2e processes run their files, and the tests within them, in a random order, a new one each run
// (the unit and integration projects shuffle too, in vite.config.ts): no test may lean on another.
// The seed is printed first; E2E_SHUFFLE_SEED=N repeats the order of seed N.
const shuffleSeed = process.env.E2E_SHUFFLE_SEED ?? String(randomInt(1, 1_000_000));
if (!/^\d+$/.test(shuffleSeed)) throw new Error(`E2E_SHUFFLE_SEED must be a whole number, not "${shuffleSeed}".`);
const e2e = (files: string[]): string[] => ['vitest', 'run', '--project', 'e2e', '--sequence.shuffle', `--sequence.seed=${shuffleSeed}`, ...files.map((file) => `${E2E_DIR}/${file}`)];

const npmRun = (script: string): string[] => ['npm', 'run', '--silent', script];
/** A command at a lower CPU priority (POSIX `nice`), where the platform has it. */
const niced = (command: string[]): string[] => (process.platform === 'win32' ? command : ['nice', '-n', '10', ...command]);

const PREFLIGHT: Job = {
  name: 'browsers',
  steps: [['tsx', 'scripts/check-browsers.ts', '--chromium', '--firefox', '--with-xvfb', '--with-languages']],
};

const PHASES: Job[][] = [
  [
    { name: 'typecheck', steps: [npmRun('typecheck')] },
    { name: 'lint', steps: [npmRun('lint')] },
    { name: 'build', steps: [npmRun('build'), npmRun('build:e2e')] },
  ],
  [
    // Beside the end-to-end processes, the longest jobs, these two yield the cores to them (nice): they have time to spare.
    // With coverage: its floors and the untested-module check (vite.config.ts) are part of the job, its summary in the output.
    { name: 'unit', steps: [niced(['vitest', 'run', '--project', 'unit', '--project', 'integration', '--coverage'])] },
    { name: 'build checks', steps: [niced(['vitest', 'run', '--project', 'build'])] },
    { name: 'e2e chromium', steps: [e2e(e2eFiles.filter((file) => !inFirefoxProcess(file) && !inWaitingProcess(file)))] },
    { name: 'e2e waiting', steps: [e2e(e2eFiles.filter(inWaitingProcess))] },
    { name: 'e2e firefox', steps: [e2e(e2eFiles.filter(inFirefoxProcess))] },
  ],
];

const labelWidth = Math.max(...[PREFLIGHT, ...PHASES.flat()].map((job) => job.name.length));
const env = { ...process.env, PATH: `${resolve(ROOT, 'node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}` };
const cpu = machineCpuMeter();

/** Runs one command, its output line by line under the job's name; resolves with how it ended. */
function runStep(job: Job, command: string[], read: (line: string) => void): Promise<number | NodeJS.Signals> {
  const [file, ...args] = command;
  if (file === undefined) throw new Error(`Job "${job.name}" has an empty command.`);
  const label = `${job.name.padEnd(labelWidth)} │ `;
  return new Promise((done) => {
    const child = spawn(file, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const [stream, sink] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
        sink.write(`${label}${line}\n`);
        read(line);
      });
    }
    child.on('error', (error) => {
      process.stderr.write(`${label}could not start ${file}: ${error.message}\n`);
      done(127);
    });
    child.on('close', (code, signal) => done(signal ?? code ?? 1));
  });
}

async function runJob(job: Job): Promise<Outcome> {
  const started = performance.now();
  const reader = failedTestReader();
  let ended: Outcome['ended'] = 0;
  for (const step of job.steps) {
    ended = await runStep(job, step, reader.read);
    if (ended !== 0) break;
  }
  return { name: job.name, ended, seconds: (performance.now() - started) / 1000, failures: reader.failures() };
}

const passed = (outcome: Outcome): boolean => outcome.ended === 0;

function summary(outcomes: Outcome[], runSeconds: number): string {
  const lines = outcomes.map(({ name, ended, seconds }) => {
    const mark = ended === 0 ? '✓' : ended === 'skipped' ? '-' : '✗';
    const how = ended === 0 ? '' : ended === 'skipped' ? ' (skipped: an earlier job failed)' : ` (exit ${ended})`;
    return `  ${mark} ${name.padEnd(labelWidth)} ${ended === 'skipped' ? '' : `${seconds.toFixed(1)} s`}${how}`;
  });
  // The work the run did, beside how long it took: a slower or busier machine changes the second, seldom the first.
  const work = machineCpuWords(cpu.busySince(), runSeconds, availableParallelism());
  // Each failed test again, under its job, so that the last lines of the output say what failed wherever it was printed.
  const failed = outcomes.flatMap(({ name, failures }) =>
    failures.length === 0 ? [] : [`  ${name}:`, ...failures.flatMap(({ test, error }) => [`    ✗ ${test}`, ...(error === undefined ? [] : [`      ${error}`])])],
  );
  return ['', `npm test (end-to-end order: seed ${shuffleSeed}):`, ...lines, ...work, ...(failed.length === 0 ? [] : ['', 'Failed tests:', ...failed]), ''].join('\n');
}

async function main(): Promise<number> {
  const started = performance.now();
  console.log(`End-to-end order: seed ${shuffleSeed} (E2E_SHUFFLE_SEED=${shuffleSeed} npm test repeats it).`);
  const outcomes = [await runJob(PREFLIGHT)];
  for (const phase of PHASES) {
    if (!outcomes.every(passed)) {
      outcomes.push(...phase.map((job) => ({ name: job.name, ended: 'skipped' as const, seconds: 0, failures: [] })));
      continue;
    }
    outcomes.push(...(await Promise.all(phase.map(runJob))));
  }
  console.log(summary(outcomes, (performance.now() - started) / 1000));
  return outcomes.every(passed) ? 0 : 1;
}

process.exitCode = await main();
