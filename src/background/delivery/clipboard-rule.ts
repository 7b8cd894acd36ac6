import { lastCopiedClick, offeredLink, type Offer } from '../../storage/session/clipboard-memory';
import type { Click } from '../queue/job-journal';
import { errorText } from '../../platform/error-text';
import { LATE_AFTER_MS } from './late-link';

export type { Click, Offer };

/**
 * The clipboard belongs to the user (issue 11). The extension cannot see what
 * the user copied (that needs clipboardRead, an install warning), so it judges
 * by what it knows:
 * - of several clicks, the last one's link is what stays: a link is copied
 *   only if no link of a later click was copied before it (click order, not
 *   the order answers came in; the popup's copies, and copies by hand in the
 *   extension's pages, count too);
 * - a link that comes more than LATE_AFTER_MS after its click (a long wait for
 *   the limit, a job a restarted worker resumed) is not copied at all: the
 *   user has likely copied something since. Its notification offers it
 *   instead, and clicking the notification copies it.
 * What was last copied is kept in storage.session, so a restarted worker
 * judges the same way.
 */
export { LATE_AFTER_MS };

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

/** A click as it happens (a menu item chosen, a key pressed, a question answered): its time and its place in the order of clicks. */
export const clickNow = (): Click => ({ queuedAt: Date.now(), clickOrder: nextClickOrder() });

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
 * A page is about to copy: the popup its own link, or any page what the user
 * copies by hand (`click` is then the copy's own). A background link of an
 * earlier click must not replace it. Known to this worker at once (no later decision
 * copies an earlier click's link), stored for the next one after. Resolves
 * once the copies decided before it have landed: the page copies after
 * them, or one still on its way (through Chrome's offscreen document, made
 * again after a restart) would land over the page's.
 */
export function pageCopies(click: Click): Promise<void> {
  lastCopiedHere = Math.max(lastCopiedHere, click.clickOrder);
  const earlier = turn;
  const done = turn.then(() => rememberCopied(click.clickOrder));
  turn = done.catch(() => undefined);
  // `turn` never rejects: each link of it is caught as it is added.
  return earlier.then(() => undefined);
}

async function lastCopiedOrder(): Promise<number> {
  return Math.max(lastCopiedHere, await lastCopiedClick.get());
}

async function rememberCopied(clickOrder: number): Promise<void> {
  if (clickOrder <= (await lastCopiedClick.get())) return;
  lastCopiedHere = Math.max(lastCopiedHere, clickOrder);
  await lastCopiedClick.set(clickOrder).catch((error: unknown) => {
    console.warn('Shrtnr: what was last copied could not be stored; a restarted worker may copy an older link.', errorText(error));
  });
}

// One offer at a time, kept then shown: the link the offer notification's click copies is the one it shows.
let offering = Promise.resolve();

/**
 * Keeps a late link for its notification's click (the worker may have
 * stopped by then), then shows that notification (`notify`), each offer's
 * two steps after the last one's.
 */
export function offerLater(offer: Offer, notify: () => Promise<unknown>): Promise<void> {
  const next = offering.then(async () => {
    await offeredLink.set(offer);
    await notify();
  });
  offering = next.catch(() => undefined);
  return next;
}

/** The late link on offer, taken (once); undefined when there is none (or what is stored is not one). */
export async function takeOffer(): Promise<Offer | undefined> {
  const offer = await offeredLink.get();
  await offeredLink.remove();
  return offer;
}
