import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../test/support/deferred';

const { sendMessage, writeClipboard } = vi.hoisted(() => ({ sendMessage: vi.fn(), writeClipboard: vi.fn() }));
vi.mock('./messaging', () => ({ sendMessage }));
vi.mock('../platform/clipboard', () => ({ writeClipboard }));

const { copyByHand } = await import('./hand-copy');

beforeEach(() => {
  sendMessage.mockReset();
  writeClipboard.mockReset();
  writeClipboard.mockResolvedValue(undefined);
});

describe('a copy by hand in one of the extension pages', () => {
  it('writes the clipboard only once the worker has answered: the copies of earlier clicks land first', async () => {
    const answer = deferred<null>();
    sendMessage.mockReturnValue(answer.promise);
    const copying = copyByHand({ text: 'https://shrtnr.co/Abc1234' });
    expect(sendMessage).toHaveBeenCalledWith('hand-copy', {});
    // Turns of the microtask queue go by, and the page still waits for the worker's answer.
    for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
    expect(writeClipboard).not.toHaveBeenCalled();
    answer.resolve(null);
    await copying;
    expect(writeClipboard).toHaveBeenCalledWith({ text: 'https://shrtnr.co/Abc1234' });
  });

  it('still copies when the worker cannot be reached, and says so in the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    sendMessage.mockRejectedValue(new Error('Could not establish connection. Receiving end does not exist.'));
    await copyByHand({ text: 'lines', html: '<a>lines</a>' });
    expect(writeClipboard).toHaveBeenCalledWith({ text: 'lines', html: '<a>lines</a>' });
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('rejects as the browser does when it refuses the clipboard', async () => {
    sendMessage.mockResolvedValue(null);
    writeClipboard.mockRejectedValue(new DOMException('Document is not focused.', 'NotAllowedError'));
    await expect(copyByHand({ text: 'x' })).rejects.toThrow('Document is not focused.');
  });
});
