// The e2e project's setup file (vite.config.ts): after every test, the token
// audit of each session still open judges what the test produced (its
// requests and output, the pages, what the extension keeps, the clipboard:
// audit-checkpoints.ts), and a leak fails that test.
import { afterAll, afterEach } from 'vitest';
import { checkOpenSessions, forgetOpenSessions, saidDuringTest } from './audit-checkpoints';

afterEach(async (context) => {
  // A test that failed (an intermittent one above all) says what the browser said meanwhile: the extension's
  // warnings (a page it could not read, a notification it could not show) are often the why.
  const said = saidDuringTest();
  if (context.task.result?.state === 'fail' && said.length > 0) console.error(`What the browser said during "${context.task.name}":\n${said.join('\n')}`);
  await checkOpenSessions(`the test "${context.task.name}"`);
});

// Runs after the file's own afterAll hooks (vitest runs after-hooks in reverse order, and this file's come first):
// every session the file opened is closed by then, or it is this file's failure, not the next files' noise.
afterAll(() => {
  const left = forgetOpenSessions();
  if (left > 0) throw new Error(`${left} session${left === 1 ? ' was' : 's were'} left open by this file: close each one in an afterAll.`);
});
