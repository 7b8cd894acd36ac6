// @vitest-environment happy-dom
// The Web Share API stood in for: neither browser on these machines has a
// share sheet (Chromium and Firefox on Linux), so what the module asks of it
// and makes of its answers is checked here.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasShareSheet, openShareSheet } from './share-sheet';

const LINK = { url: 'https://shrtnr.co/Ab3d', title: 'Spring news' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The navigator of a browser with a share sheet: `share` answers as given, `canShare` as given. */
function withSheet(share: (data: ShareData) => Promise<void>, canShare: (data: ShareData) => boolean = () => true) {
  const sheet = { share: vi.fn(share), canShare: vi.fn(canShare) };
  vi.stubGlobal('navigator', sheet);
  return sheet;
}

describe('the share sheet', () => {
  it('is there when the browser has the Web Share API and it takes the link', () => {
    const sheet = withSheet(async () => undefined);
    expect(hasShareSheet(LINK)).toBe(true);
    expect(sheet.canShare.mock.calls).toEqual([[LINK]]);
  });

  it('is not there when the browser has no share(), no canShare(), or canShare() refuses the link', () => {
    vi.stubGlobal('navigator', {});
    expect(hasShareSheet(LINK)).toBe(false);
    vi.stubGlobal('navigator', { share: async () => undefined });
    expect(hasShareSheet(LINK)).toBe(false);
    withSheet(async () => undefined, () => false);
    expect(hasShareSheet(LINK)).toBe(false);
  });

  it('is given the link and its title, nothing else, or the link alone', async () => {
    const sheet = withSheet(async () => undefined);
    expect(await openShareSheet(LINK)).toBe('shared');
    expect(await openShareSheet({ url: LINK.url })).toBe('shared');
    expect(sheet.share.mock.calls).toEqual([[{ url: LINK.url, title: LINK.title }], [{ url: LINK.url }]]);
  });

  it('closed by the user is cancelled, not failed', async () => {
    withSheet(async () => {
      throw new DOMException('Share canceled', 'AbortError');
    });
    expect(await openShareSheet(LINK)).toBe('cancelled');
  });

  it('refused by the browser (no user activation, a sheet already open) is failed, and said in the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    withSheet(async () => {
      throw new DOMException('Must be handling a user gesture', 'NotAllowedError');
    });
    expect(await openShareSheet(LINK)).toBe('failed');
    expect(warn.mock.calls).toEqual([['Shrtnr: the share sheet refused the link.', 'Must be handling a user gesture']]);
  });
});
