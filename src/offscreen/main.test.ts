// @vitest-environment happy-dom
// The offscreen page as the worker uses it in Chrome: a copy-text message puts text, and HTML when
// given, on the clipboard through execCommand('copy') and its copy event. happy-dom has no clipboard:
// a stand-in execCommand fires the copy event a browser fires and records what the event was given.
// The real clipboard is the e2e tests' (test/e2e/harness.test.ts, test/e2e/context-menu-and-shortcut.test.ts).
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXTENSION_ID, messageBus } from '../../test/support/message-bus';

const bus = messageBus();
vi.mock('../platform/browser', () => ({ browser: { runtime: bus.runtime } }));

/** What each copy put on the clipboard, and what the buffer held, selected, as it ran. */
interface Copied {
  flavours: Record<string, string>;
  prevented: boolean;
  selected: string;
}
const copies: Copied[] = [];
/** How the browser takes the next execCommand('copy'): fires the event (with or without clipboardData) and says yes, or says no. */
let browserCopies: 'with-data' | 'without-data' | 'refuses' = 'with-data';

function fakeExecCommand(command: string): boolean {
  if (command !== 'copy' || browserCopies === 'refuses') return false;
  const buffer = document.getElementById('clipboard-buffer') as HTMLTextAreaElement;
  const flavours: Record<string, string> = {};
  const event = new Event('copy', { cancelable: true });
  const clipboardData = browserCopies === 'with-data' ? { setData: (type: string, value: string) => void (flavours[type] = value) } : null;
  Object.defineProperty(event, 'clipboardData', { value: clipboardData });
  document.dispatchEvent(event);
  copies.push({ flavours, prevented: event.defaultPrevented, selected: buffer.value.slice(buffer.selectionStart, buffer.selectionEnd) });
  return true;
}

/** The page loaded anew, as the browser loads it, with its buffer or (broken) without. */
async function loadPage(withBuffer = true): Promise<void> {
  vi.resetModules();
  document.body.innerHTML = withBuffer ? '<textarea id="clipboard-buffer" aria-hidden="true"></textarea>' : '';
  document.execCommand = fakeExecCommand;
  await import('./main');
}

const { sendMessage } = await import('../messages/messaging');

beforeEach(() => {
  copies.splice(0);
  browserCopies = 'with-data';
  // Sent by the worker: this extension, no URL (Chrome before mid-2025), no tab.
  bus.sendFrom({ id: EXTENSION_ID });
});

describe('the offscreen page', () => {
  beforeAll(() => loadPage());

  it('puts the text and the HTML on the clipboard, and nothing of its own', async () => {
    await expect(sendMessage('copy-text', { text: 'https://shrtnr.co/abc', html: '<a href="https://shrtnr.co/abc">Page</a>' })).resolves.toEqual({ ok: true, value: null });
    expect(copies).toEqual([{ flavours: { 'text/plain': 'https://shrtnr.co/abc', 'text/html': '<a href="https://shrtnr.co/abc">Page</a>' }, prevented: true, selected: 'https://shrtnr.co/abc' }]);
    // The buffer is emptied: the link does not stay in the page.
    expect((document.getElementById('clipboard-buffer') as HTMLTextAreaElement).value).toBe('');
  });

  it('gives plain text no HTML flavour', async () => {
    await sendMessage('copy-text', { text: 'https://shrtnr.co/abc' });
    expect(copies.map(({ flavours }) => flavours)).toEqual([{ 'text/plain': 'https://shrtnr.co/abc' }]);
  });

  it('leaves the selected text as the copy when the event carries no clipboard data', async () => {
    browserCopies = 'without-data';
    await expect(sendMessage('copy-text', { text: 'https://shrtnr.co/abc', html: '<b>x</b>' })).resolves.toEqual({ ok: true, value: null });
    expect(copies).toEqual([{ flavours: {}, prevented: false, selected: 'https://shrtnr.co/abc' }]);
  });

  it('says the browser refused, and a later copy of the page is not filled with the link', async () => {
    browserCopies = 'refuses';
    await expect(sendMessage('copy-text', { text: 'https://shrtnr.co/abc' })).resolves.toEqual({ ok: false, error: { reason: 'refused' } });
    browserCopies = 'with-data';
    fakeExecCommand('copy');
    expect(copies).toEqual([{ flavours: {}, prevented: false, selected: '' }]);
  });

  it('refuses a payload that is not text', async () => {
    await expect(sendMessage('copy-text', { text: 42 } as never)).rejects.toThrow('"copy-text" failed: the request is not of its shape');
    await expect(sendMessage('copy-text', { text: 'x', html: {} } as never)).rejects.toThrow('"copy-text" failed: the request is not of its shape');
    expect(copies).toEqual([]);
  });
});

it('fails to start without its buffer, rather than copy nothing later', async () => {
  await expect(loadPage(false)).rejects.toThrow('The offscreen page lost its clipboard buffer.');
});
