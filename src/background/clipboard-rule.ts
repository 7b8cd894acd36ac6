import { browser } from '../platform/browser';
import type { ClipboardPayload } from '../shortening/copy-formats';

/**
 * The clipboard belongs to the user (issue 11). The extension cannot see what
 * the user copied (that needs clipboardRead, an install warning), so it judges
 * by what it knows:
 * - of several clicks, the last one's link is what stays: a link is copied
 *   only if no link of a later click was copied before it (click order, not
 *   the order answers came in; the popup's copies count too);
 * - a link that comes more than LATE_AFTER_MS after its click (a long wait for
 *   the limit, a job a restarted worker resumed) is not copied at all: the
 *   user has likely copied something since. Its notification offers it
 *   instead, and clicking the notification copies it.
 * What was last copied is kept in storage.session, so a restarted worker
 * judges the same way.
 */
export const LATE_AFTER_MS = 30_000;
const LAST_COPIED_KEY = 'clipboard:last-copied-click';
const OFFER_KEY = 'clipboard:offer';

export interface Click {
  /** Date.now() at the click. */
  queuedAt: number;
  clickOrder: number;
}

let lastOrder = 0;
// What was last copied is also kept here: storage.session may refuse a write (its quota), and this worker must still judge right.
let lastCopiedHere = 0;

/**
 * A number for a click that is higher than every earlier click's, in this
 * worker and the ones before it (microseconds of the clock; a restart takes
 * longer than a thousand clicks in a millisecond).
 */
export function nextClickOrder(now = Date.now()): number {
  lastOrder = Math.max(now * 1000, lastOrder + 1);
  return lastOrder;
}

export type CopyDecision = 'copy' | 'late' | 'superseded';

// Decisions and the copies they lead to run one at a time, or two answers
// arriving together could both decide to copy and land in the wrong order.
let turn: Promise<unknown> = Promise.resolve();

/**
 * Decides for one link and, when it is 'copy', runs `copy` (which says
 * whether it succeeded) before any other decision is made; a copy that
 * succeeded is remembered.
 */
export function copyIfStillWanted(click: Click, copy: () => Promise<boolean>, now = Date.now): Promise<CopyDecision> {
  const decided = turn.then(async (): Promise<CopyDecision> => {
    if (now() - click.queuedAt > LATE_AFTER_MS) return 'late';
    if (click.clickOrder <= (await lastCopiedOrder())) return 'superseded';
    if (await copy()) await rememberCopied(click.clickOrder);
    return 'copy';
  });
  turn = decided.catch(() => undefined);
  return decided;
}

/**
 * The popup is about to copy its own link: a background link of an earlier
 * click must not replace it. Known to this worker at once (the popup's answer
 * does not wait for storage), stored for the next one after.
 */
export function popupCopies(click: Click): void {
  lastCopiedHere = Math.max(lastCopiedHere, click.clickOrder);
  const done = turn.then(() => rememberCopied(click.clickOrder));
  turn = done.catch(() => undefined);
}

async function lastCopiedOrder(): Promise<number> {
  const stored = (await browser.storage.session.get(LAST_COPIED_KEY))[LAST_COPIED_KEY];
  return Math.max(lastCopiedHere, typeof stored === 'number' ? stored : 0);
}

async function rememberCopied(clickOrder: number): Promise<void> {
  const stored = (await browser.storage.session.get(LAST_COPIED_KEY))[LAST_COPIED_KEY];
  if (typeof stored === 'number' && clickOrder <= stored) return;
  lastCopiedHere = Math.max(lastCopiedHere, clickOrder);
  await browser.storage.session.set({ [LAST_COPIED_KEY]: clickOrder }).catch((error: unknown) => {
    console.warn('Shrtnr: what was last copied could not be stored; a restarted worker may copy an older link.', error instanceof Error ? error.message : String(error));
  });
}

/** A late link on offer: what its notification's click copies, and the link the notifications name. */
export interface Offer {
  payload: ClipboardPayload;
  shortUrl: string;
  longUrl: string;
}

/** Keeps a late link for its notification's click (the worker may have stopped by then). */
export async function offerLater(offer: Offer): Promise<void> {
  await browser.storage.session.set({ [OFFER_KEY]: offer });
}

/** The late link on offer, taken (once); undefined when there is none (or what is stored is not one). */
export async function takeOffer(): Promise<Offer | undefined> {
  const stored = (await browser.storage.session.get(OFFER_KEY))[OFFER_KEY] as { payload?: Partial<ClipboardPayload>; shortUrl?: unknown; longUrl?: unknown } | undefined;
  await browser.storage.session.remove(OFFER_KEY);
  const payload = stored?.payload;
  if (typeof payload?.text !== 'string' || typeof stored?.shortUrl !== 'string' || typeof stored.longUrl !== 'string') return undefined;
  return { payload: { text: payload.text, ...(typeof payload.html === 'string' ? { html: payload.html } : {}) }, shortUrl: stored.shortUrl, longUrl: stored.longUrl };
}
