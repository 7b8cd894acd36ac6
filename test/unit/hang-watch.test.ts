import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failedTestReader } from '../../scripts/lib/failed-tests';
import { runCommand } from '../build/command';
import { IDLE_SAMPLES_FOR_A_HANG, IDLE_TICKS, idleRun } from '../support/hang-watch';

function failedTestsIn(output: string) {
  const reader = failedTestReader();
  for (const line of output.split('\n')) reader.read(line);
  return reader.failures();
}

/** Whether a process runs: 'gone' once it has ended (a zombie not yet reaped has ended too). */
function runningState(pid: number): 'running' | 'gone' {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 'gone';
  }
  const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  return state === 'Z' || state === 'X' ? 'gone' : 'running';
}

describe('the hang watch of the unit, integration and build projects (test/support/hang-watch.ts)', () => {
  it('counts only samples in a row with next to no CPU time', () => {
    let ticks = 100;
    const sample = idleRun(() => ticks);
    expect(sample()).toBe(1);
    ticks += IDLE_TICKS - 1;
    expect(sample()).toBe(2);
    // A starved thread that still works now and then starts the count again.
    ticks += IDLE_TICKS;
    expect(sample()).toBe(0);
    expect(sample()).toBe(1);
  });

  it('ends a file whose test waits for what never comes, naming it, and fails the run', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shrtnr-hang-'));
    try {
      // globals: the folder has no node_modules to import vitest from; the setup file finds it beside itself.
      const config = { test: { include: ['*.test.mjs'], globals: true, testTimeout: 0, setupFiles: [resolve('test/support/hang-watch.ts')] } };
      await writeFile(join(dir, 'vitest.config.mjs'), `export default ${JSON.stringify(config)};\n`);
      // It starts a process of its own first (a build's, say), which spends no CPU time either, in a group of its own.
      const waits = [
        `import { spawn } from 'node:child_process';`,
        `import { writeFileSync } from 'node:fs';`,
        `it('waits for a promise nobody settles', () => {`,
        `  writeFileSync(${JSON.stringify(join(dir, 'child.pid'))}, String(spawn('sleep', ['600'], { detached: true, stdio: 'ignore' }).pid));`,
        `  return new Promise(() => {});`,
        `});`,
      ];
      await writeFile(join(dir, 'waits.test.mjs'), `${waits.join('\n')}\n`);
      await writeFile(join(dir, 'passes.test.mjs'), `it('passes', () => expect(1).toBe(1));\n`);
      const vitest = resolve('node_modules/vitest/vitest.mjs');
      const run = runCommand(process.execPath, [vitest, 'run', '--root', dir], { cwd: dir, env: { ...process.env, HANG_WATCH_SAMPLE_MS: '100' } });
      const failure: unknown = await run.then(
        () => undefined,
        (error: unknown) => error,
      );
      const stderr = (failure as { stderr?: string } | undefined)?.stderr ?? '';
      // Named as npm test's list of failed tests reads a failure.
      expect(failedTestsIn(stderr)).toEqual([
        { test: expect.stringMatching(/waits\.test\.mjs > waits for a promise nobody settles$/), error: `HangError: no CPU time spent on it for ${IDLE_SAMPLES_FOR_A_HANG / 10} s: it waits for what never comes.` },
      ]);
      expect(failure).toMatchObject({ stdout: expect.stringMatching(/1 passed/) });
      // The file's process went, and took what it started with it: nothing is left holding the folder.
      expect(runningState(Number(await readFile(join(dir, 'child.pid'), 'utf8')))).toBe('gone');
    } finally {
      await rm(dir, { recursive: true });
    }
  });
});
