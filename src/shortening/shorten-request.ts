import type { WayIn } from '../storage/history-entry';

// Apart from shortening.ts: the popup builds requests, and must not carry
// the API module (and zod) that deciding an answer needs.

/** One shortening as a way in asks for it. */
export interface ShortenRequest {
  url: string;
  via: WayIn;
  /** The page's title, when the way in knows it (for history and the Markdown/HTML formats). */
  title?: string;
  /** Asked for in a private window: never recorded. */
  private: boolean;
  /** The user asked for a new short link: the cache is not consulted. */
  fresh: boolean;
}

/** A request's title, only when the way in knew a non-blank one. */
export function titled(title: string | undefined): { title?: string } {
  const trimmed = title?.trim();
  return trimmed ? { title: trimmed } : {};
}

/**
 * Where a queued shortening stands while it has no answer yet (issue 11):
 * waiting for the server's rate limit, `untilMs` (Date.now() time) when the
 * wait's end is known, `ahead` the links queued before it; or being sent.
 */
export type ShortenProgress = { state: 'waiting'; untilMs?: number; ahead: number } | { state: 'sending' };

