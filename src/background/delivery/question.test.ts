import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wordsIn } from '../../../test/support/locale-catalogue';

// The question a click with no page asks by a notification, against a fake
// browser (Chrome's, or Firefox's, which refuses `requireInteraction`) and a fake clock.
const created: { id: string | undefined; options: Record<string, unknown> }[] = [];
const cleared: string[] = [];
let firefox = false;
vi.mock('../../platform/browser', () => ({
  browser: {
    notifications: {
      create: async (...args: unknown[]) => {
        const [id, options] = typeof args[0] === 'string' ? [args[0], args[1] as Record<string, unknown>] : [undefined, args[0] as Record<string, unknown>];
        if (firefox && 'requireInteraction' in options) throw new Error('Type error for parameter options (Unexpected property "requireInteraction")');
        created.push({ id, options });
        return id ?? 'generated';
      },
      clear: async (id: string) => {
        cleared.push(id);
        return true;
      },
    },
    runtime: { getURL: (path: string) => path, getPlatformInfo: async () => ({}) },
  },
}));
vi.mock('../../platform/i18n', () => ({ browserWords: () => wordsIn('en') }));

beforeEach(() => {
  vi.useFakeTimers();
  created.length = 0;
  cleared.length = 0;
  firefox = false;
});
afterEach(() => {
  vi.useRealTimers();
});

const question = { title: 'Shorten 60 links?', message: 'That spends up to 60 credits.', confirm: 'Shorten 60 links' };
/** The question's notification, once shown. */
async function shownQuestion(): Promise<{ id: string; options: Record<string, unknown> }> {
  await vi.waitFor(() => expect(created).toHaveLength(1));
  const [first] = created;
  return { id: first?.id ?? '', options: first?.options ?? {} };
}

describe('a question by notification', () => {
  it('in Chrome shows its button and stays on screen; a click on it, or on its button, says yes and takes it down', async () => {
    const { ask, questionButtonClicked, questionClicked } = await import('./question');
    const asked = ask(question);
    const { id, options } = await shownQuestion();
    expect(options).toMatchObject({ title: question.title, message: question.message, buttons: [{ title: 'Shorten 60 links' }], requireInteraction: true });
    questionButtonClicked(id, 0);
    expect(await asked).toBe('yes');
    expect(cleared).toEqual([id]);

    created.length = 0;
    const again = ask(question);
    await questionClicked((await shownQuestion()).id);
    expect(await again).toBe('yes');
  });

  it('in Chrome, closed by the user says no; closed by the system is no answer; after its bound it is taken down, unanswered', async () => {
    const { ask, questionClosed } = await import('./question');
    const asked = ask(question, 60_000);
    const { id } = await shownQuestion();
    questionClosed(id, false);
    await vi.advanceTimersByTimeAsync(59_000);
    questionClosed(id, true);
    expect(await asked).toBe('no');

    created.length = 0;
    const unanswered = ask(question, 60_000);
    const other = await shownQuestion();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await unanswered).toBe('unanswered');
    expect(cleared).toContain(other.id);
  });

  it('in Firefox (no button, every close called the user\'s) is answered by a click only, else unanswered at its bound', async () => {
    firefox = true;
    const { ask, questionClicked, questionClosed } = await import('./question');
    const asked = ask(question, 60_000);
    const { id, options } = await shownQuestion();
    expect(options).not.toHaveProperty('buttons');
    // Firefox closes its notifications on its own, and says the user did.
    questionClosed(id, true);
    await questionClicked(id);
    expect(await asked).toBe('yes');

    created.length = 0;
    const unanswered = ask(question, 60_000);
    questionClosed((await shownQuestion()).id, true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await unanswered).toBe('unanswered');
  });

  it('a click on a question no longer open (a stopped worker asked it) takes it down and says nothing was sent; other notifications are not questions', async () => {
    const { questionClicked } = await import('./question');
    await questionClicked('shrtnr-question:from-a-stopped-worker');
    expect(cleared).toEqual(['shrtnr-question:from-a-stopped-worker']);
    expect(created.map(({ options }) => options.title)).toEqual(['Nothing was sent']);
    await questionClicked('shrtnr-offer');
    expect(created).toHaveLength(1);
  });
});
