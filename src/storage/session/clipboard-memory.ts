import * as z from 'zod/mini';
import { bySchema } from '../stored-item';
import { sessionItem } from './session-area';

z.config({ jitless: true });

/**
 * The clipboard rule's memory (src/background/delivery/clipboard-rule.ts):
 * the order of the last click whose link was copied, so that a restarted
 * worker never copies an older click's link over it.
 */
export const lastCopiedClick = sessionItem('clipboard:last-copied-click', bySchema(z.number()), 0);

const offerSchema = z.object({
  /** What the notification's click copies: text, and HTML beside it for a rich copy. */
  payload: z.object({ text: z.string(), html: z.optional(z.string()) }),
  /** The link the notifications name (with the long URL's host). */
  shortUrl: z.string(),
  longUrl: z.string(),
});

/** A late link on offer: it came too long after its click to be copied, and its notification's click copies it. */
export type Offer = z.infer<typeof offerSchema>;

export const offeredLink = sessionItem<Offer | undefined>('clipboard:offer', bySchema(offerSchema), undefined);
