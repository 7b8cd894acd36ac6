import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pollUntil } from '../../tooling/poll';
import { runCommand } from '../build/command';

/**
 * Whether a process can still write anywhere: it holds a file open (Linux's /proc). One that has ended holds none,
 * whether it is gone, a zombie not yet reaped, or still in the kernel's exit path: the pipes close (and the command
 * settles) as it lets go of its files, which on a busy machine may be a moment before its state says it has ended.
 */
function holdsFiles(pid: number): boolean {
  try {
    return readdirSync(`/proc/${pid}/fd`).length > 0;
  } catch {
    return false;
  }
}

describe("the build tests' commands (test/build/command.ts)", () => {
  it('gives what the command printed, and fails with it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shrtnr-command-'));
    try {
      expect(await runCommand('sh', ['-c', 'echo out; echo err >&2'], { cwd: dir, env: process.env })).toEqual({ stdout: 'out\n', stderr: 'err\n' });
      await expect(runCommand('sh', ['-c', 'echo why >&2; exit 3'], { cwd: dir, env: process.env })).rejects.toMatchObject({ message: expect.stringContaining('code 3'), stderr: 'why\n' });
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  it('aborted, ends every process the command started before it settles, so nothing writes into its folder after', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shrtnr-command-'));
    const stop = new AbortController();
    // A process the command starts, as npm starts a build: it writes into the folder until it is ended.
    const ended = runCommand('sh', ['-c', `sh -c 'echo $$ > writer; while :; do echo x >> out; done' & wait`], { cwd: dir, env: process.env, signal: stop.signal });
    await pollUntil(() => (existsSync(join(dir, 'out')) ? true : undefined), { timeoutMs: 10_000, failure: 'The command never began to write.' });
    stop.abort();
    await expect(ended).rejects.toThrow(/SIGTERM/);
    expect(holdsFiles(Number(await readFile(join(dir, 'writer'), 'utf8')))).toBe(false);
    // No retries: nothing writes there any more.
    await rm(dir, { recursive: true });
  });
});
