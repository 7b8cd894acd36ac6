import { browser } from '../platform/browser';

// One id: a new result replaces the last instead of stacking up.
const NOTIFICATION_ID = 'shrtnr-result';

export async function notify(title: string, message: string, contextMessage?: string): Promise<void> {
  await browser.notifications.create(NOTIFICATION_ID, {
    type: 'basic',
    iconUrl: browser.runtime.getURL('icons/icon-128.png'),
    title,
    message,
    ...(contextMessage === undefined ? {} : { contextMessage }),
  });
}
