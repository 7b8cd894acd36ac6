// Running a function in a page with the access a click granted: asked again while Chromium says that access is not
// there yet (right after the click), never for any other refusal, nor for a read that no click just granted.
import { afterEach, describe, expect, it, vi } from 'vitest';

const executeScript = vi.fn();
vi.mock('./browser', () => ({ browser: { scripting: { executeScript } } }));

const { readSelection, readPageShortLinks } = await import('./page-reading');

const NOT_YET = new Error('Cannot access contents of the page. Extension manifest must request permission to access the respective host.');
const SELECTED = { of: 'selection', text: 'seen' };

afterEach(() => {
  vi.useRealTimers();
  executeScript.mockReset();
  vi.restoreAllMocks();
});

/** Runs `read` to its end with the clock played forward; each warning's reason and wait kept. */
async function withClock<T>(read: () => Promise<T>): Promise<{ value: T; said: unknown[][] }> {
  vi.useFakeTimers();
  const said: unknown[][] = [];
  vi.spyOn(console, 'warn').mockImplementation((...words: unknown[]) => void said.push(words.slice(1)));
  const reading = read();
  await vi.runAllTimersAsync();
  return { value: await reading, said };
}

describe('a read right after the click (the selection, the field)', () => {
  it('asks again while Chromium says the access is not there yet, and gives what the page answers then', async () => {
    executeScript.mockRejectedValueOnce(NOT_YET).mockRejectedValueOnce(NOT_YET).mockResolvedValueOnce([{ result: SELECTED }]);
    const { value, said } = await withClock(() => readSelection(4, 0, 1_000));
    expect(value).toEqual(SELECTED);
    expect(executeScript).toHaveBeenCalledTimes(3);
    expect(said).toEqual([[NOT_YET.message, 50], [NOT_YET.message, 150]]);
  });

  it('gives up after four more asks: the page is then one that cannot be read', async () => {
    executeScript.mockRejectedValue(NOT_YET);
    const { value } = await withClock(() => readSelection(4, 0, 1_000));
    expect(value).toBeUndefined();
    expect(executeScript).toHaveBeenCalledTimes(5);
  });

  it('takes any other refusal as final at once (a browser page, a PDF)', async () => {
    executeScript.mockRejectedValue(new Error('Cannot access a chrome:// URL'));
    const { value, said } = await withClock(() => readSelection(4, 0, 1_000));
    expect(value).toBeUndefined();
    expect(executeScript).toHaveBeenCalledTimes(1);
    expect(said).toEqual([['Cannot access a chrome:// URL', '']]);
  });
});

describe('a read no click just granted (a page’s own short link, as in a tabs run)', () => {
  it('does not ask again: a tab the extension may not read is skipped at once', async () => {
    executeScript.mockRejectedValue(NOT_YET);
    const { value } = await withClock(() => readPageShortLinks(4, ['shortlink']));
    expect(value).toBeUndefined();
    expect(executeScript).toHaveBeenCalledTimes(1);
  });
});
