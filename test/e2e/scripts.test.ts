// The project's own command, run as a person runs it: `npm start` with no
// display (the headless demo). It uses the builds already made (NO_BUILD=1):
// the other e2e process reads dist/ and dist-e2e/ meanwhile, and a rebuild
// empties them first. (`npm run bench -- --smoke`, every figure once, takes one
// to three minutes of eleven browser starts: it is run by hand, not in npm test.)
import { execFile, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

const gitStatus = async (): Promise<string> => (await promisify(execFile)('git', ['status', '--porcelain'], { cwd: ROOT })).stdout;

/** Runs `npm run <script> -- args` to its end; resolves with its exit code and what it printed. */
function npmRun(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, output }));
  });
}

/** The value printed after `label` on a line of its own. */
function printed(output: string, label: string): string | undefined {
  return output
    .split('\n')
    .find((line) => line.startsWith(label))
    ?.slice(label.length)
    .trim();
}

describe('the project command', () => {
  it('npm start with no display: the demo makes the sample page\'s short link, copies it, following it lands on that page, and the tree is left as it was', async () => {
    const before = await gitStatus();
    const { code, output } = await npmRun('start', [], { HEADLESS: '1', NO_BUILD: '1', DISPLAY: '' });
    expect(code, output).toBe(0);
    const standIn = printed(output, 'Stand-in Shrtnr API:')?.split(' ')[0] ?? '';
    expect(standIn, output).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const shortUrl = printed(output, 'Short URL shown in the popup:');
    expect(shortUrl, output).toMatch(new RegExp(`^${standIn}/[A-Za-z0-9]{7}$`));
    expect(printed(output, 'Clipboard holds:'), output).toBe(shortUrl);
    expect(printed(output, 'Following it lands on:'), output).toBe(`${standIn}/demo/article`);
    expect(await gitStatus()).toBe(before);
  });
});
