// The extension's toolbar popup opened as a user's click opens it: CDP
// Extensions.triggerAction on the tab that shows the page.
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

const POPUP_TIMEOUT_MS = 30_000;

/** The launched browser, as far as the toolbar popup goes. */
interface PopupHost {
  context: BrowserContext;
  /** Browser-level CDP session. */
  cdp: CDPSession;
  extensionId: string;
  /** What the popup page's URL starts with. */
  popupUrlPrefix: string;
}

/**
 * The "tab" target that hosts `page`. Extensions.triggerAction refuses page targets
 * ("Action can only be triggered on a tab target"), and TargetInfo has no link from a
 * page to its tab (parentId is unset), so ask each tab which page it hosts: attach to the
 * tab and turn on auto-attach, which reports the tab's page. Playwright's CDPSession cannot
 * address flattened child sessions, hence the (old but working) non-flat attach mode
 * with Target.sendMessageToTarget.
 */
async function tabTargetIdOf(cdp: CDPSession, context: BrowserContext, page: Page): Promise<string> {
  const pageSession = await context.newCDPSession(page);
  const pageTargetId = (await pageSession.send('Target.getTargetInfo')).targetInfo.targetId;
  await pageSession.detach();

  const { targetInfos: tabs } = await cdp.send('Target.getTargets', { filter: [{ type: 'tab' }] });
  // Tabs showing the page's URL are the likely ones: ask them first.
  tabs.sort((a, b) => Number(b.url === page.url()) - Number(a.url === page.url()));
  for (const tab of tabs) {
    if ((await pagesHostedByTab(cdp, tab.targetId)).includes(pageTargetId)) return tab.targetId;
  }
  throw new Error(`No tab target hosts page ${page.url()} (page target ${pageTargetId}).`);
}

async function pagesHostedByTab(cdp: CDPSession, tabTargetId: string): Promise<string[]> {
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: tabTargetId, flatten: false });
  const children: string[] = [];
  const requestId = 1;
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error(`tab ${tabTargetId} did not answer Target.setAutoAttach`)), 30_000);
      const onMessage = (event: { sessionId: string; message: string }): void => {
        if (event.sessionId !== sessionId) return;
        const message = JSON.parse(event.message) as {
          id?: number;
          method?: string;
          params?: { targetInfo?: { targetId: string; type: string } };
        };
        const child = message.params?.targetInfo;
        if (message.method === 'Target.attachedToTarget' && child?.type === 'page') children.push(child.targetId);
        // Chromium reports the already-existing children before it answers the command.
        if (message.id === requestId) finish();
      };
      const finish = (error?: Error): void => {
        clearTimeout(timer);
        cdp.off('Target.receivedMessageFromTarget', onMessage);
        if (error) reject(error);
        else resolve();
      };
      cdp.on('Target.receivedMessageFromTarget', onMessage);
      const command = { id: requestId, method: 'Target.setAutoAttach', params: { autoAttach: true, waitForDebuggerOnStart: false, flatten: false } };
      cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify(command) }).catch(finish);
    });
  } finally {
    await cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
  }
  return children;
}

/** Opens the popup for `tab`, also giving the epoch time (ms, sub-ms precision) at which triggerAction was sent: the "click". */
export async function openPopupTimed({ context, cdp, extensionId, popupUrlPrefix }: PopupHost, tab: Page): Promise<{ popup: Page; triggeredAt: number }> {
  // A user can only click the toolbar of the active tab, and the popup's
  // tabs.query({ active: true, currentWindow: true }) reads exactly that.
  await tab.bringToFront();
  const targetId = await tabTargetIdOf(cdp, context, tab);
  const popupOpened = context.waitForEvent('page', {
    predicate: (page) => page.url().startsWith(popupUrlPrefix),
    timeout: POPUP_TIMEOUT_MS,
  });
  const triggeredAt = performance.timeOrigin + performance.now();
  await cdp.send('Extensions.triggerAction', { id: extensionId, targetId });
  const popup = await popupOpened.catch((error: unknown) => {
    throw new Error(
      `Extensions.triggerAction opened no popup page within ${POPUP_TIMEOUT_MS} ms ` +
        '(does the action have a popup? was one already open?)',
      { cause: error },
    );
  });
  await popup.waitForLoadState('domcontentloaded');
  return { popup, triggeredAt };
}
