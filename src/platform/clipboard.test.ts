// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeClipboard } from './clipboard';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Each flavour a ClipboardItem holds, read back as text. */
async function flavours(item: ClipboardItem): Promise<Record<string, string>> {
  const entries = await Promise.all(item.types.map(async (type) => [type, await (await item.getType(type)).text()] as const));
  return Object.fromEntries(entries);
}

describe('writeClipboard', () => {
  it('writes plain text alone when there is no HTML', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const write = vi.spyOn(navigator.clipboard, 'write').mockResolvedValue(undefined);
    await writeClipboard({ text: 'https://shrtnr.co/Ab3d' });
    expect(writeText.mock.calls).toEqual([['https://shrtnr.co/Ab3d']]);
    expect(write).not.toHaveBeenCalled();
  });

  it('writes the text and the HTML together, as one item with both flavours', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const write = vi.spyOn(navigator.clipboard, 'write').mockResolvedValue(undefined);
    await writeClipboard({ text: 'https://shrtnr.co/Ab3d', html: '<a href="https://shrtnr.co/Ab3d">A page</a>' });
    expect(writeText).not.toHaveBeenCalled();
    const items = write.mock.calls[0]?.[0] ?? [];
    expect(items).toHaveLength(1);
    const [item] = items;
    if (item === undefined) throw new Error('Nothing was written.');
    expect(await flavours(item)).toEqual({ 'text/plain': 'https://shrtnr.co/Ab3d', 'text/html': '<a href="https://shrtnr.co/Ab3d">A page</a>' });
  });

  it("rejects with the browser's reason when it refuses", async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Document is not focused.', 'NotAllowedError'));
    await expect(writeClipboard({ text: 'https://shrtnr.co/Ab3d' })).rejects.toThrow('Document is not focused.');
  });
});
