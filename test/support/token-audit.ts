import type { RecordedRequest, StandIn } from '../../tooling/stand-in/server';

/** A request the browser made, or was about to make, as the browser itself reported it. */
export interface ObservedRequest {
  /** The context that made it, as far as the browser tells (a target's type and URL, a principal). */
  source: string;
  url: string;
  method: string;
  /** Header names in lower case, as the request was made. */
  headers: Record<string, string>;
  /** Headers as they went on the wire, when the browser reports them apart (Chromium), with `host` or `:authority`. */
  wireHeaders?: Record<string, string>;
  body: string;
}

/** What kind of output a recorded text was; notifications and badge titles are told apart by their e2e echo. */
export type OutputKind = 'console' | 'uncaught exception' | 'browser log';

/** What a browser harness reads for the audit at the end of a session. */
export interface AuditSources {
  /** The markup of every page still open, with its URL (pages that closed were recorded as they changed). */
  pageMarkups(): Promise<{ url: string; markup: string }[]>;
  /**
   * What the extension keeps, by place ("storage.sync", "storage.local", "IndexedDB shrtnr-history"...),
   * read from an extension context: storage.local without the token's own key (audit-checkpoints.ts).
   */
  readStorage(): Promise<Record<string, unknown>>;
  readClipboard(): Promise<string>;
  /** Waits until what the browser was still reporting has arrived (Firefox: its output has caught up). */
  settle(): Promise<void>;
}

/** The stand-in whose origin is the configured server, and another origin that must never see a token. */
export interface AuditServers {
  api: StandIn;
  otherOrigin: StandIn;
}

const READ_TIMEOUT_MS = 10_000;

/**
 * A demo page opened in a new tab by an extension page (history's "Open") is
 * loaded before the audit's CDP session reaches the tab (seen in Chromium 156).
 * A browser's top-level page load says so in its Fetch Metadata headers, which a
 * request from outside the browser does not send; the stand-in's log of it is
 * scanned for the token all the same.
 */
function isDemoPageLoad(request: { method: string; path: string; headers: Record<string, string> }): boolean {
  return request.method === 'GET' && request.path.startsWith('/demo/') && request.headers['sec-fetch-mode'] === 'navigate' && request.headers['sec-fetch-dest'] === 'document';
}

/**
 * Says at the end of an e2e session where a token showed up that it must
 * never be. A token may appear in one place only: the Authorization header of
 * an https request to its own server (the server the session configured it
 * with, or allowed it for; a token never configured, the stand-in): each
 * token only to its server, even where two accounts' servers both answer. Anywhere else is a finding: a URL, a
 * request body, another header, another origin, plain http, a console line,
 * an uncaught exception or a browser log line of any context, a notification
 * or badge title (the e2e build echoes them to the console), the markup of
 * any page at any moment, any storage area (storage.local but for the token's
 * own key), any IndexedDB database, the clipboard. What the extension keeps
 * and the clipboard are read at the end of every test (checkpoint()) as well as
 * at the end; the stand-ins' logs are read in full, whatever tests cleared.
 *
 * It knows no browser: each harness feeds it what its browser reports
 * (Chromium: chromium-audit.ts; Firefox: firefox-audit.ts and the browser's
 * own output). What it could not check is a finding too.
 */
export class TokenAudit {
  private readonly tokens = new Set<string>();
  private readonly allowed: { origin: string; token: string | undefined }[] = [];
  private readonly outputs: { kind: OutputKind; source: string; text: string }[] = [];
  private readonly requests: ObservedRequest[] = [];
  private readonly markups = new Map<string, string>();
  private readonly unchecked: string[] = [];
  private readonly pending = new Set<Promise<unknown>>();
  /** What the extension kept and the clipboard held, at the end of each test: place, moment, text. */
  private readonly kept: { place: string; when: string; text: string }[] = [];
  private lastConfiguredToken: string | undefined;
  /** More servers a session runs (a second account's): their logs are read as the stand-in's is. */
  private readonly moreServers: StandIn[] = [];

  /** Reads this server's log too at the end: each token in it only in the Authorization header, and only its own server's. */
  watchServer(server: StandIn): void {
    this.moreServers.push(server);
  }

  /** A token the session put into play: the audit looks for each of them. */
  track(token: string | undefined): void {
    if (token !== undefined && token.trim().length >= 4) this.tokens.add(token.trim());
  }

  /** Lets `token` (every token when undefined) go, in the Authorization header over https, to `origin` as well as to the stand-in. */
  allow(origin: string, token?: string): void {
    this.allowed.push({ origin: originOf(origin), token: token?.trim() });
  }

  /**
   * Settings the session wrote straight into the extension: their token is
   * tracked, and may go to the server it was written with (or `tokenServer`,
   * which binds the token written last). A server written alone does not take
   * the token along: sending it there is a finding.
   */
  configured(settings: { token?: string | undefined; serverUrl?: string | undefined; tokenServer?: string | undefined }): void {
    this.track(settings.token);
    if ('token' in settings) this.lastConfiguredToken = settings.token;
    const server = settings.tokenServer ?? (settings.token === undefined ? undefined : settings.serverUrl);
    const token = settings.token ?? this.lastConfiguredToken;
    if (token !== undefined && server !== undefined && URL.canParse(server)) this.allow(server, token);
  }

  /** A console line, an uncaught exception or a browser log line, with the context it came from. */
  record(source: string, text: string, kind: OutputKind = 'console'): void {
    this.outputs.push({ kind, source, text });
  }

  recordRequest(request: ObservedRequest): void {
    this.requests.push(request);
  }

  /** A page's markup at some moment (every change is recorded, so a page closed before the end still counts). */
  recordMarkup(url: string, markup: string): void {
    if (!this.markups.has(markup)) this.markups.set(markup, url);
  }

  /** Something the audit should have read and could not: a finding of its own. */
  couldNotCheck(what: string): void {
    this.unchecked.push(what);
  }

  /** Reading that is still going on (e.g. an object logged to the console); findLeaks waits for it. */
  later(work: Promise<unknown>): void {
    const tracked = work.catch((error: unknown) => this.couldNotCheck(String(error))).finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  /**
   * Reads what the extension keeps and the clipboard now (the end of the test
   * `when`), to be judged with the rest at the end: a token a test leaves
   * there is found even if a later test clears it.
   */
  async checkpoint(when: string, sources: Pick<AuditSources, 'readStorage' | 'readClipboard'>): Promise<void> {
    // One after the other: reading the clipboard brings a tab to the front, which a page opened meanwhile could take.
    const [stores] = await Promise.allSettled([withTimeout(sources.readStorage(), READ_TIMEOUT_MS)]);
    const [clipboard] = await Promise.allSettled([withTimeout(sources.readClipboard(), READ_TIMEOUT_MS)]);
    if (stores.status === 'rejected') this.couldNotCheck(`what the extension keeps, at the end of ${when} (${String(stores.reason)})`);
    else for (const [place, content] of Object.entries(stores.value)) this.kept.push({ place, when, text: JSON.stringify(content) });
    if (clipboard.status === 'rejected') this.couldNotCheck(`the clipboard, at the end of ${when} (${String(clipboard.reason)})`);
    else this.kept.push({ place: 'clipboard', when, text: clipboard.value });
  }

  get consoleLineCount(): number {
    return this.outputs.length;
  }

  get requestCount(): number {
    return this.requests.length;
  }

  /** Every place a tracked token was found, or something could not be checked; empty when all is well. */
  async findLeaks(servers: AuditServers, sources: AuditSources): Promise<string[]> {
    const leaks: string[] = [];
    const found = (text: string | undefined): string[] => (text === undefined ? [] : [...this.tokens].filter((token) => text.includes(token)));
    const apiOrigin = originOf(servers.api.baseUrl);
    // Another name of the stand-in (allowed for every token): the stand-in itself.
    const isApi = (origin: string) => origin === apiOrigin || this.allowed.some((allowed) => allowed.token === undefined && allowed.origin === origin);
    const mayGo = (token: string, origin: string): boolean => {
      const own = this.allowed.filter((allowed) => allowed.token === token).map((allowed) => allowed.origin);
      // A token configured for servers goes to those only; one never configured, to the stand-in only.
      if (own.length === 0) return isApi(origin);
      return own.includes(origin) || (isApi(origin) && own.includes(apiOrigin));
    };

    // Read first, judge after: what the browser was still reporting has arrived meanwhile.
    const open = await withTimeout(sources.pageMarkups(), READ_TIMEOUT_MS).catch((error: unknown) => {
      this.couldNotCheck(`the open pages (${String(error)})`);
      return [];
    });
    for (const { url, markup } of open) this.recordMarkup(url, markup);
    await this.checkpoint('', sources);
    await withTimeout(sources.settle(), READ_TIMEOUT_MS).catch((error: unknown) => this.couldNotCheck(`the browser's last reports (${String(error)})`));
    if (this.pending.size > 0) {
      await withTimeout(Promise.allSettled(this.pending), READ_TIMEOUT_MS).catch(() => this.couldNotCheck(`${this.pending.size} logged values still being read`));
    }

    for (const { kind, source, text } of this.outputs) {
      const tokens = found(text);
      if (tokens.length > 0) leaks.push(`${outputLabel(kind, text)}: ${source}: ${excerpt(text, tokens)}`);
    }

    for (const request of this.requests) leaks.push(...requestLeaks(request, found, mayGo));
    // The browser's report must not be blind: whatever reached the stand-in, it reported too. (Chromium
    // fetches favicons from its browser process, outside every target: the one request it cannot report.)
    // The stand-in answers for every name of its address (127.0.0.1, localhost, the IDN test host): what
    // the browser sent over https to its port, under whichever name, reached it.
    const apiPort = new URL(servers.api.baseUrl).port;
    const toStandIn = (url: string) => URL.canParse(url) && new URL(url).protocol === 'https:' && new URL(url).port === apiPort;
    const reported = new Set(this.requests.filter((request) => toStandIn(request.url)).map((request) => `${request.method} ${new URL(request.url).pathname}`));
    // Every request since the start, not what requests() still shows: tests clear that between them.
    const received = servers.api.takeUnaudited();
    const unreported = received.filter(
      (request) => request.scheme === 'https' && request.path !== '/favicon.ico' && !isDemoPageLoad(request) && !reported.has(`${request.method} ${request.path}`),
    );
    if (unreported.length > 0) {
      this.couldNotCheck(`requests: the stand-in got ${unreported.length} that the browser did not report (${unreported.slice(0, 3).map(describe).join(', ')})`);
    }
    const readLog = (requests: readonly RecordedRequest[], origin: string, log: string) => {
      for (const request of requests) {
        const where = `${describe(request)} (${log})`;
        if (request.scheme !== 'https' && found(JSON.stringify(request)).length > 0) leaks.push(`plain-http request: ${where}`);
        if (found(request.path).length > 0 || found(JSON.stringify(request.query)).length > 0) leaks.push(`URL: ${where}`);
        if (found(request.body).length > 0) leaks.push(`request body: ${where}`);
        for (const [name, value] of Object.entries(request.headers)) {
          if (name !== 'authorization' && found(value).length > 0) leaks.push(`header ${name}: ${where}`);
          // The server's own log, whatever the browser reported: a token of another server is not its to get
          // (the server under the name it was asked by: the stand-in answers to 127.0.0.1, localhost and the IDN test host).
          const askedAs = request.headers.host === undefined ? origin : `https://${request.headers.host}`;
          if (name === 'authorization' && !found(value).every((token) => mayGo(token, askedAs))) leaks.push(`another server's token: ${where}`);
        }
      }
    };
    readLog(received, apiOrigin, "stand-in's log");
    for (const server of this.moreServers) readLog(server.takeUnaudited(), originOf(server.baseUrl), `${originOf(server.baseUrl)}'s log`);
    for (const request of servers.otherOrigin.takeUnaudited()) {
      if (found(JSON.stringify(request)).length > 0) leaks.push(`request to another origin: ${describe(request)} (other origin's log)`);
    }

    for (const [markup, url] of this.markups) {
      const tokens = found(markup);
      if (tokens.length > 0) leaks.push(`page markup: ${url}: ${excerpt(markup, tokens)}`);
    }
    // Each place once for the tests (the first that left a token there), once for the end of the session.
    const reportedPlaces = new Set<string>();
    for (const { place, when, text } of this.kept) {
      if (found(text).length === 0 || reportedPlaces.has(`${place}${when === '' ? '' : ' in a test'}`)) continue;
      reportedPlaces.add(`${place}${when === '' ? '' : ' in a test'}`);
      leaks.push(when === '' ? place : `${place}, at the end of ${when}`);
    }

    for (const what of this.unchecked) leaks.push(`could not be checked: ${what}`);
    return [...new Set(leaks)];
  }
}

/** The token may go in one place only: the Authorization header of an https request to an origin it may go to. */
function requestLeaks(request: ObservedRequest, found: (text: string) => string[], mayGo: (token: string, origin: string) => boolean): string[] {
  const leaks: string[] = [];
  const where = `${request.method} ${request.url.slice(0, 300)} (from ${request.source})`;
  const url = URL.canParse(request.url) ? new URL(request.url) : undefined;
  if (found(request.url).length > 0) leaks.push(`URL: ${where}`);
  if (found(request.body).length > 0) leaks.push(`request body: ${where}`);
  for (const [headers, onWire] of [[request.headers, false], [request.wireHeaders ?? {}, true]] as const) {
    for (const [name, value] of Object.entries(headers)) {
      const tokens = found(value);
      if (tokens.length === 0) continue;
      if (name !== 'authorization') leaks.push(`header ${name}: ${where}`);
      else if (url?.protocol !== 'https:') leaks.push(`${url?.protocol === 'http:' ? 'plain-http request' : 'not over https'}: ${where}`);
      else if (!tokens.every((token) => mayGo(token, url.origin))) leaks.push(`request to another origin: ${where}`);
      // Wire headers are matched to a request by id only; the host they went to must be the request's.
      else if (onWire && (headers.host ?? headers[':authority']) !== url.host) leaks.push(`request to another origin: Authorization sent to ${headers.host ?? headers[':authority'] ?? 'an unknown host'}, for ${where}`);
    }
  }
  return leaks;
}

function outputLabel(kind: OutputKind, text: string): string {
  if (kind !== 'console') return kind;
  if (text.includes('[e2e] shown in notification:')) return 'notification';
  if (text.includes('[e2e] shown in badge-title:')) return 'badge title';
  return 'console';
}

/** The text around the first token found, so a finding says where without pages of output. */
function excerpt(text: string, tokens: string[]): string {
  const at = Math.min(...tokens.map((token) => text.indexOf(token)));
  const start = Math.max(0, at - 120);
  const end = Math.min(text.length, at + 80);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`.replace(/\s+/g, ' ');
}

function originOf(url: string): string {
  return URL.canParse(url) ? new URL(url).origin : url;
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);
}

function describe(request: RecordedRequest): string {
  return `${request.scheme} ${request.method} ${request.path}`;
}

/**
 * Page-side source, shared by both browsers' watchers: sends the document's
 * markup (through `send`, which the watcher puts in scope) now and on every
 * change, so a page that closes before the audit has still been read.
 */
export const MARKUP_WATCHER = `
  let last = '';
  const post = () => {
    const markup = document.documentElement ? document.documentElement.outerHTML : '';
    if (markup !== last) { last = markup; send(JSON.stringify({ url: location.href, markup })); }
  };
  new MutationObserver(post).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  post();
`;

/**
 * What a session's close() reported (its audit's findings, one a line after
 * the heading), or nothing when it passed: for the audit's own self-tests.
 */
export function findingsOfClose(close: () => Promise<void>): Promise<string[]> {
  return close().then(
    () => [],
    (error: unknown) => String(error instanceof Error ? error.message : error).split('\n').slice(1),
  );
}
