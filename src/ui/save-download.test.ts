// @vitest-environment happy-dom
// A file saved as the pages save one: a link to an object URL, clicked in the document, then gone;
// the URL revoked a minute later, not at once (Firefox can cancel a download whose URL is revoked).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveDownload } from './save-download';

const clicked: { href: string; download: string; inDocument: boolean; hidden: unknown }[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:https://extension/1');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download, inDocument: this.isConnected, hidden: this.hidden });
  });
});
afterEach(() => {
  clicked.splice(0);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('saveDownload', () => {
  it('clicks a hidden link to the file, in the document, and leaves nothing behind', () => {
    const file = new Blob(['{}'], { type: 'application/json' });
    saveDownload('shrtnr-history.json', file);
    expect(URL.createObjectURL).toHaveBeenCalledWith(file);
    expect(clicked).toEqual([{ href: 'blob:https://extension/1', download: 'shrtnr-history.json', inDocument: true, hidden: true }]);
    expect(document.querySelectorAll('a')).toHaveLength(0);
  });

  it('lets the object URL go after a minute, not before', () => {
    saveDownload('code.png', new Blob([]));
    vi.advanceTimersByTime(59_999);
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:https://extension/1');
  });
});
