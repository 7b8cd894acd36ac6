// Another extension installed beside this one (the harness fixture, playing
// a stranger) sends this one's own messages, as a compromised or curious
// extension could: it gets no answer, nothing is shortened, nothing copied,
// and no token leaves.
import { resolve } from 'node:path';
import type { Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eSession, type E2eSession } from '../support/e2e-session';

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
          setTimeout(() => settle('no answer'), 2_000);
        }),
      session.browser.extensionId,
    );
    expect(heard).toBe('disconnected: Could not establish connection. Receiving end does not exist.');
    expect(session.standIn.apiRequests()).toEqual([]);
    expect(await session.readClipboard()).toBe('mine');
  });
});
