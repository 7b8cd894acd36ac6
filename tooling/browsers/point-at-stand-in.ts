import type { ExtensionBrowser } from './extension-browser';
import type { StandIn } from '../stand-in/server';
import { accountItems } from './account-items';

/** Sets the extension up as a user would on its options page: the stand-in's address and demo token. */
export async function pointAtStandIn(extension: ExtensionBrowser, standIn: StandIn): Promise<void> {
  const worker = await extension.serviceWorker();
  // One account, its token saved for the server it was entered with, as the options page saves it.
  await worker.evaluate((items) => chrome.storage.local.set(items), accountItems(standIn.baseUrl, standIn.demoToken));
}
