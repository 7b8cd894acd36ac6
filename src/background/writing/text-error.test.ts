import { beforeEach, describe, expect, it, vi } from 'vitest';
import { wordsIn } from '../../../test/support/locale-catalogue';
import type { TextError } from '../../shortening/text-error';
import { textErrorSentence } from '../../ui/text-error-words';

// A text's own failures, in the only words the worker has for them, on the badge's tooltip and in a notification.
const badge: string[] = [];
const notified: string[] = [];
vi.mock('../../platform/browser', () => ({
  browser: {
    action: { setBadgeText: async () => undefined, setBadgeBackgroundColor: async () => undefined, setTitle: async ({ title }: { title: string }) => void badge.push(title) },
    notifications: { create: async (_id: string, { title, message }: { title: string; message: string }) => void notified.push(`${title}\n${message}`) },
    runtime: { getURL: (path: string) => path },
  },
}));
vi.mock('../../platform/i18n', () => ({ browserWords: () => wordsIn('en') }));

const { failText, reportTextFailure } = await import('./text-error');

beforeEach(() => {
  badge.length = 0;
  notified.length = 0;
});

describe("a text's own failures", () => {
  it.each<[TextError, string]>([
    [{ kind: 'no-links-selected' }, 'The selected text holds no web address and no link. Select text with links, or with addresses that start with https:// or http://.'],
    [{ kind: 'no-links-in-field' }, 'This field holds no web address to shorten. Addresses start with https:// or http://.'],
    [{ kind: 'field-unreadable' }, 'Shrtnr cannot change this field: it only changes text areas, text inputs and editable text, on pages the browser lets it read.'],
    [{ kind: 'field-hidden' }, 'Nothing was changed: the field that has the focus is hidden from view (the page may have moved the focus as the menu opened). Click in the field you see, then try again.'],
    [{ kind: 'text-too-large', links: 900, most: 400 }, 'Nothing was sent: these 900 links are more than Shrtnr can keep waiting at once (there is room for 400 now). Shorten them a part at a time.'],
    [{ kind: 'not-confirmed', links: 40 }, 'Nothing was sent: shortening these 40 links was not confirmed.'],
  ])('$kind, in words of its own', (error, sentence) => {
    expect(textErrorSentence(error, wordsIn('en'))).toBe(sentence);
  });

  it('are said on the badge and in a notification, found before anything started or once the badge was', async () => {
    const hidden = { kind: 'field-hidden' } as const;
    await expect(reportTextFailure(hidden)).resolves.toEqual({ status: 'failed', error: hidden });
    const sentence = textErrorSentence(hidden, wordsIn('en'));
    expect(badge.at(-1)).toBe(sentence);
    expect(notified).toEqual([`Could not shorten the link\n${sentence}`]);

    const declined = { kind: 'not-confirmed', links: 40 } as const;
    await expect(failText(declined)).resolves.toEqual({ status: 'failed', error: declined });
    expect(notified.at(-1)).toBe('Could not shorten the link\nNothing was sent: shortening these 40 links was not confirmed.');
  });
});
