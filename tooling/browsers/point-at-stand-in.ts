import type { ExtensionBrowser } from './extension-browser';
import type { StandIn } from '../stand-in/server';

/** Sets the extension up as a user would on its options page: the stand-in's address and demo token. */
export async function pointAtStandIn(extension: ExtensionBrowser, standIn: StandIn): Promise<void> {
  const worker = await extension.serviceWorker();
  // A token is saved for the server it was entered with (tokenServer), as the options page saves it.
  await worker.evaluate(({ serverUrl, token }) => chrome.storage.local.set({ serverUrl, token, tokenServer: serverUrl }), {
    serverUrl: standIn.baseUrl,
    token: standIn.demoToken,
  });
}
