import { TOKEN_DATABASE } from '../../src/storage/token-database';
import { resolve } from 'node:path';
import { launchExtensionBrowser, type ExtensionBrowser } from '../../tooling/browsers/extension-browser';
import { startStandIn, whenStandInStarts, type StandIn, type StandInOptions } from '../../tooling/stand-in/server';
import { ChromiumAuditWatcher } from './chromium-audit';
import { sessionOperations, type SessionOperations } from './e2e-session-operations';
import { atEachTestEnd, readChromiumStores } from './audit-checkpoints';
import { TokenAudit } from './token-audit';
import { startXvfb, type XvfbServer } from '../../tooling/browsers/xvfb';

/** The e2e build: the shipped extension plus the handler hooks of src/background/testing/e2e-hooks.ts. */
export const E2E_DIST = resolve(import.meta.dirname, '../../dist-e2e/chrome');
export const PRODUCTION_DIST = resolve(import.meta.dirname, '../../dist/chrome');

/** Test host names resolved by Chromium alone (--host-resolver-rules): an IDN host and one that never resolves. */
export const IDN_HOST = 'bücher.test';
export const IDN_HOST_PUNYCODE = 'xn--bcher-kva.test';
export const UNRESOLVABLE_HOST = 'nowhere.test';

export interface E2eSession extends SessionOperations {
  standIn: StandIn;
  /** Another origin, trusted like the stand-in, that must never receive a token. */
  otherOrigin: StandIn;
  audit: TokenAudit;
  browser: ExtensionBrowser;
  xvfb: XvfbServer | undefined;
  /** The stand-in's base URL under the IDN test host (same server). */
  idnBaseUrl(): string;
  /** What a short link from the stand-in looks like: its base URL and a 7-character code. */
  shortUrlPattern(): RegExp;
  /** Stops everything; throws if the token audit found a token where it must never be. */
  close(): Promise<void>;
}

export interface SessionOptions {
  headed?: boolean;
  /** The browser's UI language, e.g. "de" or "ar" (needs Debian's chromium-l10n). */
  language?: string;
  /** More unpacked extensions loaded beside the one under test. */
  alsoLoad?: string[];
  standIn?: StandInOptions;
  extensionDir?: string;
  /** More certificates for the browser to trust (SPKI hashes), e.g. a third server's in the token audit's self-test. */
  trustedSpkiHashes?: string[];
  /** More --host-resolver-rules entries, e.g. web sites a local server stands in for (share-destinations.ts). */
  hostRules?: string[];
}

export async function startE2eSession(options: SessionOptions = {}): Promise<E2eSession> {
  // Independent of each other: started together, and those that started are stopped if one fails.
  const starting = [startStandIn({ plainHttpPort: true, ...options.standIn }), startStandIn({ plainHttpPort: true })] as const;
  const xvfbStarting = options.headed === true ? startXvfb() : Promise.resolve(undefined);
  const [standIn, otherOrigin, xvfb] = await Promise.all([...starting, xvfbStarting]).catch(async (error: unknown): Promise<never> => {
    await Promise.allSettled([...starting.map(async (started) => (await started).close()), xvfbStarting.then((started) => started?.stop())]);
    throw error;
  });
  let browser: ExtensionBrowser;
  try {
    browser = await launchExtensionBrowser({
      extensionDir: options.extensionDir ?? E2E_DIST,
      trustedSpkiHashes: [standIn.spkiHash, otherOrigin.spkiHash, ...(options.trustedSpkiHashes ?? [])],
      headless: options.headed !== true,
      display: xvfb?.display,
      language: options.language,
      alsoLoad: options.alsoLoad,
      extraArgs: [
        `--host-resolver-rules=${[`MAP ${IDN_HOST_PUNYCODE} 127.0.0.1`, `MAP ${UNRESOLVABLE_HOST} ~NOTFOUND`, ...(options.hostRules ?? [])].join(', ')}`,
        // Tabs of one site share a renderer, as Chrome's own process model does under memory pressure, instead of one
        // new process a tab: on this guest, where a page's first touch costs some 20 µs, bulk.test.ts took 20 % less CPU
        // with it (108 → 86 CPU-s, two runs each). A soft limit: a site locked to its own process keeps it. The bench has none.
        '--renderer-process-limit=2',
      ],
      devToolsSocket: true,
    });
  } catch (error) {
    await Promise.allSettled([standIn.close(), otherOrigin.close(), xvfb?.stop()]);
    throw error;
  }
  const audit = new TokenAudit();
  let auditWatcher: ChromiumAuditWatcher;
  try {
    auditWatcher = await ChromiumAuditWatcher.start(audit, browser);
  } catch (error) {
    await Promise.allSettled([browser.close(), standIn.close(), otherOrigin.close(), xvfb?.stop()]);
    throw error;
  }
  audit.track(standIn.demoToken);
  // The IDN test host is the stand-in itself under another name (--host-resolver-rules above).
  audit.allow(`https://${IDN_HOST_PUNYCODE}:${new URL(standIn.baseUrl).port}`);
  const operations = sessionOperations(browser, standIn, audit);

  const readStorage = () => readChromiumStores(browser, TOKEN_DATABASE.name);
  const [sources, servers] = [auditWatcher.sources(readStorage, () => operations.readClipboard()), { api: standIn, otherOrigin }];
  // Every stand-in a test starts while the session is open: its log is read too.
  const stopWatchingStandIns = whenStandInStarts((started) => audit.watchServer(started));
  const stopCheckpoints = atEachTestEnd({ checkpoint: (when) => audit.checkpoint(when, servers, sources), said: () => audit.takeSaid() });

  const session: E2eSession = {
    standIn,
    otherOrigin,
    audit,
    browser,
    xvfb,
    ...operations,
    idnBaseUrl: () => `https://${IDN_HOST}:${new URL(standIn.baseUrl).port}`,
    shortUrlPattern: () => new RegExp(`^${standIn.baseUrl}/[A-Za-z0-9]{7}$`),
    async close() {
      stopCheckpoints();
      stopWatchingStandIns();
      let leaks: string[] = [];
      try {
        leaks = await audit.findLeaks(servers, sources);
      } finally {
        auditWatcher.close();
        await Promise.allSettled([browser.close(), standIn.close(), otherOrigin.close()]);
        await xvfb?.stop();
      }
      if (leaks.length > 0) throw new Error(`The token leaked:\n${leaks.join('\n')}`);
    },
  };
  return session;
}
