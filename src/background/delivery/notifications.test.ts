import { beforeEach, describe, expect, it, vi } from 'vitest';
import { wordsIn } from '../../../test/support/locale-catalogue';
import type { JobFailure } from '../../storage/session/job-failure';
import { success } from '../../api/result';
import type { Shortening } from '../../shortening/shortening';

// Every notification the background shows, against a fake browser: what the
// system's notification history would keep.
const shown: string[] = [];
const session = new Map<string, unknown>();
vi.mock('../../platform/browser', async () => {
  const { fakeSessionArea } = await import('../../../test/support/fake-session-area');
  return {
    browser: {
      notifications: {
        create: async (_id: string, options: { title: string; message: string; contextMessage?: string }) => {
          shown.push([options.title, options.message, options.contextMessage ?? ''].join('\n'));
        },
      },
      runtime: { getURL: (path: string) => path },
      storage: {
        session: fakeSessionArea(session),
      },
    },
  };
});
vi.mock('../../platform/i18n', () => ({ browserWords: () => wordsIn('en') }));
vi.mock('./clipboard', () => ({ copyFromBackground: async () => ({ ok: true, value: null }), copyFailureSentence: () => 'The browser refused.' }));

beforeEach(() => {
  shown.length = 0;
  session.clear();
});

const SECRET = 'reset-token-5f2a9c';
const LONG_URL = `https://bank.example/account/reset?token=${SECRET}`;
const TITLE = 'Reset your password';
const link: Shortening = { shortUrl: 'https://shrtnr.co/Ab3dE', longUrl: LONG_URL, title: TITLE, used: 1, fromHistory: false, removedParams: [], secretParams: [] };

/** A notification names the short link and the long URL's host, nothing more of either. */
function expectOnlyLinkAndHost(text: string): void {
  expect(text).not.toContain(SECRET);
  expect(text).not.toContain('/account');
  expect(text).not.toContain(TITLE);
}

describe('notifications', () => {
  it('offer a late link, and say it was copied once clicked, naming the link and host only whatever the copy format', async () => {
    const { finishedForNobody, copyOffered } = await import('./deliver');
    const { OFFER_NOTIFICATION_ID } = await import('./notify');
    for (const copyFormat of ['markdown', 'html', 'rich'] as const) {
      shown.length = 0;
      await finishedForNobody({ result: success(link), autoCopy: true, copyFormat });
      await copyOffered(OFFER_NOTIFICATION_ID);

      expect(shown).toHaveLength(2);
      expect(shown[1]).toBe(`Short link copied\n${link.shortUrl}\nbank.example`);
      for (const text of shown) {
        expect(text).toContain(link.shortUrl);
        expectOnlyLinkAndHost(text);
      }
    }
  });

  it("leave out the server's own words and a detail's addresses, which may echo the long URL", async () => {
    const { notifyFailure } = await import('./notify');
    const echoes: JobFailure[] = [
      { kind: 'rejected-url', reason: `${LONG_URL} is not allowed` },
      { kind: 'bad-request', serverMessage: `Malformed: ${LONG_URL}` },
      { kind: 'forbidden', serverMessage: `No credits for ${LONG_URL}` },
      { kind: 'internal', detail: `Failed to read ${LONG_URL}: aborted` },
    ];
    for (const error of echoes) await notifyFailure(error);

    expect(shown).toHaveLength(echoes.length);
    for (const text of shown) expectOnlyLinkAndHost(text);
    expect(shown[3]).toContain('Failed to read bank.example: aborted');
  });
});
