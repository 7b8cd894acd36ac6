// The address bar's keyword as the worker sees it: each keystroke an input, words searched in history (read once a
// session) and a link said at once. The keyword typed for real, suggestions and Enter, is firefox.test.ts's.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../../test/support/deferred';

const { setDefaultSuggestion, history } = vi.hoisted(() => ({ setDefaultSuggestion: vi.fn(), history: { all: vi.fn() } }));
// Chrome's build (its descriptions are XML): the address bar's lines are what is checked, not their marks.
vi.mock('../../platform/browser', () => ({
  browser: { omnibox: { setDefaultSuggestion }, runtime: { getURL: () => 'chrome-extension://own-id/' }, tabs: { query: async () => [{ incognito: false }] } },
}));
vi.mock('../../platform/i18n', () => ({ browserWords: () => ({ t: (key: string) => key }) }));
vi.mock('../service/history-access', () => ({ backgroundHistory: () => history, historyFailed: () => () => undefined }));
vi.mock('../delivery/shown', () => ({ tellShown: vi.fn() }));
vi.mock('../delivery/deliver', () => ({ copyChosenLink: vi.fn(), shortenAndCopy: vi.fn() }));
vi.mock('../delivery/failure', () => ({ reportFailure: vi.fn() }));

const { onOmniboxChanged, onOmniboxEntered, onOmniboxStarted } = await import('./omnibox');
const { shortenAndCopy } = await import('../delivery/deliver');
const { reportFailure } = await import('../delivery/failure');
const { tellShown } = await import('../delivery/shown');

/** The lines the address bar was given, in order. */
const lines = () => setDefaultSuggestion.mock.calls.map(([details]) => (details as { description: string }).description);

beforeEach(() => {
  setDefaultSuggestion.mockClear();
  history.all.mockReset();
  history.all.mockResolvedValue({ entries: [] });
  onOmniboxStarted();
});

describe('the address bar, as the keyword is typed', () => {
  it('says at once that a whole link will be shortened', async () => {
    const suggest = vi.fn();
    await onOmniboxChanged('https://example.com/a', suggest);
    expect(lines().at(-1)).toContain('omniboxShortenTyped');
    expect(suggest).toHaveBeenCalledWith([]);
  });

  it('reads history as the keyword is typed, once a session, before the first word asks', async () => {
    expect(history.all).toHaveBeenCalledTimes(1);
    await onOmniboxChanged('garden', vi.fn());
    await onOmniboxChanged('gardening', vi.fn());
    expect(history.all).toHaveBeenCalledTimes(1);
    onOmniboxStarted();
    expect(history.all).toHaveBeenCalledTimes(2);
  });

  it('answers only the last of keystrokes that come together, with one batch of suggestions', async () => {
    const suggest = vi.fn();
    // Each keystroke a task of its own, all queued before the first runs, as the browser hands over a burst.
    const handled = ['g', 'ga', 'gar', 'garden'].map((text) => new Promise((done) => setTimeout(() => done(onOmniboxChanged(text, suggest)), 0)));
    await Promise.all(handled);
    expect(suggest).toHaveBeenCalledTimes(1);
    expect(lines().filter((line) => line.includes('omniboxNoMatch'))).toHaveLength(1);
  });

  it('answers words once the typing pauses: keystrokes under 100 ms apart get one batch, the last', async () => {
    vi.useFakeTimers();
    try {
      const suggest = vi.fn();
      const handled = [onOmniboxChanged('g', suggest)];
      for (const text of ['ga', 'gar']) {
        await vi.advanceTimersByTimeAsync(60);
        handled.push(onOmniboxChanged(text, suggest));
      }
      await vi.advanceTimersByTimeAsync(100);
      expect(suggest).toHaveBeenCalledTimes(1);
      // A pause, then one more key: answered too.
      handled.push(onOmniboxChanged('garden', suggest));
      await vi.advanceTimersByTimeAsync(100);
      await Promise.all(handled);
      expect(suggest).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives the browser its first line only when the line changes, though each keystroke gets its suggestions', async () => {
    const suggest = vi.fn();
    await onOmniboxChanged('https://example.com/a', suggest);
    setDefaultSuggestion.mockClear();
    for (const text of ['g', 'ga', 'gar']) await onOmniboxChanged(text, suggest);
    await onOmniboxChanged('https://example.com/b', suggest);
    await onOmniboxChanged('garden', suggest);
    expect(suggest).toHaveBeenCalledTimes(6);
    expect(lines()).toEqual(['omniboxNoMatch', expect.stringContaining('omniboxShortenTyped'), 'omniboxNoMatch']);
  });

  it('gives Chrome one line for a link typed on, which Chrome fills in, and tells each link as shown', async () => {
    await onOmniboxChanged('garden', vi.fn());
    setDefaultSuggestion.mockClear();
    vi.mocked(tellShown).mockClear();
    for (const text of ['https://example.com/a', 'https://example.com/ab', 'https://example.com/abc']) await onOmniboxChanged(text, vi.fn());
    expect(lines()).toEqual(['<url>%s</url> <dim>omniboxShortenTyped</dim>']);
    await vi.waitFor(() => expect(vi.mocked(tellShown).mock.calls.map(([shown]) => shown.text)).toEqual(['a', 'ab', 'abc'].map((path) => `<url>https://example.com/${path}</url> <dim>omniboxShortenTyped</dim>`)));
  });

  it('gives a line the browser refused again the next time it is wanted', async () => {
    await onOmniboxChanged('https://example.com/a', vi.fn());
    setDefaultSuggestion.mockClear();
    setDefaultSuggestion.mockRejectedValueOnce(new Error('Invalid XML'));
    onOmniboxStarted();
    // Its refusal heard (the worker's handler runs first, attached first) before the line is wanted again.
    const refused = setDefaultSuggestion.mock.results[0]?.value as Promise<unknown> | undefined;
    await refused?.catch(() => undefined);
    onOmniboxStarted();
    onOmniboxStarted();
    expect(lines()).toEqual(['omniboxHint', 'omniboxHint']);
  });

  it('says when words match nothing in history', async () => {
    await onOmniboxChanged('garden', vi.fn());
    expect(lines().at(-1)).toContain('omniboxNoMatch');
  });

  it("keeps a later keystroke's line when an earlier one's search of history ends after it", async () => {
    const read = deferred<{ entries: never[] }>();
    history.all.mockReturnValue(read.promise);
    onOmniboxStarted();
    const suggest = vi.fn();
    // Not yet a link: it waits for history, read at the session's first search.
    const searching = onOmniboxChanged('https:/', suggest);
    // The link typed on: said at once.
    await onOmniboxChanged('https://example.com/a', suggest);
    read.resolve({ entries: [] });
    await searching;
    expect(lines().at(-1)).toContain('omniboxShortenTyped');
    expect(lines().filter((line) => line.includes('omniboxNoMatch'))).toEqual([]);
    expect(suggest).toHaveBeenCalledTimes(1);
  });
});

describe('the address bar, when history cannot be read', () => {
  beforeEach(() => {
    vi.mocked(shortenAndCopy).mockClear();
    vi.mocked(reportFailure).mockClear();
    history.all.mockReset();
    // As in Firefox set never to remember history: IndexedDB refuses the extension's database.
    history.all.mockRejectedValue(new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError'));
    onOmniboxStarted();
  });

  it('says so under words typed, with no suggestion', async () => {
    const suggest = vi.fn();
    await onOmniboxChanged('garden', suggest);
    expect(suggest).toHaveBeenCalledWith([]);
    expect(lines().at(-1)).toBe('historyLoadFailed');
  });

  it('still shortens and copies a link typed and entered', async () => {
    await onOmniboxEntered(' https://example.com/a ');
    expect(shortenAndCopy).toHaveBeenCalledWith({ url: 'https://example.com/a', via: 'omnibox', private: false, fresh: false });
  });

  it('says that history could not be read, not that nothing in it matches, for words entered', async () => {
    await onOmniboxEntered('garden');
    expect(shortenAndCopy).not.toHaveBeenCalled();
    expect(reportFailure).toHaveBeenCalledWith({ kind: 'history-unreadable', detail: expect.stringContaining('did not allow mutations') }, 'historyLoadFailed');
  });
});
