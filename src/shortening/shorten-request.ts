import type { StoredRequest } from '../storage/session/queued-jobs';

// Apart from shortening.ts: the popup builds requests, and must not carry
// the API module (and zod) that deciding an answer needs.

/** One shortening as a way in asks for it (a stored shape too: a queued job carries it). */
export type ShortenRequest = StoredRequest;

/** A request's title, only when the way in knew a non-blank one. */
export function titled(title: string | undefined): { title?: string } {
  const trimmed = title?.trim();
  return trimmed ? { title: trimmed } : {};
}

/**
 * Where a queued shortening stands while it has no answer yet (issue 11):
 * waiting for the server's rate limit, `untilMs` (Date.now() time) when the
 * wait's end is known, `ahead` the links queued before it; `forNetwork`: for
 * the network instead (the browser offline, or the server gave no answer);
 * or being sent.
 */
export type ShortenProgress = { state: 'waiting'; untilMs?: number; ahead: number; forNetwork?: true } | { state: 'sending' };

