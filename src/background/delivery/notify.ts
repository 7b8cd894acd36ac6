import { browser } from '../../platform/browser';
import { browserWords } from '../../platform/i18n';
import type { MessageKey } from '../../platform/words';
import type { JobFailure } from '../../storage/session/job-failure';
import { errorSentence } from '../../ui/error-words';
import { tellShown } from './shown';
import { errorText } from '../../platform/error-text';

// One id: a new result replaces the last instead of stacking up.
const NOTIFICATION_ID = 'shrtnr-result';
/** A late link's notification (issue 11): clicking it copies the link (Firefox has no notification buttons: https://bugzil.la/1190681). */
export const OFFER_NOTIFICATION_ID = 'shrtnr-offer';

/**
 * Notifications stay in the system's notification history, outside the
 * extension's control, and on screen for whoever is looking: they name a short
 * link and its long URL's host, never the long URL's path or query (a session
 * id, a search, a reset token of another site), nor a label made of them (the
 * Markdown or HTML text copied holds the page's title or the whole long URL).
 * So callers pass a link and fixed sentences, never copied text.
 */
export function notifyLink(title: MessageKey, link: { shortUrl: string; longUrl: string }, note?: string, id = NOTIFICATION_ID): Promise<void> {
  const message = note === undefined ? link.shortUrl : `${link.shortUrl}\n${note}`;
  return notify(browserWords().t(title), message, hostOf(link.longUrl), id);
}

/** A shortening failed: its sentence as a notification may tell it (withoutEchoes). */
export function notifyFailure(error: JobFailure): Promise<void> {
  const words = browserWords();
  return notify(words.t('notifyFailedTitle'), errorSentence(withoutEchoes(error), words));
}

/** A notification of the extension's own words only (counts, a permission's name, hosts and error sentences made safe). */
export function notifySentence(title: MessageKey, sentence: string, id?: string): Promise<void> {
  return notify(browserWords().t(title), sentence, undefined, id);
}

/**
 * Shows a notification. One that cannot be shown (notifications turned off
 * for the browser) does not make the shortening fail: the badge still tells,
 * so this never rejects.
 */
async function notify(title: string, message: string, contextMessage?: string, id = NOTIFICATION_ID): Promise<void> {
  try {
    await browser.notifications.create(id, {
      type: 'basic',
      iconUrl: browser.runtime.getURL('icons/icon-128.png'),
      title,
      message,
      ...(contextMessage === undefined ? {} : { contextMessage }),
    });
  } catch (error) {
    console.warn('Shrtnr: the notification could not be shown.', errorText(error));
  }
  tellShown({ surface: 'notification', text: [title, message, contextMessage].join('\n') });
}

/** A URL's host (with its port), or nothing when it is not one. */
export function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : '';
}

const ADDRESS = /\b[a-z][a-z\d+.-]*:\/\/[^\s"'<>]+/gi;
const MAX_DETAIL_LENGTH = 120;

/**
 * The error without what may echo the long URL: the server's own words (a
 * 422's reason may quote the address it refused, query and all) are left to
 * the badge's tooltip, and a technical detail keeps only the host of any
 * address in it.
 */
export function withoutEchoes(error: JobFailure): JobFailure {
  switch (error.kind) {
    case 'bad-request':
    case 'forbidden':
      return { kind: error.kind };
    case 'rejected-url':
      return { kind: 'rejected-url' };
    case 'internal': {
      const detail = error.detail.replace(ADDRESS, (match) => {
        // Punctuation that ends the sentence around an address is not part of it.
        const [, address = match, after = ''] = /^(.*?)([.,:;!?)]*)$/.exec(match) ?? [];
        return `${hostOf(address) || '…'}${after}`;
      });
      const characters = Array.from(detail);
      return { kind: 'internal', detail: characters.length > MAX_DETAIL_LENGTH ? `${characters.slice(0, MAX_DETAIL_LENGTH - 1).join('')}…` : detail };
    }
    default:
      return error;
  }
}
