import type { ExtensionBrowser } from '../../tooling/browsers/extension-browser';
import { withTimeout } from './token-audit';

/**
 * The token audit at the end of every test, not only at the end of the
 * session: what a test leaked (its requests and output, the pages it left,
 * what the extension keeps, the clipboard) fails that test. The e2e project's
 * setup file (e2e-setup.ts) calls checkOpenSessions() after each test; each
 * session registers its checkpoint while it is open.
 */

type Checkpoint = (when: string) => Promise<string[]>;
/** A session's end of test: its audit's findings since the last one, and what its browser said meanwhile (printed when the test failed). */
interface TestEnd {
  checkpoint: Checkpoint;
  said(): string[];
}

const openSessions = new Set<TestEnd>();

/** Registers a session's end of test, run at the end of each test; returns its unregister. */
export function atEachTestEnd(end: TestEnd): () => void {
  openSessions.add(end);
  return () => openSessions.delete(end);
}

/** What every open session's browser said during the test that just ended (the extension's own warnings among it). */
export function saidDuringTest(): string[] {
  return [...openSessions].flatMap((end) => end.said());
}

/**
 * Forgets every session still registered, and says how many there were. The
 * files of an e2e process share this module (isolate: false), so a session a
 * file left open would be checked after every test of the files that follow:
 * e2e-setup.ts fails the file that left it instead.
 */
export function forgetOpenSessions(): number {
  const count = openSessions.size;
  openSessions.clear();
  return count;
}

/** Runs the checkpoint of every open session; throws with the findings, one a line, if any session has some. */
export async function checkOpenSessions(when: string): Promise<void> {
  const findings = (await Promise.all([...openSessions].map((end) => end.checkpoint(when)))).flat();
  if (findings.length > 0) throw new Error(`The token leaked, by the end of ${when}:\n${findings.join('\n')}`);
}

/**
 * Runs in an extension context (Chromium's worker or an extension page,
 * Firefox's extension page): every storage area, and every IndexedDB
 * database of the extension's origin, each store's keys and values, but for
 * the tokens' own place (storage/token-vault.ts): their `token:<account id>`
 * items of storage.local where the browser closes it to pages (Chromium),
 * else their own database (`tokenDatabase`, Firefox), so that a token in the
 * other place is a finding. A database is opened at the version it has,
 * never created: one that went missing meanwhile aborts the upgrade.
 * No named helpers inside: the function is sent to the browser as source.
 */
export async function readExtensionStores(tokenDatabase: string): Promise<Record<string, unknown>> {
  const api = ((globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome) as typeof chrome;
  const tokensInLocal = typeof (api.storage.local as { setAccessLevel?: unknown }).setAccessLevel === 'function';
  const local = Object.fromEntries(Object.entries(await api.storage.local.get(null)).filter(([key]) => !(tokensInLocal && key.startsWith('token:'))));
  const kept: Record<string, unknown> = {
    'storage.sync': await api.storage.sync.get(null),
    'storage.session': await api.storage.session.get(null),
    'storage.local': local,
  };
  for (const { name } of await indexedDB.databases()) {
    if (name === undefined || (!tokensInLocal && name === tokenDatabase)) continue;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.addEventListener('upgradeneeded', () => request.transaction?.abort());
      request.addEventListener('success', () => resolve(request.result));
      request.addEventListener('error', () => reject(new Error(`IndexedDB ${name}: ${String(request.error)}`)));
    });
    try {
      const stores = [...db.objectStoreNames];
      if (stores.length === 0) continue;
      const transaction = db.transaction(stores, 'readonly');
      kept[`IndexedDB ${name}`] = Object.fromEntries(
        await Promise.all(
          stores.map(
            (store) =>
              new Promise<[string, unknown]>((resolve, reject) => {
                const keys = transaction.objectStore(store).getAllKeys();
                const values = transaction.objectStore(store).getAll();
                values.addEventListener('success', () => resolve([store, { keys: keys.result, values: values.result }]));
                values.addEventListener('error', () => reject(new Error(`IndexedDB ${name}/${store}: ${String(values.error)}`)));
              }),
          ),
        ),
      );
    } finally {
      db.close();
    }
  }
  // Plain JSON: whatever the stores hold (dates, typed arrays) crosses to Node as text can.
  return JSON.parse(JSON.stringify(kept)) as Record<string, unknown>;
}

/** readExtensionStores in Chromium: from the worker when it runs (a few ms), else from an extension page (a test may have left the worker stopped). */
export async function readChromiumStores(browser: ExtensionBrowser, tokenDatabase: string): Promise<Record<string, unknown>> {
  const running = await browser.serviceWorker(0).catch(() => undefined);
  // A worker stopping right now would leave evaluate() hanging: the page then.
  const fromWorker = running && (await withTimeout(running.evaluate(readExtensionStores, tokenDatabase), 3_000).catch(() => undefined));
  if (fromWorker) return fromWorker;
  const page = await browser.context.newPage();
  try {
    await page.goto(browser.extensionUrl('src/options/index.html'));
    return await page.evaluate(readExtensionStores, tokenDatabase);
  } finally {
    await page.close();
  }
}
