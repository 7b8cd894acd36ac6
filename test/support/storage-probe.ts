/**
 * Runs in a web page as a script the extension injected there (sent as
 * source: nothing from outside itself), as a page that took over its
 * renderer could make it run: every storage a content script can reach, read
 * whole. Each place is its JSON, or "refused: …" where the browser said no.
 * The extension's storage areas are the extension's; IndexedDB, localStorage
 * and sessionStorage are the page's own origin's.
 */
async function everyStorageInReach(): Promise<Record<string, string>> {
  const api = ((globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome) as typeof chrome;
  const found: Record<string, string> = {};
  for (const area of ['local', 'sync', 'session', 'managed'] as const) {
    try {
      found[`storage.${area}`] = JSON.stringify(await api.storage[area].get(null));
    } catch (error) {
      found[`storage.${area}`] = `refused: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  found.indexedDB = JSON.stringify(await indexedDB.databases());
  found.localStorage = JSON.stringify({ ...localStorage });
  found.sessionStorage = JSON.stringify({ ...sessionStorage });
  return found;
}

/**
 * An expression to evaluate in one of the extension's own contexts (its
 * worker, or an extension page in Firefox): it injects the probe into the
 * tab with `scripting.executeScript`, as the extension injects its own
 * scripts, and gives what the probe found.
 */
export function injectedStorageProbe(tabId: number): string {
  return `(async () => {
    const api = globalThis.browser ?? chrome;
    const [injection] = await api.scripting.executeScript({ target: { tabId: ${JSON.stringify(tabId)} }, func: ${everyStorageInReach.toString()} });
    return injection.result;
  })()`;
}
