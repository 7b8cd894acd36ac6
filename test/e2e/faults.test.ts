// Faults of the server, the network and the browser, through the real popup
// and the worker: each gets a clear message, and Retry works once it clears.
// Hostile answers (redirects, huge, trickling, non-UTF-8 or ambiguous bodies,
// plain-http short links) are refused: nothing copied, no token elsewhere.
// Runs modules only a browser runs (test/support/browser-only-modules.ts): src/background/testing/e2e-values.ts (its timeout).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startE2eSession, UNRESOLVABLE_HOST, type E2eSession } from '../support/e2e-session';
import { countdownShown, shownError } from '../support/popup-page';
import { startStandIn, type Fault } from '../../tooling/stand-in/server';
import { pollUntil } from '../../tooling/poll';
import { ageJournalledClicks } from '../support/aged-journal';
import { E2E_REQUEST_TIMEOUT_MS } from '../../src/background/testing/e2e-values';

let session: E2eSession;
// The e2e build's request timeout (dist/ waits 10 s); a fault that must outlast it holds its answer past the test's own end.
const TIMED_OUT = `The server did not answer within ${E2E_REQUEST_TIMEOUT_MS / 1000} seconds. Try again.`;
const survived: string[] = [];
const refused: string[] = [];

beforeAll(async () => {
  session = await startE2eSession();
});
afterAll(async () => {
  console.log(`Faults survived (clear message, then a working retry): ${survived.length}: ${survived.join('; ')}`);
  console.log(`Hostile answers refused (clear message, nothing copied, no token elsewhere): ${refused.length}: ${refused.join('; ')}`);
  await session?.close();
});
beforeEach(async () => {
  await session.useStandIn();
  session.standIn.setFault(null);
  session.standIn.resetRateLimits();
  session.standIn.clearLog();
});

async function popupShowingError(): Promise<{ tab: Page; popup: Page; kind: string | null; message: string }> {
  const tab = await session.openTab('/demo/article');
  const popup = await session.browser.openPopup(tab);
  return { tab, popup, ...(await shownError(popup, 60_000)) };
}

/** The popup on an article while its server gives no answer: what it shows waiting, then once Cancel is pressed. */
async function popupCancelledWaitingForNetwork(): Promise<{ tab: Page; popup: Page; waiting: { text: string | null; cancel: boolean }; cancelled: string | null }> {
  const tab = await session.openTab('/demo/article');
  const popup = await session.browser.openPopup(tab);
  const waiting = await countdownShown(popup);
  await popup.getByRole('button', { name: 'Cancel' }).click();
  return { tab, popup, waiting, cancelled: (await shownError(popup)).kind };
}

const WAITING_FOR_NETWORK = { waiting: { text: 'Waiting for the network…', cancel: true }, cancelled: 'cancelled' };

async function retryWorks(popup: Page, tab: Page): Promise<void> {
  await popup.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => popup.getByLabel('Short link').inputValue({ timeout: 500 }).catch(() => '')).toMatch(session.shortUrlPattern());
  await popup.close();
  await tab.close();
}

/** The popup on an article, its first request answered with `fault`. */
async function popupAfter(fault: Fault): Promise<{ tab: Page; popup: Page }> {
  session.standIn.setFault(fault, { times: 1 });
  const tab = await session.openTab('/demo/article');
  return { tab, popup: await session.browser.openPopup(tab) };
}

/** The link comes with no click and no alert, on the second request. */
async function expectLinkWithNoClick({ tab, popup }: { tab: Page; popup: Page }): Promise<void> {
  await expect.poll(() => popup.getByLabel('Short link').inputValue({ timeout: 500 }).catch(() => '')).toMatch(session.shortUrlPattern());
  expect(await popup.getByRole('alert').count()).toBe(0);
  expect(session.standIn.apiRequests()).toHaveLength(2);
  await popup.close();
  await tab.close();
}

// Which fault gives which error is proven against the stand-in by the API
// module's integration tests (test/integration/api-client.test.ts, every
// fault and status) and its sentence by src/ui/error-words.test.ts; here one
// case of each family stays, with what only the browser can show: its own
// fetch, its network and certificate failures, the popup's message, the
// clipboard left alone and the token going nowhere else.
describe('server faults, in the popup', () => {
  const cases: { name: string; fault: Fault; kind: string; message: RegExp }[] = [
    // The server spoke, its answer cut off: said as such (it may have made the link), not as a network that is down.
    { name: 'connection reset mid-response', fault: { kind: 'reset-mid-response' }, kind: 'network', message: /^The answer from 127\.0\.0\.1:\d+ broke off before it was complete, so the link may have been made/ },
    { name: 'HTML 500 page', fault: { kind: 'html-500' }, kind: 'server-error', message: /^The Shrtnr server failed \(HTTP 500\)\. Try again in a little while\.$/ },
  ];

  it.each(cases)('$name', async ({ name, fault, kind, message }) => {
    session.standIn.setFault(fault, { times: 1 });
    const { tab, popup, ...shown } = await popupShowingError();
    expect(shown).toMatchObject({ kind });
    expect(shown.message).toMatch(message);
    await retryWorks(popup, tab);
    survived.push(name);
  });

  // A 429 is waited out (issue 11): the popup says it waits, then shows the link with no click.
  it('429 with Retry-After: the wait counted down, then the link with no click', async () => {
    const opened = await popupAfter({ kind: 'status', status: 429, body: '{"message":"Too Many Attempts."}', headers: { 'Retry-After': '2', 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '0' } });
    expect((await countdownShown(opened.popup)).text).toMatch(/^Waiting [12] seconds? for the server's limit…$/);
    await expectLinkWithNoClick(opened);
    survived.push('429 with Retry-After');
  });

  it('429 without Retry-After: waited out, then the link with no click', async () => {
    await expectLinkWithNoClick(await popupAfter({ kind: 'status', status: 429, body: '' }));
    survived.push('429 without Retry-After');
  });

  // Dropped every time, not once: Chromium resends a request by itself when a
  // reused keep-alive connection closes before answering, so a single drop
  // may never reach the extension at all (seen here, depending on reuse).
  it('a server that gives no answer (its connection dropped every time): the popup waits for the network with Cancel, the badge counts it, and the link comes with no click once it answers, one credit spent', async () => {
    session.standIn.setFault({ kind: 'drop-connection' });
    const tab = await session.openTab('/demo/article');
    const popup = await session.browser.openPopup(tab);
    expect(await countdownShown(popup)).toEqual({ text: 'Waiting for the network…', cancel: true });
    await expect.poll(() => session.badge()).toEqual({ text: '1', title: 'Links waiting for the network: 1' });
    // Tried again meanwhile (after 1 s, then 2 s…): each try dropped, none reached the server's count.
    await expect.poll(() => session.standIn.apiRequests().length).toBeGreaterThanOrEqual(2);
    session.standIn.setFault(null);
    await expect.poll(() => popup.getByLabel('Short link').inputValue({ timeout: 500 }).catch(() => '')).toMatch(session.shortUrlPattern());
    expect(await popup.getByRole('alert').count()).toBe(0);
    // Every try but the last dropped before the server counted it: one link made, one credit spent.
    expect(session.standIn.apiRequests().filter((request) => request.throttle?.verdict === 'allowed')).toHaveLength(1);
    await tab.close();
    survived.push('no answer: waited for the network');
  });

  it('a server slower than the timeout', async () => {
    session.standIn.setFault({ kind: 'delay', ms: 60_000 }, { times: 1 });
    const { tab, popup, ...shown } = await popupShowingError();
    expect(shown).toEqual({ kind: 'timeout', message: TIMED_OUT });
    await retryWorks(popup, tab);
    survived.push('server slower than the timeout');
  });

  it('an untrusted certificate', async () => {
    const untrusted = await startStandIn();
    try {
      await session.configure({ serverUrl: untrusted.baseUrl, token: untrusted.demoToken });
      session.audit.track(untrusted.demoToken);
      // Browsers report a refused certificate as a failed fetch, as they do a network down: the link waits for the
      // network (its end says the certificate may be why: src/ui/error-words.test.ts); Cancel stops it.
      const { tab, popup, ...shown } = await popupCancelledWaitingForNetwork();
      expect(shown).toEqual(WAITING_FOR_NETWORK);
      expect(untrusted.apiRequests()).toEqual([]);
      await session.useStandIn();
      await retryWorks(popup, tab);
      survived.push('untrusted certificate');
    } finally {
      await untrusted.close();
    }
  });

  it('a host that does not resolve', async () => {
    // With the token as well: a saved token is only ever sent to the server it was saved for.
    await session.configure({ serverUrl: `https://${UNRESOLVABLE_HOST}`, token: session.standIn.demoToken });
    const { tab, popup, ...shown } = await popupCancelledWaitingForNetwork();
    expect(shown).toEqual(WAITING_FOR_NETWORK);
    await session.useStandIn();
    await retryWorks(popup, tab);
    survived.push('host that does not resolve');
  });

  it('a redirect is not followed, so the token goes nowhere else', async () => {
    session.standIn.setFault({ kind: 'status', status: 307, headers: { location: `${session.otherOrigin.baseUrl}/api/v1/shorten/single` } }, { times: 1 });
    const { tab, popup, ...shown } = await popupShowingError();
    expect(shown.kind).toBe('redirected');
    expect(session.otherOrigin.requests()).toEqual([]);
    await retryWorks(popup, tab);
    survived.push('redirect to another origin');
  });
});

// Answers a hostile or broken server could give: each is refused with its own
// message, nothing reaches the clipboard, and the token goes nowhere but the server.
function plainHttpUrl(): string {
  const url = session.standIn.plainHttpUrl;
  if (url === undefined) throw new Error('The e2e session\'s stand-in has no plain-http companion.');
  return url;
}

const redirectToOtherOrigin = (status: number, path: string): Fault => ({
  kind: 'status',
  status,
  headers: { location: `${session.otherOrigin.baseUrl}${path}` },
});

describe('hostile answers, in the popup: a clear message, nothing copied, the token nowhere else', () => {
  // `retry`: whether Retry is offered. Not for a successful answer the server would give again as it is (an unsafe
  // short link): each press would spend a credit on the same refusal.
  const cases: { name: string; fault: () => Fault; kind: string; message: RegExp; retry: boolean }[] = [
    {
      name: 'a 302 redirect to another origin',
      fault: () => redirectToOtherOrigin(302, '/api/v1/shorten/single'),
      kind: 'redirected',
      message: /^The server answered with a redirect instead of a result\. Check the server address in the settings\.$/,
      retry: true,
    },
    { name: 'a 1 MiB body', fault: () => ({ kind: 'huge-body' }), kind: 'bad-response', message: /^The server's answer was too large to be a Shrtnr result, so it was not read\.$/, retry: true },
    {
      name: 'a short link on plain http',
      fault: () => ({ kind: 'unsafe-short-url', shortUrl: `${plainHttpUrl()}/Fau1tY7` }),
      kind: 'bad-response',
      message: /^The server sent back something that is not a safe https link, so it was not used\.$/,
      retry: false,
    },
    {
      name: 'a javascript: short URL',
      fault: () => ({ kind: 'unsafe-short-url', shortUrl: 'javascript:alert(document.domain)' }),
      kind: 'bad-response',
      message: /^The server sent back something that is not a safe https link, so it was not used\.$/,
      retry: false,
    },
  ];

  it.each(cases)('$name', async ({ name, fault, kind, message, retry }) => {
    await session.setClipboard('before');
    session.standIn.setFault(fault(), { times: 1 });
    const { tab, popup, ...shown } = await popupShowingError();
    expect(shown.kind).toBe(kind);
    expect(shown.message).toMatch(message);
    expect(await popup.getByRole('button', { name: 'Retry' }).count()).toBe(retry ? 1 : 0);
    await popup.close();
    await tab.close();
    expect(await session.readClipboard()).toBe('before');
    expect(session.standIn.apiRequests()).toHaveLength(1);
    expect(session.otherOrigin.requests()).toEqual([]);
    refused.push(name);
  });

  it('a body that trickles in past the timeout', async () => {
    await session.setClipboard('before');
    session.standIn.setFault({ kind: 'trickle', ms: 60_000 }, { times: 1 });
    const { tab, popup, ...shown } = await popupShowingError();
    expect(shown).toEqual({ kind: 'timeout', message: TIMED_OUT });
    await popup.close();
    await tab.close();
    expect(await session.readClipboard()).toBe('before');
    expect(session.otherOrigin.requests()).toEqual([]);
    refused.push('body trickling past the timeout');
  });
});

/** The server and token typed in the options page, `fault` set on the next request, and what Test connection then says. */
async function testConnectionAfter(fault: Fault): Promise<string | null> {
  const options = await session.browser.context.newPage();
  try {
    await options.goto(session.browser.extensionUrl('src/options/index.html'));
    await options.getByLabel('Server address').fill(session.standIn.baseUrl);
    await options.getByLabel(/^(Access token|Replace the token)$/).fill(session.standIn.demoToken);
    session.standIn.setFault(fault, { times: 1 });
    await options.getByRole('button', { name: 'Test connection' }).click();
    const connection = options.getByTestId('connection-status');
    await expect.poll(() => connection.textContent()).not.toMatch(/^(|Checking…)$/);
    expect(session.standIn.apiRequests().map((request) => request.path)).toEqual(['/api/v1/ping']);
    return await connection.textContent();
  } finally {
    await options.close();
  }
}

describe('Test connection, in the options page', () => {
  it.each([308])('a %i to another origin is reported, not followed (every status: the API module’s integration tests)', async (status) => {
    expect(await testConnectionAfter(redirectToOtherOrigin(status, '/api/v1/ping'))).toBe('The server answered with a redirect instead of a result. Check the server address in the settings.');
    expect(session.otherOrigin.requests()).toEqual([]);
    refused.push(`${status} redirect on Test connection`);
  });

  it('an answer cut off mid-way says the server was reached, not that it cannot be', async () => {
    expect(await testConnectionAfter({ kind: 'reset-mid-response' })).toMatch(/^127\.0\.0\.1:\d+ began to answer, but the answer broke off before it was complete: the server is there/);
    survived.push('connection reset mid-response on Test connection');
  });
});

/** storage.local but for what sync last agreed on (written a moment after a change): the settings themselves. */
const settingsOnly = () => chrome.storage.local.get(null).then(({ syncBase: _agreed, ...settings }) => settings);

describe('the service worker stopped', () => {
  it('between steps: the popup wakes it, menus still exist, settings are intact', async () => {
    await session.configure({ autoCopy: false });
    const before = await (await session.worker()).evaluate(settingsOnly);
    await session.browser.stopServiceWorkers();

    const tab = await session.openTab('/demo/article');
    const popup = await session.browser.openPopup(tab);
    await expect.poll(() => popup.getByLabel('Short link').inputValue({ timeout: 500 }).catch(() => '')).toMatch(/^https:\/\//);
    await popup.close();
    await tab.close();

    const worker = await session.worker();
    expect(await worker.evaluate(settingsOnly)).toEqual(before);
    const duplicate = await worker.evaluate(
      () =>
        new Promise<string>((resolve) =>
          chrome.contextMenus.create({ id: 'shorten-link', title: 'x', contexts: ['link'] }, () => resolve(chrome.runtime.lastError?.message ?? 'created')),
        ),
    );
    expect(duplicate).toBe('Cannot create item with duplicate id shorten-link');
    survived.push('worker stopped between steps');
  });

  it('during a request: the restarted worker finishes the job (woken by its alarm) and offers the late link instead of copying it', async () => {
    await session.setClipboard('before');
    // Held past the test's end: the worker is stopped while it waits.
    session.standIn.setFault({ kind: 'delay', ms: 60_000 }, { times: 1 });
    const worker = await session.worker();
    // Started inside the worker and not awaited: the worker is stopped while it waits for the server.
    await worker.evaluate(() => {
      const hooks = (globalThis as unknown as { shrtnrE2e: { onMenuClicked(info: object): Promise<unknown> } }).shrtnrE2e;
      void hooks.onMenuClicked({ menuItemId: 'shorten-page', pageUrl: 'https://example.com/interrupted', editable: false });
    });
    await expect.poll(() => session.standIn.apiRequests().length).toBe(1);
    // The click made long enough ago for its link to be late when it comes (see ageJournalledClicks).
    await ageJournalledClicks(worker);
    await session.browser.stopServiceWorkers();

    // Nothing else happens: the journal's alarm must wake a worker, which redoes the job.
    await expect.poll(() => session.standIn.apiRequests().length, { timeout: 20_000 }).toBe(2);
    const requests = session.standIn.apiRequests();
    expect(requests.map((request) => JSON.parse(request.body))).toEqual([{ url: 'https://example.com/interrupted' }, { url: 'https://example.com/interrupted' }]);
    // Long after the click, the user may have copied something since: the link is offered, not copied (issue 11).
    const restarted = await session.worker();
    const offer = await pollUntil(
      () =>
        restarted.evaluate(() =>
          (globalThis as unknown as { shrtnrE2e: { shown: { surface: string; text: string }[] } }).shrtnrE2e.shown.findLast((item) => item.text.startsWith('Short link ready: click to copy'))?.text,
        ),
      { timeoutMs: 30_000, failure: 'No notification offered the late link.' },
    );
    expect(await session.readClipboard()).toBe('before');
    const offered = offer.split('\n')[1] ?? '';
    expect(offered).toMatch(session.shortUrlPattern());
    // Through the hook: Chromium's offer under Xvfb (a notification with no button) was seen mapped but never painted,
    // and a real click on it closed it without reaching the extension (tried 2026-11-28).
    await restarted.evaluate(() => (globalThis as unknown as { shrtnrE2e: { onNotificationClicked(id: string): Promise<void> } }).shrtnrE2e.onNotificationClicked('shrtnr-offer'));
    expect(await session.readClipboard()).toBe(offered);
    survived.push('worker stopped during a request');
  });
});
