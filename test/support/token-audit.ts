import type { RecordedRequest, StandIn } from '../../tooling/stand-in/server';
import type { PageReading } from './page-reading';
import { describeRequest, isDemoPageLoad, originOf, outputLabel, excerpt, pageLeaks, requestLeaks, serverLogLeaks, type Finder, type MayGo, type ObservedRequest, type OutputKind } from './token-audit-rules';

export type { ObservedRequest, OutputKind } from './token-audit-rules';

/** What a browser harness reads for the audit at the end of each test and of the session. */
export interface AuditSources {
  /** Every open page's fields, shadow roots and frames (its markup is recorded each time it changes). */
  readPages(): Promise<PageReading[]>;
  /**
   * What the extension keeps, by place ("storage.sync", "storage.local", "IndexedDB shrtnr-history"...),
   * read from an extension context, but for the tokens' own place (audit-checkpoints.ts).
   */
  readStorage(): Promise<Record<string, unknown>>;
  readClipboard(): Promise<string>;
  /** Waits until what the browser was still reporting has arrived (Firefox: its output has caught up); `final` at the session's end. */
  settle(final: boolean): Promise<void>;
}

/** The stand-in whose origin is the configured server, and another origin that must never see a token. */
export interface AuditServers {
  api: StandIn;
  otherOrigin: StandIn;
}

const READ_TIMEOUT_MS = 10_000;
/** What a failed test prints of the browser's output: its last lines, each cut to this length. */
const SAID_KEPT = 40;
const SAID_LENGTH = 300;

/**
 * Says, at the end of each test of an e2e session and at its close, where a
 * token showed up that it must never be. A token may appear in one place only:
 * the Authorization header of an https request to its own server (the server
 * the session configured it with, or allowed it for; a token never configured,
 * the stand-in): each token only to its server, even where two accounts'
 * servers both answer. Anywhere else is a finding: a URL, a request body,
 * another header, another origin, plain http, a console line, an uncaught
 * exception or a browser log line of any context, a notification or badge
 * title (the e2e build echoes them to the console), the markup of any page at
 * any moment, a field's value, a shadow root or frame of an open page (but for
 * the settings page's token field, the token's way in), any storage area
 * (storage.local but for the tokens' own place), any IndexedDB database, the
 * clipboard, and the log of every server it watches (each stand-in a test
 * starts while the session is open too: no token goes there unless the test
 * configured it for that server), whatever the tests cleared.
 *
 * Each checkpoint judges what came in since the one before, so a leak fails
 * the test that made it; the session's close judges what came after.
 * It knows no browser: each harness feeds it what its browser reports
 * (Chromium: chromium-audit.ts; Firefox: firefox-audit.ts and the browser's
 * own output). What it could not check is a finding too.
 */
export class TokenAudit {
  private readonly tokens = new Set<string>();
  private readonly allowed: { origin: string; token: string | undefined }[] = [];
  private lastConfiguredToken: string | undefined;
  /** More servers a session runs (a second account's): their logs are read as the stand-in's is. */
  private readonly moreServers = new Set<StandIn>();
  // What came in since the last checkpoint: judged at the next one.
  private readonly outputs: { kind: OutputKind; source: string; text: string }[] = [];
  private readonly saidInTest: string[] = [];
  private readonly requests: ObservedRequest[] = [];
  private readonly markups: { url: string; markup: string }[] = [];
  private readonly unchecked: string[] = [];
  private readonly pending = new Set<Promise<unknown>>();
  private readonly seenMarkups = new Set<string>();
  /** A place or a page where a token was found: reported once, for the test that left it there. */
  private readonly reported = new Set<string>();
  /** What the browser said it sent to the stand-in: what the stand-in got must be among it. */
  private readonly reportedToStandIn = new Set<string>();
  /** How much of each server's log the audit has read. */
  private readonly readUpTo = new Map<StandIn, number>();

  /** Reads this server's log too: each token in it only in the Authorization header, and only its own server's. */
  watchServer(server: StandIn): void {
    this.moreServers.add(server);
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
    this.saidInTest.push(`${kind}: ${source}: ${text.length > SAID_LENGTH ? `${text.slice(0, SAID_LENGTH)}…` : text}`);
    if (this.saidInTest.length > SAID_KEPT) this.saidInTest.shift();
  }

  /** What the browser said since the last call (the last test's output, for a failed test to print): its latest lines, cut short. */
  takeSaid(): string[] {
    return this.saidInTest.splice(0);
  }

  recordRequest(request: ObservedRequest): void {
    this.requests.push(request);
  }

  /** A page's markup at some moment (every change is recorded, so a page closed before the end still counts). */
  recordMarkup(url: string, markup: string): void {
    if (this.seenMarkups.has(markup)) return;
    this.seenMarkups.add(markup);
    this.markups.push({ url, markup });
  }

  /** Something the audit should have read and could not: a finding of its own. */
  couldNotCheck(what: string): void {
    this.unchecked.push(what);
  }

  /** Reading that is still going on (e.g. an object logged to the console); the next checkpoint waits for it. */
  later(work: Promise<unknown>): void {
    const tracked = work.catch((error: unknown) => this.couldNotCheck(String(error))).finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  /**
   * At the end of the test `when`: reads the open pages, what the extension
   * keeps and the clipboard, waits for what the browser was still reporting,
   * then judges all that came in since the last checkpoint. Returns the
   * findings, empty when all is well.
   */
  async checkpoint(when: string, servers: AuditServers, sources: AuditSources): Promise<string[]> {
    const at = when === '' ? 'the end of the session' : `the end of ${when}`;
    const pages = await withTimeout(sources.readPages(), READ_TIMEOUT_MS).catch((error: unknown) => {
      this.couldNotCheck(`the open pages, at ${at} (${String(error)})`);
      return [];
    });
    // One after the other: reading the clipboard brings a tab to the front, which a page opened meanwhile could take.
    const [stores] = await Promise.allSettled([withTimeout(sources.readStorage(), READ_TIMEOUT_MS)]);
    const [clipboard] = await Promise.allSettled([withTimeout(sources.readClipboard(), READ_TIMEOUT_MS)]);
    const kept: { place: string; text: string }[] = [];
    if (stores.status === 'rejected') this.couldNotCheck(`what the extension keeps, at ${at} (${String(stores.reason)})`);
    else for (const [place, content] of Object.entries(stores.value)) kept.push({ place, text: JSON.stringify(content) });
    if (clipboard.status === 'rejected') this.couldNotCheck(`the clipboard, at ${at} (${String(clipboard.reason)})`);
    else kept.push({ place: 'clipboard', text: clipboard.value });
    await withTimeout(sources.settle(when === ''), READ_TIMEOUT_MS).catch((error: unknown) => this.couldNotCheck(`the browser's last reports, at ${at} (${String(error)})`));
    if (this.pending.size > 0) {
      await withTimeout(Promise.allSettled(this.pending), READ_TIMEOUT_MS).catch(() => this.couldNotCheck(`${this.pending.size} logged values still being read, at ${at}`));
    }
    return this.judge(when, servers, pages, kept);
  }

  /** The last checkpoint, at the session's close: what came after the last test's, and what the end shows. */
  findLeaks(servers: AuditServers, sources: AuditSources): Promise<string[]> {
    return this.checkpoint('', servers, sources);
  }

  private judge(when: string, servers: AuditServers, pages: PageReading[], kept: { place: string; text: string }[]): string[] {
    const leaks: string[] = [];
    const found: Finder = (text) => (text === undefined ? [] : [...this.tokens].filter((token) => text.includes(token)));
    const apiOrigin = originOf(servers.api.baseUrl);
    // Another name of the stand-in (allowed for every token): the stand-in itself.
    const isApi = (origin: string) => origin === apiOrigin || this.allowed.some((allowed) => allowed.token === undefined && allowed.origin === origin);
    const mayGo: MayGo = (token, origin) => {
      const own = this.allowed.filter((allowed) => allowed.token === token).map((allowed) => allowed.origin);
      // A token configured for servers goes to those only; one never configured, to the stand-in only.
      if (own.length === 0) return isApi(origin);
      return own.includes(origin) || (isApi(origin) && own.includes(apiOrigin));
    };
    const firstTime = (where: string, token: string) => {
      const key = `${where} ${token}`;
      if (this.reported.has(key)) return false;
      this.reported.add(key);
      return true;
    };

    for (const { kind, source, text } of this.outputs.splice(0)) {
      const tokens = found(text);
      if (tokens.length > 0) leaks.push(`${outputLabel(kind, text)}: ${source}: ${excerpt(text, tokens)}`);
    }
    // The stand-in answers for every name of its address (127.0.0.1, localhost, the IDN test host): what
    // the browser sent over https to its port, under whichever name, reached it.
    const apiPort = new URL(servers.api.baseUrl).port;
    for (const request of this.requests.splice(0)) {
      leaks.push(...requestLeaks(request, found, mayGo));
      const url = URL.canParse(request.url) ? new URL(request.url) : undefined;
      if (url?.protocol === 'https:' && url.port === apiPort) this.reportedToStandIn.add(`${request.method} ${url.pathname}`);
    }
    leaks.push(...this.serverLeaks(servers, found, mayGo));
    leaks.push(...pageLeaks(this.markups.splice(0), pages, found, firstTime));
    for (const { place, text } of kept) {
      if (found(text).filter((token) => firstTime(place, token)).length > 0) leaks.push(when === '' ? place : `${place}, at the end of ${when}`);
    }
    for (const what of this.unchecked.splice(0)) leaks.push(`could not be checked: ${what}`);
    return [...new Set(leaks)];
  }

  /** Every request each server got since the last checkpoint, whatever tests cleared from its log. */
  private serverLeaks(servers: AuditServers, found: Finder, mayGo: MayGo): string[] {
    const received = this.unread(servers.api);
    // The browser's report must not be blind: whatever reached the stand-in, it reported too. (Chromium
    // fetches favicons from its browser process, outside every target: the one request it cannot report.)
    const unreported = received.filter(
      (request) => request.scheme === 'https' && request.path !== '/favicon.ico' && !isDemoPageLoad(request) && !this.reportedToStandIn.has(`${request.method} ${request.path}`),
    );
    if (unreported.length > 0) {
      this.couldNotCheck(`requests: the stand-in got ${unreported.length} that the browser did not report (${unreported.slice(0, 3).map(describeRequest).join(', ')})`);
    }
    const leaks = serverLogLeaks(received, originOf(servers.api.baseUrl), "stand-in's log", found, mayGo);
    for (const server of this.moreServers) {
      leaks.push(...serverLogLeaks(this.unread(server), originOf(server.baseUrl), `${originOf(server.baseUrl)}'s log`, found, mayGo));
    }
    for (const request of this.unread(servers.otherOrigin)) {
      if (found(JSON.stringify(request)).length > 0) leaks.push(`request to another origin: ${describeRequest(request)} (other origin's log)`);
    }
    return leaks;
  }

  /** What a server received since the audit last read its log, whatever tests cleared from it. */
  private unread(server: StandIn): readonly RecordedRequest[] {
    const every = server.everyRequest();
    const from = this.readUpTo.get(server) ?? 0;
    this.readUpTo.set(server, every.length);
    return every.slice(from);
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);
}
