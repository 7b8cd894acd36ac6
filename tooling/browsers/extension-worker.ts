// The extension's service worker in a launched Chromium: told running from
// stopped by its DevTools target, waited for, and stopped on demand.
import type { BrowserContext, CDPSession, Worker } from 'playwright-core';
import { pollUntil } from '../poll';

const WORKER_TIMEOUT_MS = 30_000;

/** The launched browser, as far as the extension's worker goes. */
interface WorkerHost {
  context: BrowserContext;
  /** Browser-level CDP session. */
  cdp: CDPSession;
  extensionId: string;
  extensionUrl(path: string): string;
}

async function runningWorkerTargets({ cdp, extensionUrl }: WorkerHost): Promise<number> {
  const { targetInfos } = await cdp.send('Target.getTargets');
  return targetInfos.filter((target) => target.type === 'service_worker' && target.url.startsWith(extensionUrl(''))).length;
}

// After a stop, Chromium keeps the worker's DevTools target (same id) and Playwright
// keeps the same Worker object, whose evaluate() then hangs until the worker restarts.
// Target.getTargets does drop the stopped worker, so it tells "running" apart.
export async function runningServiceWorker(host: WorkerHost, timeoutMs = WORKER_TIMEOUT_MS): Promise<Worker> {
  return pollUntil(
    async () => {
      if ((await runningWorkerTargets(host)) === 0) return undefined;
      return host.context.serviceWorkers().findLast((worker) => worker.url().startsWith(host.extensionUrl('')));
    },
    {
      timeoutMs,
      failure: () =>
        `No running service worker for extension ${host.extensionId} within ${timeoutMs} ms ` +
        '(if it was stopped, trigger an extension event first; else check the manifest and the worker for errors).',
    },
  );
}

export async function stopServiceWorkers(host: WorkerHost): Promise<void> {
  const { context, extensionId, extensionUrl } = host;
  // ServiceWorker.* is not served on the browser target ("wasn't found"), only on a
  // page's session, and only after ServiceWorker.enable ("domain not enabled").
  // Any web page's session stops every worker of the profile, the extension's included.
  // Extension pages are avoided: a popup or offscreen document may close under us.
  const webPage = context.pages().find((page) => !page.url().startsWith(extensionUrl('')));
  const page = webPage ?? (await context.newPage());
  const session = await context.newCDPSession(page);
  // Stopped once is what is asked: a page with a port open (a popup following a run) may
  // start a new worker at once, so "none running" alone can be missed; the worker's own
  // "stopped" status says it too.
  let stopSeen = false;
  session.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    if (versions.some((version) => version.scriptURL.startsWith(extensionUrl('')) && version.runningStatus === 'stopped')) stopSeen = true;
  });
  try {
    await session.send('ServiceWorker.enable');
    await session.send('ServiceWorker.stopAllWorkers');
    await pollUntil(async () => (stopSeen || (await runningWorkerTargets(host)) === 0 ? true : undefined), {
      timeoutMs: WORKER_TIMEOUT_MS,
      failure: `The service worker of ${extensionId} was still running ${WORKER_TIMEOUT_MS} ms after ServiceWorker.stopAllWorkers.`,
    });
  } finally {
    await session.detach().catch(() => undefined);
    if (webPage === undefined) await page.close();
  }
}
