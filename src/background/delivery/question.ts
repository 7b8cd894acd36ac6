import { browser } from '../../platform/browser';
import { browserWords } from '../../platform/i18n';
import { tellShown } from './shown';

/** How a question ended: confirmed, declined (closed, where the browser says the user closed it), or not answered in time. */
export type Answer = 'yes' | 'no' | 'unanswered';

/** A yes-or-no question in the user's words: the notification's title and sentence, and its button's words. */
export interface Question {
  title: string;
  message: string;
  confirm: string;
}

/** How long a question waits for its answer: then it is taken down, and counts as not answered. */
export const QUESTION_WAIT_MS = 60_000;
const QUESTION_ID = 'shrtnr-question:';
// Chrome stops a worker after 30 s with no event; an extension API call resets that clock (as the queue's waits do).
const KEEP_AWAKE_MS = 20_000;

const open = new Map<string, { settle(answer: Answer): void; closeDeclines: boolean }>();
let awake: ReturnType<typeof setInterval> | undefined;

/**
 * Asks the user, for a click with no page to ask in, by a notification that
 * says what will happen: a click on it (or, in Chrome, on its button) says
 * yes. Closing it says no where the browser tells a close by the user from
 * one by the system (Chrome); Firefox has no notification buttons
 * (https://bugzil.la/1190681), refuses `requireInteraction`, and calls every
 * close the user's (https://bugzil.la/1413188), closing its notifications on
 * its own after a while: there only the click answers, else the bound.
 * Resolves with the answer, at the latest after `waitMs`.
 */
export function ask(question: Question, waitMs = QUESTION_WAIT_MS): Promise<Answer> {
  const id = `${QUESTION_ID}${crypto.randomUUID()}`;
  return new Promise((resolve) => {
    const entry = {
      closeDeclines: false,
      settle(answer: Answer) {
        if (!open.delete(id)) return;
        clearTimeout(timer);
        keepAwakeWhileOpen();
        void browser.notifications.clear(id).catch(() => undefined);
        resolve(answer);
      },
    };
    const timer = setTimeout(() => entry.settle('unanswered'), waitMs);
    open.set(id, entry);
    keepAwakeWhileOpen();
    void show(id, question).then(
      (closeDeclines) => {
        entry.closeDeclines = closeDeclines;
      },
      () => entry.settle('unanswered'),
    );
  });
}

/** Shows the question: with its button and kept on screen where the browser allows it (then a close is the user's answer). */
async function show(id: string, { title, message, confirm }: Question): Promise<boolean> {
  const shown = { type: 'basic' as const, iconUrl: browser.runtime.getURL('icons/icon-128.png'), title, message };
  tellShown({ surface: 'notification', text: `${title}\n${message}`, id });
  try {
    await browser.notifications.create(id, { ...shown, buttons: [{ title: confirm }], requireInteraction: true } as typeof shown);
    return true;
  } catch {
    // Firefox: no `requireInteraction` (nor buttons). The same question, answered by a click only.
    await browser.notifications.create(id, shown);
    return false;
  }
}

/** A notification was clicked: yes, if it is an open question. One a stopped worker asked is taken down, and says so. */
export async function questionClicked(id: string): Promise<void> {
  if (!id.startsWith(QUESTION_ID)) return;
  const entry = open.get(id);
  if (entry !== undefined) return entry.settle('yes');
  await browser.notifications.clear(id).catch(() => undefined);
  const { t } = browserWords();
  await browser.notifications.create({ type: 'basic', iconUrl: browser.runtime.getURL('icons/icon-128.png'), title: t('questionGoneTitle'), message: t('questionGone') }).catch(() => undefined);
}

/** A notification's button was clicked (Chrome): the question's only button says yes. */
export function questionButtonClicked(id: string, button: number): void {
  if (button === 0) open.get(id)?.settle('yes');
}

/** A notification was closed: no, where the browser says the user closed it and can tell (see ask). */
export function questionClosed(id: string, byUser: boolean): void {
  const entry = open.get(id);
  if (entry?.closeDeclines === true && byUser) entry.settle('no');
}

function keepAwakeWhileOpen(): void {
  if (open.size > 0 && awake === undefined) awake = setInterval(() => void browser.runtime.getPlatformInfo(), KEEP_AWAKE_MS);
  if (open.size === 0 && awake !== undefined) {
    clearInterval(awake);
    awake = undefined;
  }
}
