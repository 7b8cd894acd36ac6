import { randomUUID } from 'node:crypto';
import type { Browser } from 'puppeteer-core';
import { MARKUP_WATCHER, readDocument, type PageReading } from './page-reading';
import { withTimeout, type AuditSources, type ObservedRequest, type TokenAudit } from './token-audit';

interface BidiContext {
  context: string;
  children?: BidiContext[] | null;
}

interface BidiConnection {
  send(method: string, params: object): Promise<{ result: Record<string, unknown> }>;
  on(event: string, handler: (params: Record<string, unknown>) => void): void;
}

const REQUESTS_CHANNEL = 'shrtnr-audit-requests';
const MARKUP_CHANNEL = 'shrtnr-audit-markup';

/**
 * Runs in Firefox's parent process, with system privileges (BiDi's chrome
 * scope, allowed by --remote-allow-system-access): every HTTP(S) request of
 * every process goes through the parent's network stack and past this
 * observer, the background page's included, which WebDriver BiDi's own
 * network events leave out. Request bodies are read from a clone of the
 * upload stream, which leaves the request's own untouched.
 */
const REQUEST_OBSERVER = `(send) => {
  const { NetUtil } = ChromeUtils.importESModule('resource://gre/modules/NetUtil.sys.mjs');
  Services.obs.addObserver((subject) => {
    try {
      const channel = subject.QueryInterface(Ci.nsIHttpChannel);
      const headers = {};
      channel.visitRequestHeaders({ visitHeader: (name, value) => { headers[name.toLowerCase()] = value; } });
      let body = '';
      let bodyUnread = false;
      const upload = channel instanceof Ci.nsIUploadChannel ? channel.uploadStream : null;
      // Read from a clone: reading (even seeking) the channel's own stream broke the request it was about to send.
      if (upload instanceof Ci.nsICloneableInputStream && upload.cloneable) {
        const clone = upload.clone();
        body = NetUtil.readInputStreamToString(clone, clone.available(), { charset: 'UTF-8' });
        clone.close();
      } else if (upload) bodyUnread = true;
      const principal = channel.loadInfo ? channel.loadInfo.triggeringPrincipal : null;
      send(JSON.stringify({ url: channel.URI.spec, method: channel.requestMethod, headers, body, bodyUnread, source: principal ? principal.origin : '' }));
    } catch (error) {
      send(JSON.stringify({ error: String(error) + ' for ' + (subject instanceof Ci.nsIChannel ? subject.URI.spec : 'a request') }));
    }
  }, 'http-on-modify-request');
}`;

/** Runs first in every new tab (web pages and extension pages): sends the markup each time it changes. */
const MARKUP_REPORTER = `(send) => {
${MARKUP_WATCHER}
}`;

/**
 * Feeds a TokenAudit what Firefox reports: its own output (every context's
 * console, thanks to devtools.console.stdout.content, and uncaught errors),
 * every request from a parent-process observer, every tab's markup as it
 * changes (a BiDi preload script), and at each checkpoint what every frame of
 * every tab holds (fields, open shadow roots) and every view of the extension
 * (the popup panel and the background page too, closed shadow roots too). What
 * it cannot see: the markup of the popup panel and the background page as they
 * change (no BiDi context), a web page's closed shadow roots (BiDi's scripts
 * cannot reach them), and what Firefox's output prints as `[object Headers]`
 * or `[object Map]`.
 */
export class FirefoxAuditWatcher {
  private readonly awaited = new Map<string, () => void>();
  private connection: BidiConnection | undefined;

  constructor(readonly audit: TokenAudit) {}

  /** A line of Firefox's stdout or stderr. */
  recordOutput(line: string): void {
    const kind = line.startsWith('JavaScript error:') ? 'uncaught exception' : line.startsWith('console.') ? 'console' : 'browser log';
    this.audit.record('firefox output', line, kind);
    for (const [marker, seen] of this.awaited) if (line.includes(marker)) seen();
  }

  /** Starts the request observer and the markup reporter; call before the add-on is installed. */
  async start(browser: Browser): Promise<void> {
    const connection = bidiConnectionOf(browser);
    this.connection = connection;
    connection.on('script.message', (params) => this.onMessage(String(params.channel), (params.data as { value?: unknown } | undefined)?.value));
    const { result: tree } = await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome' });
    const chromeWindow = (tree.contexts as { context: string; url: string }[] | undefined)?.find((context) => context.url === 'chrome://browser/content/browser.xhtml');
    if (chromeWindow === undefined) throw new Error('No chrome://browser window over BiDi: is Firefox started with --remote-allow-system-access?');
    await connection.send('script.callFunction', {
      functionDeclaration: REQUEST_OBSERVER,
      arguments: [channelArgument(REQUESTS_CHANNEL)],
      target: { context: chromeWindow.context },
      awaitPromise: false,
    });
    await connection.send('script.addPreloadScript', { functionDeclaration: MARKUP_REPORTER, arguments: [channelArgument(MARKUP_CHANNEL)] });
  }

  /** The audit's sources at each checkpoint: every tab and view, and what the session reads for storage and the clipboard. */
  sources(
    browser: Browser,
    readStorage: AuditSources['readStorage'],
    readClipboard: AuditSources['readClipboard'],
    /** Evaluates an expression in an extension page (whose process is the background page's too). */
    inExtension: <T>(expression: string) => Promise<T>,
  ): AuditSources {
    return {
      settle: async () => {
        // A round trip on BiDi (the requests' channel), and a line printed from the extension that must come out.
        await this.connection?.send('browsingContext.getTree', { maxDepth: 0 });
        const marker = `token audit: output caught up ${randomUUID()}`;
        const seen = new Promise<void>((resolve) => this.awaited.set(marker, resolve));
        try {
          await inExtension(`console.warn(${JSON.stringify(marker)})`);
          await withTimeout(seen, 30_000);
        } finally {
          this.awaited.delete(marker);
        }
      },
      readPages: async () => {
        const fromTabs = (await this.browsingContexts()).map((context) => this.readContext(context));
        const views = inExtension<PageReading[]>(`browser.extension.getViews().map((view) => (${readDocument.toString()})(view.document))`);
        return [...(await Promise.all(fromTabs)), ...(await views)].filter((reading) => reading !== undefined);
      },
      readStorage,
      readClipboard,
    };
  }

  /** Every tab's browsing context and its frames', as Firefox has them now. */
  private async browsingContexts(): Promise<string[]> {
    const { result } = await this.watching().send('browsingContext.getTree', {});
    const contexts: string[] = [];
    for (let next = (result.contexts as BidiContext[]).slice(); next.length > 0; ) {
      const context = next.pop() as BidiContext;
      contexts.push(context.context);
      next.push(...(context.children ?? []));
    }
    return contexts;
  }

  /** A frame's reading (readDocument), through JSON; nothing from one that went away meanwhile. */
  private async readContext(context: string): Promise<PageReading | undefined> {
    const expression = `JSON.stringify((${readDocument.toString()})(document))`;
    try {
      // In a sandbox of its own: the page's scripts cannot change what the reader calls.
      const { result } = await withTimeout(this.watching().send('script.evaluate', { expression, target: { context, sandbox: 'token-audit' }, awaitPromise: false }), 30_000);
      const value = (result as { result?: { value?: unknown } }).result?.value;
      if (typeof value !== 'string') throw new Error(`no reading (${JSON.stringify(result).slice(0, 200)})`);
      return JSON.parse(value) as PageReading;
    } catch (error) {
      const gone = String(error).includes('no such frame') || !(await this.browsingContexts()).includes(context);
      if (!gone) this.audit.couldNotCheck(`a page of Firefox (${String(error).split('\n')[0] ?? ''})`);
      return undefined;
    }
  }

  private watching(): BidiConnection {
    if (this.connection === undefined) throw new Error('The Firefox audit was not started.');
    return this.connection;
  }

  private onMessage(channel: string, data: unknown): void {
    if (typeof data !== 'string') return;
    if (channel === MARKUP_CHANNEL) {
      const { url, markup } = JSON.parse(data) as { url: string; markup: string };
      this.audit.recordMarkup(url, markup);
    } else if (channel === REQUESTS_CHANNEL) {
      const reported = JSON.parse(data) as (ObservedRequest & { error?: undefined; bodyUnread: boolean }) | { error: string };
      if (reported.error !== undefined) return this.audit.couldNotCheck(`a request Firefox made (${reported.error})`);
      const { bodyUnread, ...request } = reported;
      if (bodyUnread) this.audit.couldNotCheck(`the body of ${request.method} ${request.url} (not a cloneable stream)`);
      this.audit.recordRequest({ ...request, source: request.source || 'firefox' });
    }
  }
}

/** A BiDi script argument that the script calls to send a message back (script.message events). */
function channelArgument(name: string): object {
  return { type: 'channel', value: { channel: name } };
}

/** puppeteer-core's WebDriver BiDi connection: not in its public types, but what its BiDi Browser is built on. */
function bidiConnectionOf(browser: Browser): BidiConnection {
  const connection = (browser as unknown as { connection?: Partial<BidiConnection> }).connection;
  if (typeof connection?.send !== 'function' || typeof connection.on !== 'function') {
    throw new Error('puppeteer-core exposed no WebDriver BiDi connection on its Browser: the token audit cannot watch Firefox.');
  }
  return connection as BidiConnection;
}
