import { browser } from '../platform/browser';
import { recordShownForE2e } from './e2e-hooks';

// One id: a new result replaces the last instead of stacking up.
const NOTIFICATION_ID = 'shrtnr-result';
/** A late link's notification (issue 11): clicking it copies the link (Firefox has no notification buttons). */
export const OFFER_NOTIFICATION_ID = 'shrtnr-offer';

/**
 * Shows the result of a background shortening. A notification that cannot be
 * shown (notifications turned off for the browser) does not make the
 * shortening fail: the badge still tells, so this never rejects.
 */
export async function notify(title: string, message: string, contextMessage?: string, id = NOTIFICATION_ID): Promise<void> {
  try {
    await browser.notifications.create(id, {
      type: 'basic',
      iconUrl: browser.runtime.getURL('icons/icon-128.png'),
      title,
      message,
      ...(contextMessage === undefined ? {} : { contextMessage }),
    });
  } catch (error) {
    console.warn('Shrtnr: the notification could not be shown.', error instanceof Error ? error.message : String(error));
  }
  if (import.meta.env.MODE === 'e2e') recordShownForE2e({ surface: 'notification', text: [title, message, contextMessage].join('\n') });
}
