import { CdpClient } from './cdp-client';
import { deepText, shallowText, type RemoteObject } from './deep-text';
import type { ExtensionBrowser } from '../../tooling/browsers/extension-browser';
import { MARKUP_WATCHER, readingsOfSnapshot, type DomSnapshot, type PageReading } from './page-reading';
import { TokenAudit, withTimeout, type AuditSources, type ObservedRequest, type OutputKind } from './token-audit';

type Params = Record<string, unknown>;

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

interface CdpRequest {
  url: string;
  urlFragment?: string;
  method: string;
  headers: Record<string, string>;
  postData?: string;
  hasPostData?: boolean;
  postDataEntries?: { bytes?: string }[];
}

const MARKUP_BINDING = '__shrtnrAuditMarkup';
const DEEP_READ_TIMEOUT_MS = 5_000;

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
  private readonly targets = new Map<string, TargetInfo>();
  /** Sessions per target: a target can be reached twice (a worker also from a page); only the first one's events count. */
  private readonly sessionsOf = new Map<string, string[]>();
  /** Every hop of each request (a redirect is a new hop under the same id), and wire headers not yet tied to one. */
  private readonly hops = new Map<string, ObservedRequest[]>();
  private readonly unmatchedWire = new Map<string, Record<string, string>[]>();
  /** Hops whose wire headers came after them, and wire headers still unmatched at the last checkpoint. */
  private readonly wired = new WeakSet<ObservedRequest>();
  private readonly waitedOnce = new WeakSet<Record<string, string>>();

  private constructor(
    readonly audit: TokenAudit,
    private readonly client: CdpClient,
  ) {
    client.on('Target.attachedToTarget', (params) => void this.attached(params));
    client.on('Target.detachedFromTarget', (params) => this.detached(String(params.sessionId)));
    client.on('Target.targetInfoChanged', (params) => this.infoChanged(params.targetInfo as TargetInfo));
    client.on('Network.requestWillBeSent', (params, sessionId) => this.onRequest(params, sessionId));
    client.on('Network.requestWillBeSentExtraInfo', (params, sessionId) => this.onWireHeaders(params, sessionId));
    client.on('Runtime.consoleAPICalled', (params, sessionId) => this.onConsole(params, sessionId));
    client.on('Runtime.exceptionThrown', (params, sessionId) => this.onException(params, sessionId));
    client.on('Log.entryAdded', (params, sessionId) => this.onLog(params, sessionId));
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
      readPages: async () => (await Promise.all([...this.targets].map(([sessionId, info]) => this.snapshot(sessionId, info)))).flat(),
      readStorage,
      readClipboard,
      // A round trip on the audit's own connection: events sent before its answer are in.
      settle: async (final) => {
        await this.client.send('Target.getTargets');
        this.flushUnmatchedWireHeaders(final);
      },
    };
  }

  close(): void {
    this.client.close();
  }

  /** A page-like target's DOM snapshot; nothing from one that went away meanwhile. */
  private async snapshot(sessionId: string, info: TargetInfo): Promise<PageReading[]> {
    if (!PAGE_LIKE.has(info.type) || this.counted(sessionId) === undefined) return [];
    return withTimeout(this.client.send('DOMSnapshot.captureSnapshot', { computedStyles: [] }, sessionId), DEEP_READ_TIMEOUT_MS).then(
      (answer) => readingsOfSnapshot(answer as unknown as DomSnapshot),
      (error: unknown) => {
        if (this.targets.has(sessionId)) this.audit.couldNotCheck(`${this.sourceOf(sessionId)}: its DOM snapshot (${String(error)})`);
        return [];
      },
    );
  }

  private async attached(params: Params): Promise<void> {
    const sessionId = String(params.sessionId);
    const info = params.targetInfo as TargetInfo;
    this.targets.set(sessionId, info);
    this.sessionsOf.set(info.targetId, [...(this.sessionsOf.get(info.targetId) ?? []), sessionId]);
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
        this.audit.couldNotCheck(`${this.sourceOf(sessionId)}: watching it failed (${String(result.reason)})`);
      }
    }
  }

  private detached(sessionId: string): void {
    const info = this.targets.get(sessionId);
    this.targets.delete(sessionId);
    if (info === undefined) return;
    const remaining = (this.sessionsOf.get(info.targetId) ?? []).filter((id) => id !== sessionId);
    if (remaining.length > 0) this.sessionsOf.set(info.targetId, remaining);
    else this.sessionsOf.delete(info.targetId);
  }

  private infoChanged(changed: TargetInfo): void {
    for (const [sessionId, info] of this.targets) if (info.targetId === changed.targetId) this.targets.set(sessionId, changed);
  }

  /** The session whose events count for its target; undefined for a duplicate. */
  private counted(sessionId: string | undefined): TargetInfo | undefined {
    const info = sessionId === undefined ? undefined : this.targets.get(sessionId);
    return info !== undefined && this.sessionsOf.get(info.targetId)?.[0] === sessionId ? info : undefined;
  }

  private sourceOf(sessionId: string | undefined, fallbackUrl = ''): string {
    const info = sessionId === undefined ? undefined : this.targets.get(sessionId);
    return `${info?.type ?? 'target'} ${info?.url || fallbackUrl}`.trim();
  }

  private onRequest(params: Params, sessionId: string | undefined): void {
    const info = this.counted(sessionId);
    if (info === undefined) return;
    const request = params.request as CdpRequest;
    const observed: ObservedRequest = {
      source: this.sourceOf(sessionId, String(params.documentURL ?? '')),
      url: request.url + (request.urlFragment ?? ''),
      method: request.method,
      headers: lowerCaseKeys(request.headers),
      body: request.postData ?? (request.postDataEntries ?? []).map((entry) => Buffer.from(entry.bytes ?? '', 'base64').toString('utf8')).join(''),
    };
    const key = `${info.targetId}:${String(params.requestId)}`;
    const waiting = this.unmatchedWire.get(key) ?? [];
    const wire = waiting.find((headers) => sameHost(headers, observed.url));
    if (wire !== undefined) {
      observed.wireHeaders = wire;
      this.unmatchedWire.set(key, waiting.filter((headers) => headers !== wire));
    }
    this.hops.set(key, [...(this.hops.get(key) ?? []), observed]);
    this.audit.recordRequest(observed);
    if (request.hasPostData === true && observed.body === '') {
      // Over maxPostDataSize: ask for it.
      this.audit.later(
        this.client.send('Network.getRequestPostData', { requestId: params.requestId }, sessionId).then(
          (answer) => {
            observed.body = String(answer.postData ?? '');
          },
          (error: unknown) => this.audit.couldNotCheck(`the body of ${observed.method} ${observed.url} (${String(error)})`),
        ),
      );
    }
  }

  /**
   * The headers as sent (cookies included). They carry the request id only, and
   * may come after the next hop of a redirect is reported (even a redirect that
   * `redirect: 'manual'` never follows): tied to the hop whose host they name.
   */
  private onWireHeaders(params: Params, sessionId: string | undefined): void {
    const info = this.counted(sessionId);
    if (info === undefined) return;
    const key = `${info.targetId}:${String(params.requestId)}`;
    const headers = lowerCaseKeys(params.headers as Record<string, string>);
    const hop = this.hops.get(key)?.find((candidate) => candidate.wireHeaders === undefined && !this.wired.has(candidate) && sameHost(headers, candidate.url));
    if (hop === undefined) return void this.unmatchedWire.set(key, [...(this.unmatchedWire.get(key) ?? []), headers]);
    // The request itself may have been judged already (at a test's end): its headers as sent are judged on their own.
    this.wired.add(hop);
    this.audit.recordRequest({ ...hop, headers: {}, body: '', wireHeaders: headers, wireOnly: true });
  }

  /**
   * Wire headers whose request never showed: judged on their own, with no URL to excuse an Authorization
   * header. Those of a request still to be reported (they may come first) wait one checkpoint, or none at the end.
   */
  private flushUnmatchedWireHeaders(final: boolean): void {
    for (const [key, all] of this.unmatchedWire) {
      const waiting = final ? [] : all.filter((headers) => !this.waitedOnce.has(headers));
      for (const headers of all.filter((unmatched) => !waiting.includes(unmatched))) {
        this.audit.recordRequest({ source: `request ${key}`, url: `unknown://${hostOf(headers)}`, method: '?', headers: {}, wireHeaders: headers, body: '' });
      }
      for (const headers of waiting) this.waitedOnce.add(headers);
      this.unmatchedWire.set(key, waiting);
    }
  }

  private onConsole(params: Params, sessionId: string | undefined): void {
    if (this.counted(sessionId) === undefined) return;
    const args = (params.args as RemoteObject[] | undefined) ?? [];
    const source = `${this.sourceOf(sessionId, topFrameUrl(params.stackTrace))} (console.${String(params.type)})`;
    this.recordRemote(source, 'console', args, sessionId);
  }

  private onException(params: Params, sessionId: string | undefined): void {
    if (this.counted(sessionId) === undefined) return;
    const details = params.exceptionDetails as { text: string; url?: string; exception?: RemoteObject };
    const source = this.sourceOf(sessionId, details.url);
    this.audit.record(source, details.text, 'uncaught exception');
    if (details.exception !== undefined) this.recordRemote(source, 'uncaught exception', [details.exception], sessionId);
  }

  private onLog(params: Params, sessionId: string | undefined): void {
    if (this.counted(sessionId) === undefined) return;
    const entry = params.entry as { text: string; url?: string; args?: RemoteObject[] };
    this.audit.record(this.sourceOf(sessionId, entry.url), `${entry.text} ${entry.url ?? ''}`, 'browser log');
    if (entry.args !== undefined) this.recordRemote(this.sourceOf(sessionId, entry.url), 'browser log', entry.args, sessionId);
  }

  private onBinding(params: Params, sessionId: string | undefined): void {
    if (params.name !== MARKUP_BINDING || this.targets.get(sessionId ?? '') === undefined) return;
    const { url, markup } = JSON.parse(String(params.payload)) as { url: string; markup: string };
    this.audit.recordMarkup(url, markup);
  }

  /** What CDP says of each value at once; then every object read in depth inside its context, before it goes. */
  private recordRemote(source: string, kind: OutputKind, values: RemoteObject[], sessionId: string | undefined): void {
    this.audit.record(source, values.map(shallowText).join(' '), kind);
    for (const value of values) {
      if (value.objectId === undefined) continue;
      const read = this.client
        .send(
          'Runtime.callFunctionOn',
          { objectId: value.objectId, functionDeclaration: `function () { return (${deepText.toString()})(this); }`, returnByValue: true },
          sessionId,
        )
        .then((answer) => {
          const result = (answer.result as { value?: { text: string; complete: boolean } }).value;
          if (result === undefined) throw new Error((answer.exceptionDetails as { text?: string } | undefined)?.text ?? 'no value');
          this.audit.record(source, result.text, kind);
          if (!result.complete) this.audit.couldNotCheck(`${source}: a logged ${value.description ?? value.type} too large to read in full`);
        });
      this.audit.later(
        withTimeout(read, DEEP_READ_TIMEOUT_MS).catch((error: unknown) => {
          this.audit.couldNotCheck(`${source}: a logged ${value.description ?? value.type} could not be read in depth (${String(error)})`);
        }),
      );
    }
  }
}

function topFrameUrl(stackTrace: unknown): string {
  return (stackTrace as { callFrames?: { url: string }[] } | undefined)?.callFrames?.[0]?.url ?? '';
}

/** The host wire headers went to: `host` (HTTP/1.1) or `:authority` (HTTP/2 and 3). */
function hostOf(wireHeaders: Record<string, string>): string {
  return wireHeaders.host ?? wireHeaders[':authority'] ?? '';
}

function sameHost(wireHeaders: Record<string, string>, url: string): boolean {
  return URL.canParse(url) && new URL(url).host === hostOf(wireHeaders);
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
