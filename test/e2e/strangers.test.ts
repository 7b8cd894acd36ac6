// Another extension installed beside this one (the harness fixture, playing
// a stranger) sends this one's own messages, as a compromised or curious
// extension could: it gets no answer, nothing is shortened, nothing copied,
// and no token leaves. So does a script this extension injected into a page,
// as a page that took over its renderer could make it do; and such a script
// finds no token in any storage it can reach.
import { resolve } from 'node:path';
import type { Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eSession, type E2eSession } from '../support/e2e-session';
import { injectedStorageProbe } from '../support/storage-probe';

const STRANGER_DIR = resolve(import.meta.dirname, '../fixtures/harness-extension');

let session: E2eSession;
let stranger: Worker;

beforeAll(async () => {
  session = await startE2eSession({ alsoLoad: [STRANGER_DIR] });
  await session.useStandIn();
  const ownOrigin = session.browser.extensionUrl('');
  const found = session.browser.context.serviceWorkers().find((worker) => worker.url().startsWith('chrome-extension://') && !worker.url().startsWith(ownOrigin));
  stranger = found ?? (await session.browser.context.waitForEvent('serviceworker', { predicate: (worker) => !worker.url().startsWith(ownOrigin) }));
});
afterAll(() => session?.close());

describe('a message from another extension', () => {
  it.each([
    ['an old-style shorten message, to the worker', { type: 'shorten', target: 'background', payload: { url: 'https://example.com/from-a-stranger' } }],
    ['copy-text, to the offscreen document', { type: 'copy-text', target: 'offscreen', payload: { text: 'https://evil.example/planted' } }],
  ])('%s: is ignored, with no answer, no request and nothing copied', async (_name, message) => {
    await session.setClipboard('mine');
    session.standIn.clearLog();
    // Our extension listens to its own pages only (runtime.onMessage, checking the sender),
    // never to runtime.onMessageExternal: the browser finds no receiver for a stranger.
    const answer = await stranger.evaluate(
      async ({ targetId, sent }) => {
        try {
          return { answered: JSON.stringify((await chrome.runtime.sendMessage(targetId, sent)) ?? null) };
        } catch (error) {
          return { refused: String(error) };
        }
      },
      { targetId: session.browser.extensionId, sent: message },
    );
    expect(answer).toEqual({ refused: expect.stringContaining('Receiving end does not exist') });
    expect(session.standIn.apiRequests()).toEqual([]);
    expect(await session.readClipboard()).toBe('mine');
  });

  it('is refused by the manifest itself: no extension id may connect (externally_connectable with none)', async () => {
    // Whatever listener a later change might add, Chrome lets no other extension reach it.
    const declared = await (await session.worker()).evaluate(() => chrome.runtime.getManifest().externally_connectable);
    expect(declared).toEqual({ ids: [] });
  });

  it('the popup\'s shortening port, opened by a stranger: closed at once, with no request and nothing copied', async () => {
    await session.setClipboard('mine');
    session.standIn.clearLog();
    // runtime.onConnect hears this extension's own pages only; a stranger's port goes to
    // onConnectExternal, which this extension never listens to.
    const heard = await stranger.evaluate(
      (targetId) =>
        new Promise<string>((settle) => {
          const port = chrome.runtime.connect(targetId, { name: 'shorten' });
          port.onMessage.addListener((message) => settle(`answered ${JSON.stringify(message)}`));
          port.onDisconnect.addListener(() => settle(`disconnected: ${chrome.runtime.lastError?.message ?? ''}`));
          port.postMessage({ type: 'shorten', request: { url: 'https://example.com/from-a-stranger', via: 'popup-tab', private: false, fresh: false } });
          // The browser's disconnect, not this, is the answer: 30 s, the tests' wait for an event, for a browser that never says.
          setTimeout(() => settle('no answer'), 30_000);
        }),
      session.browser.extensionId,
    );
    expect(heard).toBe('disconnected: Could not establish connection. Receiving end does not exist.');
    expect(session.standIn.apiRequests()).toEqual([]);
    expect(await session.readClipboard()).toBe('mine');
  });
});

/**
 * A stand-in page this extension may inject into: the popup opened on its tab,
 * as a press of the toolbar button does, grants activeTab (and copies its link).
 */
async function injectablePage(): Promise<{ page: Page; tabId: number }> {
  const page = await session.openTab('/demo/destination?injected=1');
  const popup = await session.browser.openPopup(page);
  await popup.getByTestId('short-url').waitFor();
  await popup.close();
  session.standIn.clearLog();
  await page.bringToFront();
  const tabId = await (await session.worker()).evaluate(async () => (await chrome.tabs.query({ active: true, lastFocusedWindow: true })).at(0)?.id ?? -1);
  return { page, tabId };
}

/**
 * Runs a probe as a script of this extension in that page (as reading a
 * page's short link does), and gives what it heard: 'copy-text' asks the
 * offscreen document to copy; 'worker' asks the worker for recent history and
 * opens the popup's shortening port.
 */
async function fromInjectedScript(tabId: number, probe: 'copy-text' | 'worker'): Promise<string> {
  return (await session.worker()).evaluate(
    async ({ id, kind }) => {
      const [injection] = await chrome.scripting.executeScript({
        target: { tabId: id },
        args: [kind],
        func: async (asked: string) => {
          // Inside: Chrome sends the function to the page as its text, so it must hold all it uses.
          // oxlint-disable-next-line unicorn/consistent-function-scoping
          const reply = (message: object) =>
            chrome.runtime.sendMessage(message).then(
              (answer: unknown) => JSON.stringify(answer ?? null),
              (error: unknown) => `refused: ${String(error)}`,
            );
          if (asked === 'copy-text') return reply({ type: 'copy-text', target: 'offscreen', payload: { text: 'https://evil.example/planted' } });
          const history = await reply({ type: 'recent-history', target: 'background', payload: { limit: 5 } });
          const port = await new Promise<string>((settle) => {
            const opened = chrome.runtime.connect({ name: 'shorten' });
            opened.onMessage.addListener((message) => settle(`answered ${JSON.stringify(message)}`));
            opened.onDisconnect.addListener(() => settle('disconnected'));
            // A runtime.Port, not a window: it takes no target origin.
            // oxlint-disable-next-line unicorn/require-post-message-target-origin
            opened.postMessage({ type: 'shorten', request: { url: 'https://example.com/from-a-page', via: 'popup-tab', private: false, fresh: false } });
          });
          return `${history} | ${port}`;
        },
      });
      return String(injection?.result);
    },
    { id: tabId, kind: probe },
  );
}

describe("a script this extension injected into a page (its id, the page's renderer)", () => {
  let tab: { page: Page; tabId: number };
  beforeAll(async () => {
    tab = await injectablePage();
  });
  afterAll(() => tab?.page.close());

  it('copy-text, to the offscreen document: heard from the worker, ignored from the page', async () => {
    const worker = await session.worker();
    // The offscreen document, as the first copy from the worker makes it.
    await worker.evaluate(async () => {
      const open = await chrome.runtime.getContexts({ contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT] });
      if (open.length === 0) await chrome.offscreen.createDocument({ url: 'src/offscreen/index.html', reasons: [chrome.offscreen.Reason.CLIPBOARD], justification: 'the test' });
    });
    // The same message is heard from the worker: the test can see a copy.
    await worker.evaluate(() => chrome.runtime.sendMessage({ type: 'copy-text', target: 'offscreen', payload: { text: 'from-the-worker' } }));
    expect(await session.readClipboard()).toBe('from-the-worker');

    await session.setClipboard('mine');
    expect(await fromInjectedScript(tab.tabId, 'copy-text')).not.toContain('answered');
    expect(await session.readClipboard()).toBe('mine');
  });

  it("the worker's messages, and the popup's shortening port (closed at once): no answer, no request", async () => {
    const heard = await fromInjectedScript(tab.tabId, 'worker');
    expect(heard).not.toContain('answered');
    expect(heard).toMatch(/ \| disconnected$/);
    expect(session.standIn.apiRequests()).toEqual([]);
  });

  it('reads no token by any storage API: storage.local and storage.sync are closed to it, and nothing it can open holds one', async () => {
    // A token is kept, and the worker that closed the areas to pages has started.
    expect((await session.storedTokens()).kept).toEqual({ 'account-1': { token: session.standIn.demoToken, server: session.standIn.baseUrl } });
    const found = await (await session.worker()).evaluate<Record<string, string>>(injectedStorageProbe(tab.tabId));
    expect(JSON.stringify(found)).not.toContain(session.standIn.demoToken);
    expect(found).toMatchObject({
      'storage.local': 'refused: Access to storage is not allowed from this context.',
      'storage.sync': 'refused: Access to storage is not allowed from this context.',
      'storage.session': 'refused: Access to storage is not allowed from this context.',
    });
  });
});
