import { CdpClient } from './cdp-client';
import type { ExtensionBrowser } from '../../tooling/browsers/extension-browser';
import { ChromiumOutputWatcher, DEEP_READ_TIMEOUT_MS } from './chromium-audit-output';
import { ChromiumRequestWatcher } from './chromium-audit-requests';
import { ChromiumAuditTargets, type TargetInfo } from './chromium-audit-targets';
import { MARKUP_WATCHER, readingsOfSnapshot, type DomSnapshot, type PageReading } from './page-reading';
import { withTimeout, type AuditSources, type TokenAudit } from './token-audit';

type Params = Record<string, unknown>;

const MARKUP_BINDING = '__shrtnrAuditMarkup';

/**
 * Runs first in every document of every page-like target (tabs, the popup, the
 * offscreen document, frames): sends the document's markup each time it changes,
 * so a page that closes before the end of the session has still been read.
 */
const MARKUP_REPORTER = `(() => {
  const send = globalThis.${MARKUP_BINDING};
  if (typeof send !== 'function' || globalThis.${MARKUP_BINDING}Installed) return;
  Object.defineProperty(globalThis, '${MARKUP_BINDING}Installed', { value: true });
${MARKUP_WATCHER}
})();`;

/** Chromium's own UI pages (the omnibox popup...) are no exit of the extension's: not watched. */
const TARGET_FILTER = [{ type: 'browser', exclude: true }, { type: 'tab', exclude: true }, { type: 'browser_ui', exclude: true }, {}];
const PAGE_LIKE = new Set(['page', 'other', 'iframe', 'background_page', 'app', 'webview']);

/**
 * Feeds a TokenAudit everything every context of a Chromium reports, over its
 * own CDP connection (browser-level Target.setAutoAttach, flattened, each new
 * target held at start until it is watched): every request (Network, service
 * worker included, with its body and the headers that went on the wire), every
 * console call with its arguments read in depth, uncaught exceptions, browser log
 * lines, every page's markup as it changes and, at each checkpoint, its DOM snapshot.
 */
export class ChromiumAuditWatcher {
  private readonly targets = new ChromiumAuditTargets();
  private readonly requests: ChromiumRequestWatcher;
  private readonly output: ChromiumOutputWatcher;

  private constructor(
    readonly audit: TokenAudit,
    private readonly client: CdpClient,
  ) {
    this.requests = new ChromiumRequestWatcher(audit, client, this.targets);
    this.output = new ChromiumOutputWatcher(audit, client, this.targets);
    client.on('Target.attachedToTarget', (params) => void this.attached(params));
    client.on('Target.detachedFromTarget', (params) => this.targets.detached(String(params.sessionId)));
    client.on('Target.targetInfoChanged', (params) => this.targets.infoChanged(params.targetInfo as TargetInfo));
    client.on('Network.requestWillBeSent', (params, sessionId) => this.requests.onRequest(params, sessionId));
    client.on('Network.requestWillBeSentExtraInfo', (params, sessionId) => this.requests.onWireHeaders(params, sessionId));
    client.on('Runtime.consoleAPICalled', (params, sessionId) => this.output.onConsole(params, sessionId));
    client.on('Runtime.exceptionThrown', (params, sessionId) => this.output.onException(params, sessionId));
    client.on('Log.entryAdded', (params, sessionId) => this.output.onLog(params, sessionId));
    client.on('Runtime.bindingCalled', (params, sessionId) => this.onBinding(params, sessionId));
  }

  /** Attaches to every target of `browser` (launched with `devToolsSocket`), now and to come. */
  static async start(audit: TokenAudit, browser: ExtensionBrowser): Promise<ChromiumAuditWatcher> {
    if (browser.devToolsUrl === undefined) throw new Error('The token audit needs the DevTools socket: launch with `devToolsSocket: true`.');
    const client = await CdpClient.connect(browser.devToolsUrl);
    const watcher = new ChromiumAuditWatcher(audit, client);
    await client.send('Target.setDiscoverTargets', { discover: true, filter: TARGET_FILTER });
    await client.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true, filter: TARGET_FILTER });
    return watcher;
  }

  /** The audit's sources at each checkpoint: every page, and what the session reads for storage and the clipboard. */
  sources(readStorage: AuditSources['readStorage'], readClipboard: AuditSources['readClipboard']): AuditSources {
    return {
      readPages: async () => (await Promise.all(this.targets.sessions().map(([sessionId, info]) => this.snapshot(sessionId, info)))).flat(),
      readStorage,
      readClipboard,
      // A round trip on the audit's own connection: events sent before its answer are in.
      settle: async (final) => {
        await this.client.send('Target.getTargets');
        this.requests.flushUnmatchedWireHeaders(final);
      },
    };
  }

  close(): void {
    this.client.close();
  }

  /** A page-like target's DOM snapshot; nothing from one that went away meanwhile. */
  private async snapshot(sessionId: string, info: TargetInfo): Promise<PageReading[]> {
    if (!PAGE_LIKE.has(info.type) || this.targets.counted(sessionId) === undefined) return [];
    return withTimeout(this.client.send('DOMSnapshot.captureSnapshot', { computedStyles: [] }, sessionId), DEEP_READ_TIMEOUT_MS).then(
      (answer) => readingsOfSnapshot(answer as unknown as DomSnapshot),
      (error: unknown) => {
        if (this.targets.has(sessionId)) this.audit.couldNotCheck(`${this.targets.sourceOf(sessionId)}: its DOM snapshot (${String(error)})`);
        return [];
      },
    );
  }

  private async attached(params: Params): Promise<void> {
    const sessionId = String(params.sessionId);
    const info = params.targetInfo as TargetInfo;
    this.targets.attached(sessionId, info);
    const send = (method: string, commandParams: Params = {}) => this.client.send(method, commandParams, sessionId);
    // Sent at once, answered in order: the target runs on only once all of them are in force.
    const commands = [
      send('Network.enable', { maxPostDataSize: 1 << 20 }),
      send('Runtime.enable'),
      send('Log.enable'),
      send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true, filter: TARGET_FILTER }),
      ...(PAGE_LIKE.has(info.type)
        ? [
            // Scripts for new documents run only while the Page domain is on.
            send('Page.enable'),
            send('Runtime.addBinding', { name: MARKUP_BINDING }),
            send('Page.addScriptToEvaluateOnNewDocument', { source: MARKUP_REPORTER, runImmediately: true }),
          ]
        : []),
    ];
    const resumed = send('Runtime.runIfWaitingForDebugger');
    const results = await Promise.allSettled([...commands, resumed]);
    for (const result of results) {
      // A target that went away while being set up has nothing left to watch.
      if (result.status === 'rejected' && this.targets.has(sessionId)) {
        this.audit.couldNotCheck(`${this.targets.sourceOf(sessionId)}: watching it failed (${String(result.reason)})`);
      }
    }
  }

  private onBinding(params: Params, sessionId: string | undefined): void {
    if (params.name !== MARKUP_BINDING || !this.targets.has(sessionId ?? '')) return;
    const { url, markup } = JSON.parse(String(params.payload)) as { url: string; markup: string };
    this.audit.recordMarkup(url, markup);
  }
}
