// The e2e project's setup file (vite.config.ts): after every test, the token
// audit of each session still open reads what the extension keeps and the
// clipboard (audit-checkpoints.ts), so a token left there by one test counts
// even when a later test clears it.
import { afterEach } from 'vitest';
import { checkOpenSessions } from './audit-checkpoints';

afterEach(async (context) => {
  await checkOpenSessions(`the test "${context.task.name}"`);
});
