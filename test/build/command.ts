import { spawn } from 'node:child_process';

export interface CommandOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Ends the command (and every process it started) early: the test's own signal, aborted when vitest gives up on the test. */
  signal?: AbortSignal;
}

/** How long the group has to go once asked to (SIGTERM) before it is killed (SIGKILL). */
const GRACE_MS = 5_000;

/**
 * Runs a command in a process group of its own and settles only once it has
 * ended, with every process it started that kept its output: npm's children
 * (a build, an install script) hold the same pipes, which close last. Aborted,
 * the whole group is ended first, so nothing is left writing into a folder
 * the test is about to remove (a build left running made that removal fail
 * with ENOTEMPTY). Rejects with what it printed when it fails.
 */
export function runCommand(command: string, args: string[], options: CommandOptions): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = { stdout: '', stderr: '' };
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output.stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output.stderr += chunk));
    let killer: NodeJS.Timeout | undefined;
    const endGroup = (): void => {
      signalGroup('SIGTERM');
      killer = setTimeout(() => signalGroup('SIGKILL'), GRACE_MS);
    };
    const signalGroup = (name: NodeJS.Signals): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, name);
      } catch {
        // The group has already gone.
      }
    };
    if (options.signal?.aborted === true) endGroup();
    options.signal?.addEventListener('abort', endGroup, { once: true });
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(killer);
      // Whatever of the group let go of the pipes and lives on is ended too: nothing of it outlives the command.
      signalGroup('SIGKILL');
      options.signal?.removeEventListener('abort', endGroup);
      if (code === 0) resolve(output);
      else reject(Object.assign(new Error(`${command} ${args.join(' ')} ended with ${signal ?? `code ${code}`}`), output));
    });
  });
}
