// Access to a server that is not the manifest's, granted for real in headed
// Chromium under Xvfb: the options page's "Allow access" button, Chromium's own
// prompt answered with real X11 keys, then the access held and used. The
// stand-in here answers no CORS preflight, as a real server that never heard
// of the extension: only an extension holding access to its host reaches it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerPermissionPrompt } from '../../tooling/browsers/permission-prompt';
import { startE2eSession, type E2eSession } from '../support/e2e-session';

let session: E2eSession;
let host: string;

beforeAll(async () => {
  session = await startE2eSession({ headed: true, standIn: { cors: false } });
  await session.useStandIn();
  host = new URL(session.standIn.baseUrl).host;
});
afterAll(() => session?.close());

const holdsAccess = async (): Promise<boolean> =>
  (await session.worker()).evaluate(() => chrome.permissions.contains({ origins: ['https://127.0.0.1/*'] }));

async function connectionStatus(options: Page): Promise<string> {
  let status = '';
  await expect.poll(async () => (status = (await options.getByTestId('connection-status').textContent()) ?? '')).not.toMatch(/^(|Checking…)$/);
  return status;
}

describe('host access to another server, in Chromium', () => {
  it("Allow access, answered Allow at Chromium's prompt: the access is held, listed, and the popup shortens through that server", async () => {
    expect(await holdsAccess()).toBe(false);
    const options = await session.openTab(session.browser.extensionUrl('src/options/index.html'));
    await options.bringToFront();
    // Without access the browser blocks the request (no CORS answer): the page offers access.
    await options.getByRole('button', { name: 'Test connection' }).click();
    expect(await connectionStatus(options)).toBe(`Can't reach ${host}: it may be down, the address may be wrong, or you may be offline.`);
    expect(session.standIn.apiRequests()).toEqual([]);

    if (session.xvfb === undefined) throw new Error('A headed session comes with its Xvfb display.');
    // Answered with real keys once the screen shows its Allow can be pressed (tooling/browsers/permission-prompt.ts).
    await answerPermissionPrompt(session.xvfb, () => options.getByRole('button', { name: `Allow access to ${host}` }).click(), 'allow');

    await expect.poll(holdsAccess).toBe(true);
    // Granted, the page tests the connection again, and this time the request goes through. Polled for that answer:
    // until the page hears of the grant, the last test's "Can't reach" is still there to be read.
    await expect.poll(() => options.getByTestId('connection-status').textContent()).toBe(`Connected to ${host}: the token works.`);
    expect(session.standIn.apiRequests().map((request) => request.path)).toEqual(['/api/v1/ping']);
    await expect
      .poll(() => options.getByTestId('permissions').getByRole('listitem').allTextContents())
      .toEqual([`Access to 127.0.0.1: the server in your settings. Without it, the browser may block the extension's requests to it.Give back`]);
    await options.close();

    session.standIn.clearLog();
    const tab = await session.openTab('/demo/article');
    const popup = await session.browser.openPopup(tab);
    await popup.getByTestId('short-url').waitFor();
    expect(await popup.getByTestId('short-url').inputValue()).toMatch(session.shortUrlPattern());
    const requests = session.standIn.apiRequests();
    expect(requests.map((request) => JSON.parse(request.body) as unknown)).toEqual([{ url: `${session.standIn.baseUrl}/demo/article` }]);
    await popup.close();
    await tab.close();
  });
});
