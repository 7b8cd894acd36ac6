// Messages between the extension's contexts, both ends: each answered only by the context it is for,
// only from the extension's own pages, and a handler's failure told to the sender, never lost.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EXTENSION_ID, EXTENSION_ORIGIN, messageBus } from '../../test/support/message-bus';

const bus = messageBus();
vi.mock('../platform/browser', () => ({ browser: { runtime: bus.runtime } }));

const { listenForMessages, sendMessage } = await import('./messaging');

const FROM_POPUP = { id: EXTENSION_ID, url: `${EXTENSION_ORIGIN}src/popup/index.html` };
const campaignPresets = vi.fn(async () => [{ name: 'Newsletter', params: [] }]);
const copyText = vi.fn(async (_payload: { text: string; html?: string }) => ({ ok: true as const, value: null }));
listenForMessages('background', { 'campaign-presets': campaignPresets, 'use-account': async ({ account }) => account === 'account-1', 'recent-history': async () => Promise.reject(new Error('history is closed')) });
listenForMessages('offscreen', { 'copy-text': copyText });

beforeEach(() => {
  bus.sendFrom(FROM_POPUP);
  vi.clearAllMocks();
});

describe('a message between contexts', () => {
  it("is answered by its target's handler, with the answer as sent", async () => {
    await expect(sendMessage('campaign-presets', {})).resolves.toEqual([{ name: 'Newsletter', params: [] }]);
    await expect(sendMessage('use-account', { account: 'account-1' })).resolves.toBe(true);
    await expect(sendMessage('copy-text', { text: 'https://shrtnr.co/abc' })).resolves.toEqual({ ok: true, value: null });
    // Each context answered its own: the offscreen handler heard only the copy.
    expect(copyText.mock.calls.map(([payload]) => payload)).toEqual([{ text: 'https://shrtnr.co/abc' }]);
  });

  it("rejects with the handler's own reason when the handler fails", async () => {
    await expect(sendMessage('recent-history', { limit: 5 })).rejects.toThrow('"recent-history" failed: history is closed');
  });

  it('from a script in a web page, or another extension, is answered by no one', async () => {
    bus.sendFrom({ id: EXTENSION_ID, url: 'https://example.com/page', tab: { id: 4 } as never });
    await expect(sendMessage('campaign-presets', {})).rejects.toThrow('nothing answered "campaign-presets"');
    bus.sendFrom({ id: 'another-extension', url: 'chrome-extension://another-extension/page.html' });
    await expect(sendMessage('campaign-presets', {})).rejects.toThrow('nothing answered "campaign-presets"');
    expect(campaignPresets).not.toHaveBeenCalled();
  });

  it("from the extension's worker, which Chrome sent with no URL and no tab, is answered", async () => {
    bus.sendFrom({ id: EXTENSION_ID });
    await expect(sendMessage('copy-text', { text: 'x' })).resolves.toEqual({ ok: true, value: null });
  });

  it("whose request is not of its message's shape is refused, saying so, and its handler never hears it", async () => {
    await expect(sendMessage('use-account', { account: 1 } as never)).rejects.toThrow('"use-account" failed: the request is not of its shape');
    await expect(sendMessage('copy-text', { html: '<b>x</b>' } as never)).rejects.toThrow('"copy-text" failed: the request is not of its shape');
    await expect(sendMessage('recent-history', { limit: Number.NaN })).rejects.toThrow('"recent-history" failed: the request is not of its shape');
    expect(copyText).not.toHaveBeenCalled();
  });

  it('that is no envelope, or names no message of the map, is left to other listeners', async () => {
    const answers = await Promise.all([
      bus.runtime.sendMessage('copy-text'),
      bus.runtime.sendMessage({ type: 'copy-text', target: 'offscreen' }),
      bus.runtime.sendMessage({ type: 'toString', target: 'background', payload: {} }),
      bus.runtime.sendMessage({ type: 'copy-text', target: 'background', payload: { text: 'x' } }),
    ]);
    expect(answers).toEqual([undefined, undefined, undefined, undefined]);
    expect(copyText).not.toHaveBeenCalled();
  });
});
