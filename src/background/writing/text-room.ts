import type { StoredRequest } from '../../storage/session/queued-jobs';
import { TEXT_BUDGET_BYTES } from '../../storage/session/session-budget';
import { jobBytes } from '../queue/job-bytes';

// What the texts' links now waiting hold of their share of storage.session.
let held = 0;

/** Room a text's links hold in storage.session: given back once they have all ended. */
export interface TextRoom {
  release(): void;
}

/**
 * Room for a text's links in storage.session (each waits as a job in the
 * journal): held for them when they fit beside the links of the texts already
 * waiting, within the texts' share (session-budget.ts); else how many links
 * like these would fit now. Counted at the most, as if none were in history.
 */
export function holdTextRoom(urls: readonly string[], request: Omit<StoredRequest, 'url'>, server: string): TextRoom | { most: number } {
  const bytes = urls.reduce((sum, url) => sum + jobBytes({ ...request, url }, 'text', server), 0);
  if (held + bytes > TEXT_BUDGET_BYTES) return { most: Math.floor((Math.max(0, TEXT_BUDGET_BYTES - held) * urls.length) / bytes) };
  held += bytes;
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      held -= bytes;
    },
  };
}
